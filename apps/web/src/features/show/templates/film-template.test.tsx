import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Show, ViewerShow } from '@taquilla/contract';
import { ENTRY_TOO_EARLY_MESSAGE, NO_TICKET_MESSAGE } from '@taquilla/domain';
import { jsonResponse } from '../../../test/show-factory';
import { buildCurrentSession, buildUser, error, stubGateway } from '../../../test/session-factory';
import type { Handler } from '../../../test/session-factory';
import { eventShow, forgetGeo, geoAnswer, renderTemplate } from './event-parts/template-harness';
import { FilmTemplate } from './film-template';

const FESTIVAL_ID = '3f9d2a7e-7d0b-4c38-9a51-1f2e3d4c5b6a';
const FILM_ID = '8b1e4c2d-5a6f-4e7d-8c9b-0a1b2c3d4e5f';

const festival = eventShow(
  { _id: FESTIVAL_ID, fullname: 'Semana de Cine del Lago', path: 'semanacine2026' },
  { landing: { template: 'festival' } },
);

function filmShow(overrides: Partial<Show> = {}, settings: Partial<Show['settings']> = {}) {
  return eventShow(
    {
      _id: FILM_ID,
      fullname: 'Ojos de maíz (función)',
      status: 'LIVE',
      path: 'ojos-de-maiz',
      parent_show_uid: FESTIVAL_ID,
      description: 'Una niña busca a su abuelo en el altiplano.',
      ...overrides,
    },
    {
      landing: { template: 'film' },
      title: 'Ojos de maíz',
      poster_image: '/images/demo/poster-1.svg',
      year: 2025,
      duration: 1.6,
      rated: 'B',
      language: 'Kaqchikel',
      subtitles: 'Español',
      genre: 'Drama',
      director: 'Ixchel Tuyuc',
      writer: 'Marta Cux',
      producer: 'Colectivo Lago',
      cast: ['Rosa Xon', 'Pedro Ajú'],
      trailer: '/media/demo/trailer.mp4',
      ...settings,
    },
  );
}

function sibling(id: string, status: Show['status']) {
  return eventShow({
    _id: id,
    fullname: `Película ${id}`,
    status,
    path: id,
    parent_show_uid: FESTIVAL_ID,
  });
}

const user = buildUser();
const session = buildCurrentSession(user);

function viewerShow(overrides: Partial<ViewerShow['payment_info']> = {}): ViewerShow {
  return {
    _id: 'vs-1',
    show_uid: FILM_ID,
    ticket: { fullname: 'Pase libre' },
    payment_info: { request_code: null, code: 'K7M2PQ', expires_on: null, ...overrides },
    livestream: true,
    replay: false,
    meetngreet: false,
  };
}

function stubFilm({
  signedIn = false,
  access,
  country = 'GT',
  children = [sibling('la-marea', 'ACTIVE'), sibling('cerrada', 'CLOSED')],
  extra = {},
}: {
  signedIn?: boolean;
  access?: Handler;
  country?: string;
  children?: Show[];
  extra?: Record<string, Handler>;
} = {}) {
  return stubGateway({
    ...(signedIn ? { 'GET /auth/session': () => jsonResponse(200, session) } : {}),
    'GET /viewers/viewers/:viewer/shows/:show':
      access ?? (() => error(404, 'VIEWER_SHOW_NOT_FOUND', 'No tienes acceso a este evento')),
    'GET /shows': () => jsonResponse(200, { items: [filmShow(), ...children] }),
    'GET /shows/:id/tickets': () => jsonResponse(200, { items: [] }),
    'GET /geo': () => jsonResponse(200, geoAnswer(country)),
    ...extra,
  });
}

async function openFilm(show: Show = filmShow(), parent: Show | null = festival) {
  const router = renderTemplate(FilmTemplate, { show, parent }, '/semanacine2026/ojos-de-maiz');
  await screen.findByRole('heading', { level: 1, name: 'Ojos de maíz' });
  return router;
}

function ticketBox() {
  return within(screen.getByRole('region', { name: 'Tu boleto' }));
}

describe('film template', () => {
  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
  });

  it('shows the poster, the credits, the trailer, the ticket box and the other films', async () => {
    stubFilm();

    await openFilm();

    expect(screen.getByRole('img', { name: 'Póster de Ojos de maíz' }).getAttribute('src')).toBe(
      '/images/demo/poster-1.svg',
    );
    const credits = screen.getByText('Duración').closest('dl')!;
    const pairs = Array.from(credits.querySelectorAll('div')).map(
      (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
    );
    expect(pairs).toEqual([
      'Año: 2025',
      'Duración: 1 h 36 min',
      'Clasificación: B',
      'Idioma: Kaqchikel',
      'Subtítulos: Español',
      'Género: Drama',
      'Dirección: Ixchel Tuyuc',
      'Guion: Marta Cux',
      'Producción: Colectivo Lago',
      'Reparto: Rosa Xon, Pedro Ajú',
    ]);
    const trailer = screen.getByLabelText('Tráiler de Ojos de maíz', { selector: 'video' });
    expect(trailer.hasAttribute('controls')).toBe(true);
    expect(trailer.getAttribute('src')).toBe('/media/demo/trailer.mp4');
    expect(within(trailer).getByRole('link', { name: 'Descargar el tráiler' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Comprar' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Película la-marea' });
    const others = within(screen.getByRole('region', { name: 'Otras películas' }));
    expect(others.getByRole('link', { name: 'Película la-marea' }).getAttribute('href')).toBe(
      '/semanacine2026/la-marea',
    );
    expect(others.queryByRole('link', { name: 'Ojos de maíz' })).toBeNull();
    expect(others.queryByRole('link', { name: 'Película cerrada' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Semana de Cine del Lago' }).getAttribute('href')).toBe(
      '/semanacine2026',
    );
    expect(document.title).toBe('Ojos de maíz · Taquilla');
  });

  it('is hidden once CLOSED: a notice and the way back to the festival', async () => {
    stubFilm();

    renderTemplate(FilmTemplate, { show: filmShow({ status: 'CLOSED' }), parent: festival });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Esta película ya no está disponible' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Volver a Semana de Cine del Lago' }).getAttribute('href'),
    ).toBe('/semanacine2026');
    expect(screen.queryByText('Ojos de maíz')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ver película' })).toBeNull();
  });

  it('shows the ticket name, its code and ACTIVADO to a viewer holding the ticket', async () => {
    stubFilm({ signedIn: true, access: () => jsonResponse(200, viewerShow()) });

    const router = await openFilm();

    expect(await ticketBox().findByText('ACTIVADO')).toBeTruthy();
    expect(ticketBox().getByText('Pase libre')).toBeTruthy();
    expect(ticketBox().getByText('K7M2PQ').tagName).toBe('CODE');
    fireEvent.click(ticketBox().getByRole('link', { name: 'Ver película' }));
    expect(router.state.location.pathname).toBe('/semanacine2026/ojos-de-maiz/player');
    expect(ticketBox().queryByRole('alert')).toBeNull();
  });

  it('shows the note instead when the ticket has expired or the lookup fails', async () => {
    stubFilm({
      signedIn: true,
      access: () => jsonResponse(200, viewerShow({ expires_on: '2020-01-01T00:00:00.000Z' })),
    });

    await openFilm();

    expect(
      await ticketBox().findByText(
        'Compra tu boleto para ver esta película. Si ya lo activaste, inicia sesión para verlo aquí.',
      ),
    ).toBeTruthy();
    expect(ticketBox().queryByText('ACTIVADO')).toBeNull();
  });

  it('asks for no viewer-show without a session, shows the note and the no-ticket alert', async () => {
    const api = stubFilm();

    const router = await openFilm();

    expect(
      await ticketBox().findByText(
        'Compra tu boleto para ver esta película. Si ya lo activaste, inicia sesión para verlo aquí.',
      ),
    ).toBeTruthy();
    fireEvent.click(ticketBox().getByRole('link', { name: 'Ver película' }));
    expect((await ticketBox().findByRole('alert')).textContent).toBe(NO_TICKET_MESSAGE);
    expect(router.state.location.pathname).toBe('/semanacine2026/ojos-de-maiz');
    expect(api.mock.calls.some(([url]) => String(url).includes('/viewers/viewers/'))).toBe(false);
  });

  it('says entry is not yet possible before the film starts, ticket or not', async () => {
    stubFilm({ signedIn: true, access: () => jsonResponse(200, viewerShow()) });

    const router = await openFilm(filmShow({ status: 'ACTIVE' }));

    await ticketBox().findByText('ACTIVADO');
    fireEvent.click(ticketBox().getByRole('link', { name: 'Ver película' }));
    expect((await ticketBox().findByRole('alert')).textContent).toBe(ENTRY_TOO_EARLY_MESSAGE);
    expect(router.state.location.pathname).toBe('/semanacine2026/ojos-de-maiz');
  });

  it('lets a free film without registration in, and sends a film without a path to /full', async () => {
    stubFilm();

    const router = await openFilm(filmShow({ paid: false, path: null, status: 'REPLAY' }));

    // 002 §4: a free film's note says access is free once a ticket is requested.
    expect(
      await ticketBox().findByText(
        'El acceso a esta película es gratuito, pero debes solicitar tu boleto para verla.',
      ),
    ).toBeTruthy();
    const watch = ticketBox().getByRole('link', { name: 'Ver película' });
    expect(watch.getAttribute('href')).toBe(`/shows/${FILM_ID}/full`);
    fireEvent.click(watch);
    expect(router.state.location.pathname).toBe(`/shows/${FILM_ID}/full`);
  });

  it('finds the festival through parent_show_uid when opened without it', async () => {
    stubFilm({
      extra: { 'GET /shows/:id': () => jsonResponse(200, festival) },
    });

    await openFilm(filmShow(), null);

    const link = await screen.findByRole('link', { name: 'Película la-marea' });
    expect(link.getAttribute('href')).toBe('/semanacine2026/la-marea');
    expect(link.closest('section')?.querySelector('h2')?.textContent).toBe('Otras películas');
  });

  it('shows the regional banner to a visitor from a blocked country', async () => {
    stubFilm({ country: 'IN' });

    await openFilm();

    expect(
      (await screen.findByText(/Este contenido esta restringido para tu región/)).closest('p')
        ?.textContent,
    ).toBe(
      'Este contenido esta restringido para tu región / This content is restricted for your region',
    );
  });

  it('shows the ticket box but keeps it out of reach inside the console preview', async () => {
    stubFilm();

    renderTemplate(FilmTemplate, { show: filmShow(), parent: festival, preview: true });

    expect(await screen.findByRole('heading', { level: 2, name: 'Ojos de maíz' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(document.querySelector('.event-purchase')?.hasAttribute('inert')).toBe(true);
  });
});
