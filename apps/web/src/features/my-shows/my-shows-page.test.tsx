import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyTicket } from '@taquilla/contract';
import { ENTRY_TOO_EARLY_MESSAGE } from '@taquilla/domain';
import {
  buildCurrentSession,
  buildUser,
  callsOf,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import { buildShow, jsonResponse } from '../../test/show-factory';

const ana = buildCurrentSession(buildUser({ fullname: 'Ana López' }));
const viewerId = ana.viewer?._id as string;

function buildTicket(code: string, show: Partial<MyTicket['show']>): MyTicket {
  return {
    _id: `access-${code}`,
    createdAt: '2026-11-20T15:00:00.000Z',
    ticket: { fullname: 'Platea' },
    payment_info: { request_code: code, code, expires_on: null },
    livestream: true,
    admission: { ticket_type: 'ONLINE', place: null, qrcode: `/etickets/qr/${code}` },
    show: buildShow(show),
  };
}

/** A seat at the venue (decision 0058): no stream, a QR, a place and a door. */
function buildSeatTicket(code: string, show: Partial<MyTicket['show']>): MyTicket {
  return {
    ...buildTicket(code, show),
    livestream: false,
    admission: {
      ticket_type: 'VENUE_SEAT',
      place: { section: 'Platea', row: 'B', seat: 'B2', door: 'Puerta Norte' },
      qrcode: `/etickets/qr/${code}`,
    },
  };
}

function stubTickets(items: MyTicket[]) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, ana),
    'GET /viewers/viewers/:viewerId/shows': () => jsonResponse(200, { items }),
  });
}

const cardOf = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;

describe('Mis boletos (/user/shows)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a visitor to log in first', async () => {
    stubGateway({});
    const router = renderRoute('/user/shows');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/shows');
  });

  it('lists each activated code with its show and a watch button the status allows', async () => {
    const fetchMock = stubTickets([
      buildTicket('QX7K2M', {
        _id: 'show-jazz',
        fullname: 'Noche de jazz',
        status: 'LIVE',
        path: 'noche-de-jazz',
        main_image: '/images/demo/jazz.svg',
        venue: 'Teatro Nacional',
        show_date: '2026-12-05T02:00:00.000Z',
      }),
      buildTicket('PL3RT9', { _id: 'show-marimba', fullname: 'Marimba', status: 'REPLAY' }),
      buildTicket('ZZ4QW8', { _id: 'show-ballet', fullname: 'Ballet', status: 'ACTIVE' }),
    ]);
    renderRoute('/user/shows');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mis boletos' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Tus boletos activados' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    const request = callsOf(fetchMock).find(({ call }) => call.endsWith('/shows'));
    expect(request?.call).toBe(`GET /viewers/viewers/${viewerId}/shows`);

    const jazz = cardOf('Noche de jazz');
    expect(within(jazz).getByRole('link', { name: 'Noche de jazz' }).getAttribute('href')).toBe(
      '/noche-de-jazz',
    );
    expect(jazz.querySelector('img')?.getAttribute('src')).toBe('/images/demo/jazz.svg');
    expect(jazz.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-05T02:00:00.000Z');
    expect(jazz.textContent).toContain('Teatro Nacional');
    expect(jazz.textContent).toContain('En vivo');
    expect(jazz.textContent).toContain('Platea');
    expect(within(jazz).getByText('QX7K2M')).toBeTruthy();
    // A show with a vanity path plays at /{path}/player.
    expect(
      within(jazz).getByRole('link', { name: 'Ver evento Noche de jazz' }).getAttribute('href'),
    ).toBe('/noche-de-jazz/player');

    const marimba = cardOf('Marimba');
    expect(marimba.textContent).toContain('Repetición disponible');
    expect(
      within(marimba).getByRole('link', { name: 'Ver evento Marimba' }).getAttribute('href'),
    ).toBe('/shows/show-marimba/player');

    // Not started: no way in yet, and the player's reason beside the button.
    const ballet = cardOf('Ballet');
    expect(within(ballet).queryByRole('link', { name: /Ver evento/ })).toBeNull();
    const off = within(ballet).getByRole('button', { name: 'Ver evento Ballet' });
    expect((off as HTMLButtonElement).disabled).toBe(true);
    expect(off.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(off.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      ENTRY_TOO_EARLY_MESSAGE,
    );
  });

  it('keeps the way in closed once the access expired, and for a closed show', async () => {
    const expired = buildTicket('EX9PRD', { fullname: 'Seminario', status: 'LIVE' });
    expired.payment_info.expires_on = '2020-01-01T00:00:00.000Z';
    stubTickets([expired, buildTicket('CL0SED', { fullname: 'Clausura', status: 'CLOSED' })]);
    renderRoute('/user/shows');

    await screen.findByRole('list', { name: 'Tus boletos activados' });
    const seminar = cardOf('Seminario');
    expect(within(seminar).getByRole('button', { name: /Ver evento/ })).toBeTruthy();
    expect(seminar.textContent).toContain('Tu acceso a este evento ya venció');
    const closed = cardOf('Clausura');
    expect(closed.textContent).toContain('Finalizado');
    expect(closed.textContent).toContain('Este evento ya no está disponible');
  });

  it('shows a seat with its QR, section, row, seat and door, and no way to a player', async () => {
    stubTickets([
      buildSeatTicket('GV4JSE', {
        _id: 'show-gala',
        fullname: 'Noche de Gala',
        status: 'ACTIVE',
        venue: 'Teatro Nacional',
      }),
    ]);
    renderRoute('/user/shows');

    await screen.findByRole('list', { name: 'Tus boletos activados' });
    const gala = cardOf('Noche de Gala');
    const qr = within(gala).getByRole('img', { name: 'Código QR del boleto GV4JSE' });
    expect(qr.getAttribute('src')).toMatch(/\/etickets\/qr\/GV4JSE$/);
    const place = within(gala).getByRole('list', { name: 'Tu lugar' });
    expect(within(place).getByText('Platea')).toBeTruthy();
    expect(within(place).getByText('B')).toBeTruthy();
    expect(within(place).getByText('B2')).toBeTruthy();
    expect(within(place).getByText('Puerta Norte')).toBeTruthy();
    expect(gala.textContent).toContain('Presenta este código QR en la entrada');
    expect(within(gala).queryByRole('link', { name: /Ver evento/ })).toBeNull();
    expect(within(gala).queryByRole('button', { name: /Ver evento/ })).toBeNull();
    expect(gala.textContent).not.toContain(ENTRY_TOO_EARLY_MESSAGE);
  });

  it('says so when nothing was activated, with the way to activate', async () => {
    stubTickets([]);
    renderRoute('/user/shows');

    expect(await screen.findByText('Aún no has activado ningún boleto')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Activar un código' }).getAttribute('href')).toBe(
      '/activate',
    );
  });
});
