import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Show } from '@taquilla/contract';
import { ENTRY_TOO_EARLY_MESSAGE } from '@taquilla/domain';
import { buildTicket } from '../../../test/catalogue-factory';
import { jsonResponse } from '../../../test/show-factory';
import { callsOf, error, renderRoute } from '../../../test/session-factory';
import {
  accessWithCode,
  channelChild,
  landingShow,
  signedInSession,
  stubLanding,
} from './landing-harness';

const CHANNEL_ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function channelOf(template: 'channel' | 'series' | 'podcast' | 'artist', settings = {}) {
  return landingShow(
    { _id: CHANNEL_ID, fullname: 'Voces del Lago', path: 'voces-del-lago' },
    { landing: { template }, ...settings },
  );
}

function episode(
  id: string,
  status: Show['status'],
  overrides: Partial<Show> = {},
  season?: number,
) {
  return landingShow(
    {
      _id: id,
      fullname: `Episodio ${id}`,
      status,
      has_video: true,
      parent_show_uid: CHANNEL_ID,
      ...overrides,
    },
    season === undefined ? {} : { season },
  );
}

/** One child of every status a channel answers (the API leaves out NEW, CLOSED, CANCELLED). */
const everyStatus = [
  episode('activo', 'ACTIVE'),
  episode('vivo', 'LIVE'),
  episode('pronto', 'SOON'),
  episode('repeticion', 'REPLAY', { has_video: false }),
  episode('prueba', 'TEST'),
  episode('oculto', 'HIDDEN'),
  episode('iniciado', 'STARTED'),
].map((show) => channelChild(show));

/** The names of the cards listed in the section titled `title`, once they have loaded. */
async function listedNames(title = 'Episodios') {
  const section = await screen.findByRole('region', { name: title });
  const headings = await within(section).findAllByRole('heading', { level: 3 });
  return headings.map((heading) => heading.textContent);
}

const playLink = (name: string) =>
  screen.queryByRole('link', { name: `Reproducir ${name} (se abre en una pestaña nueva)` });

describe('channel and series templates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists ACTIVE, SOON, LIVE and REPLAY children with their marks and play links', async () => {
    stubLanding({ shows: [channelOf('channel')], channels: { [CHANNEL_ID]: everyStatus } });

    renderRoute('/voces-del-lago');

    expect(await screen.findByRole('heading', { level: 1, name: 'Voces del Lago' })).toBeTruthy();
    expect(await listedNames()).toEqual([
      'Episodio activo',
      'Episodio vivo',
      'Episodio pronto',
      'Episodio repeticion',
    ]);
    const live = screen.getByRole('link', { name: 'Episodio vivo' }).closest('li')!;
    expect(within(live).getByText('EN VIVO')).toBeTruthy();
    const soon = screen.getByRole('link', { name: 'Episodio pronto' }).closest('li')!;
    expect(within(soon).getByText('PRÓXIMAMENTE')).toBeTruthy();

    const play = playLink('Episodio activo')!;
    expect(play.getAttribute('href')).toBe('/shows/activo/player');
    expect(play.getAttribute('target')).toBe('_blank');
    expect(play.getAttribute('rel')).toBe('noopener');
    expect(playLink('Episodio vivo')).toBeTruthy();
    // SOON does not play; REPLAY without a video has nothing to play.
    expect(playLink('Episodio pronto')).toBeNull();
    expect(playLink('Episodio repeticion')).toBeNull();
    expect(screen.getByRole('link', { name: 'Episodio activo' }).getAttribute('href')).toBe(
      '/shows/activo',
    );
  });

  it('lists HIDDEN episodes on a series, not TEST, and gives HIDDEN no play link', async () => {
    stubLanding({ shows: [channelOf('series')], channels: { [CHANNEL_ID]: everyStatus } });

    renderRoute('/voces-del-lago');

    expect(await listedNames('Capítulos')).toEqual([
      'Episodio activo',
      'Episodio vivo',
      'Episodio pronto',
      'Episodio repeticion',
      'Episodio oculto',
    ]);
    expect(playLink('Episodio oculto')).toBeNull();
  });

  it('says so in Spanish when the channel lists nothing', async () => {
    stubLanding({
      shows: [channelOf('channel')],
      channels: { [CHANNEL_ID]: [channelChild(episode('prueba', 'TEST'))] },
    });

    renderRoute('/voces-del-lago');

    expect(
      await screen.findByText('Este canal aún no tiene episodios disponibles. Vuelve pronto.'),
    ).toBeTruthy();
  });

  it('offers a retry when the channel cannot be read, and lists it once it answers', async () => {
    let isDown = true;
    stubLanding({
      shows: [channelOf('channel')],
      channels: { [CHANNEL_ID]: [channelChild(episode('activo', 'ACTIVE'))] },
      extra: isDownHandler(() => isDown),
    });

    renderRoute('/voces-del-lago');

    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(retry.closest('[role="alert"]')?.textContent).toContain(
      'El servicio no está disponible',
    );
    isDown = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Episodio activo' })).toBeTruthy();
  });
});

function isDownHandler(isDown: () => boolean) {
  return {
    'GET /shows/showChannels/:id': () =>
      isDown()
        ? error(503, 'SERVICE_UNAVAILABLE', 'El servicio no está disponible')
        : jsonResponse(200, {
            ...channelOf('channel'),
            children: [channelChild(episode('activo', 'ACTIVE'))],
          }),
  };
}

describe('podcast template', () => {
  afterEach(() => vi.unstubAllGlobals());

  const seasons = [
    episode('t1-e1', 'REPLAY', {}, 1),
    episode('t1-e2', 'ACTIVE', {}, 1),
    episode('t2-e1', 'TEST', {}, 2),
    episode('t2-e2', 'HIDDEN', {}, 2),
    episode('t2-e3', 'SOON', { has_video: false }, 2),
  ].map((show) => channelChild(show));

  it('opens on the latest season and lists TEST episodes, not HIDDEN ones', async () => {
    stubLanding({ shows: [channelOf('podcast')], channels: { [CHANNEL_ID]: seasons } });

    renderRoute('/voces-del-lago');

    const tablist = await screen.findByRole('tablist', { name: 'Temporadas' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Temporada 1', 'Temporada 2']);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Temporada 2' });
    expect(
      within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Episodio t2-e1', 'Episodio t2-e3']);
    // Each episode links to its page and, with the overlay, to its player.
    expect(within(panel).getByRole('link', { name: 'Episodio t2-e1' }).getAttribute('href')).toBe(
      '/shows/t2-e1',
    );
    expect(playLink('Episodio t2-e1')?.getAttribute('href')).toBe('/shows/t2-e1/player');
  });

  it('moves between seasons with the arrow keys, Home and End', async () => {
    stubLanding({ shows: [channelOf('podcast')], channels: { [CHANNEL_ID]: seasons } });

    renderRoute('/voces-del-lago');

    const second = await screen.findByRole('tab', { name: 'Temporada 2' });
    expect(second.tabIndex).toBe(0);
    fireEvent.keyDown(second, { key: 'ArrowLeft' });
    const first = screen.getByRole('tab', { name: 'Temporada 1' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(first);
    expect(second.tabIndex).toBe(-1);
    expect(
      within(screen.getByRole('tabpanel', { name: 'Temporada 1' }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Episodio t1-e1', 'Episodio t1-e2']);

    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Temporada 2' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Temporada 1' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Temporada 2');
  });
});

describe('artist template', () => {
  afterEach(() => vi.unstubAllGlobals());

  const artist = channelOf('artist', {
    channel_image: '/images/demo/artista.svg',
    channel_image_mobile: '/images/demo/artista-movil.svg',
    landing: {
      template: 'artist',
      socials: [{ label: 'Instagram', url: 'https://instagram.example/sonlago' }],
    },
  });
  const live = episode('concierto', 'LIVE');
  const early = episode('ensayo', 'ACTIVE');
  const withoutTicket = episode('gira', 'TEST');
  const soon = episode('estreno', 'SOON');

  function presentation(name: string) {
    return screen.getByRole('link', { name }).closest('li')!;
  }

  it('gives a viewer with a ticket "Ver ahora" and the code, and the others "Activar Código"', async () => {
    const api = stubLanding({
      shows: [artist],
      isSignedIn: true,
      channels: {
        [CHANNEL_ID]: [
          channelChild(live, { access: accessWithCode('LAGO-1234') }),
          channelChild(early, { access: accessWithCode('LAGO-5678') }),
          channelChild(withoutTicket, {
            access: accessWithCode('VENCIDO', '2020-01-01T00:00:00.000Z'),
          }),
          channelChild(episode('borrador', 'HIDDEN')),
        ],
      },
    });

    renderRoute('/voces-del-lago');

    await screen.findByRole('link', { name: 'Episodio concierto' });
    const channelCall = callsOf(api).find(({ call }) => call.startsWith('GET /shows/showChannels'));
    expect(channelCall?.url.searchParams.get('viewer')).toBe(signedInSession.viewer?._id);
    expect(screen.queryByRole('link', { name: 'Episodio borrador' })).toBeNull();

    const concert = presentation('Episodio concierto');
    expect(within(concert).getByText('LAGO-1234')).toBeTruthy();
    expect(
      within(concert)
        .getByRole('link', { name: 'Ver ahora Episodio concierto' })
        .getAttribute('href'),
    ).toBe('/shows/concierto/player');

    // ACTIVE does not let in yet: the entry alert of 002 §8 instead of the player.
    const rehearsal = presentation('Episodio ensayo');
    fireEvent.click(within(rehearsal).getByRole('button', { name: 'Ver ahora Episodio ensayo' }));
    expect(within(rehearsal).getByRole('alert').textContent).toBe(ENTRY_TOO_EARLY_MESSAGE);

    // An expired code is no access.
    const tour = presentation('Episodio gira');
    expect(within(tour).queryByText('VENCIDO')).toBeNull();
    fireEvent.click(
      within(tour).getByRole('button', { name: 'Activar Código para Episodio gira' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Activar Código' })).toBeTruthy();
  });

  it('shows the header images, socials and tiers in quetzales and dollars, not on sale disabled', async () => {
    const api = stubLanding({
      shows: [artist],
      channels: {
        [CHANNEL_ID]: [
          channelChild(live, {
            tickets: [
              buildTicket({
                fullname: 'Virtual',
                price_text: 'Q 75.00',
                price_usd_text: 'US$ 10.00',
              }),
              buildTicket({ fullname: 'Palco', real_available: 0 }),
            ],
          }),
          channelChild(soon, { tickets: [buildTicket({ fullname: 'Preventa' })] }),
        ],
      },
    });

    renderRoute('/voces-del-lago');
    const container = document.body;

    const tiers = await screen.findByRole('region', { name: 'Boletos' });
    const virtual = within(tiers).getByRole('heading', {
      name: 'Virtual · Episodio concierto',
    }).parentElement!;
    expect(virtual.textContent).toContain('Q 75.00');
    expect(virtual.textContent).toContain('US$ 10.00');
    expect(
      within(virtual)
        .getByRole('link', { name: 'Comprar Virtual · Episodio concierto' })
        .getAttribute('href'),
    ).toBe('/shows/concierto');
    const box = within(tiers).getByRole('heading', {
      name: 'Palco · Episodio concierto',
    }).parentElement!;
    expect(within(box).getByRole('button', { name: 'AGOTADOS' })).toHaveProperty('disabled', true);
    const presale = within(tiers).getByRole('heading', {
      name: 'Preventa · Episodio estreno',
    }).parentElement!;
    expect(within(presale).getByRole('button', { name: 'No disponible' })).toHaveProperty(
      'disabled',
      true,
    );

    const source = container.querySelector('picture source');
    expect(source?.getAttribute('media')).toBe('(max-width: 899px)');
    expect(source?.getAttribute('srcset')).toBe('/images/demo/artista-movil.svg');
    expect(container.querySelector('picture img')?.getAttribute('src')).toBe(
      '/images/demo/artista.svg',
    );
    const socials = screen.getByRole('list', { name: 'Redes sociales' });
    expect(
      within(socials)
        .getByRole('link', { name: /Instagram/ })
        .getAttribute('href'),
    ).toBe('https://instagram.example/sonlago');
    // A visitor asks without `viewer`.
    const channelCall = callsOf(api).find(({ call }) => call.startsWith('GET /shows/showChannels'));
    expect(channelCall?.url.searchParams.has('viewer')).toBe(false);
    // Without a ticket, every presentation offers "Activar Código".
    expect(
      within(presentation('Episodio estreno')).getByRole('button', {
        name: 'Activar Código para Episodio estreno',
      }),
    ).toBeTruthy();
  });
});

describe('channel data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the channel once the session is known', async () => {
    const api = stubLanding({ shows: [channelOf('channel')], channels: {} });

    renderRoute('/voces-del-lago');

    await screen.findByText('Este canal aún no tiene episodios disponibles. Vuelve pronto.');
    await waitFor(() =>
      expect(
        callsOf(api).filter(({ call }) => call.startsWith('GET /shows/showChannels')),
      ).toHaveLength(1),
    );
  });
});
