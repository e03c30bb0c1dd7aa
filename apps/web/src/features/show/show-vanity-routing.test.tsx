import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Show } from '@taquilla/contract';
import { showPath, showPlayerPath } from '../../components/shows/show-presentation';
import { buildShow, jsonResponse } from '../../test/show-factory';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';

/*
 * Vanity paths (002 §2.2, decision 0036) through the real route table: GET /shows/{id}
 * answers by `_id` or by `path`, as the gateway does; anything unknown is a 404.
 */

const FESTIVAL_ID = '0b7f3c1e-2d4a-4e5b-8c6d-7e8f9a0b1c2d';
const FILM_ID = '1c8a4d2f-3e5b-4f6c-9d7e-8f9a0b1c2d3e';
const OTHER_ID = '2d9b5e3a-4f6c-4a7d-8e8f-9a0b1c2d3e4f';

function show(overrides: Partial<Show>, settings: Partial<Show['settings']> = {}): Show {
  const base = buildShow(overrides);
  return { ...base, settings: { ...base.settings, ...settings } };
}

const gala = show({ _id: OTHER_ID, fullname: 'Gala de Marimba', path: 'gala-marimba' });
const festival = show(
  { _id: FESTIVAL_ID, fullname: 'Semana de Cine del Lago', path: 'cinelago' },
  { landing: { template: 'festival' } },
);
const film = show(
  {
    _id: FILM_ID,
    fullname: 'Ojos de maíz',
    path: 'ojos-de-maiz',
    parent_show_uid: FESTIVAL_ID,
    paid: false,
  },
  { landing: { template: 'film' }, nologin: true },
);
const stranger = show({ _id: '3e0c6f4b-5a7d-4b8e-9f9a-0b1c2d3e4f5a', path: 'suelta' });

function stubShows(shows: Show[], extra: Record<string, Handler> = {}) {
  return stubGateway({
    'GET /shows/:id': ({ url }) => {
      const key = decodeURIComponent(url.pathname.split('/')[2] ?? '');
      const found = shows.find((candidate) => candidate._id === key || candidate.path === key);
      return found ? jsonResponse(200, found) : error(404, 'SHOW_NOT_FOUND', 'El evento no existe');
    },
    'GET /shows/:id/tickets': () => jsonResponse(200, { items: [] }),
    ...extra,
  });
}

const notFoundHeading = () =>
  screen.findByRole('heading', { level: 1, name: 'La página que buscas no está disponible' });

describe('vanity paths', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links a show with a path by its vanity address, and one without by its id', () => {
    expect(showPath(gala)).toBe('/gala-marimba');
    expect(showPlayerPath(gala)).toBe('/gala-marimba/player');
    expect(showPath({ _id: OTHER_ID, path: null })).toBe(`/shows/${OTHER_ID}`);
  });

  it('opens a show at /{path}', async () => {
    stubShows([gala]);

    const router = renderRoute('/gala-marimba');

    expect(await screen.findByRole('heading', { level: 1, name: 'Gala de Marimba' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/gala-marimba');
  });

  it('shows the not-found view for a path the gateway does not know, one or two segments', async () => {
    const api = stubShows([gala]);

    renderRoute('/no-existe');
    expect(await notFoundHeading()).toBeTruthy();
    expect(callsOf(api).map(({ call }) => call)).toContain('GET /shows/no-existe');
  });

  it('shows the not-found view for two unknown segments', async () => {
    stubShows([gala]);

    renderRoute('/no/existe');

    expect(await notFoundHeading()).toBeTruthy();
  });

  it('opens a festival film at /{festival}/{film} with the festival as its parent', async () => {
    stubShows([festival, film]);

    renderRoute('/cinelago/ojos-de-maiz');

    // Until the film template arrives, the registry shows a film on the generic landing.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ojos de maíz' })).toBeTruthy();
  });

  it('refuses a show that is not a film of that festival: the not-found view', async () => {
    stubShows([festival, film, gala]);

    renderRoute('/cinelago/gala-marimba');

    expect(await notFoundHeading()).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Gala de Marimba' })).toBeNull();
  });

  it('sends a film opened alone to its festival address', async () => {
    stubShows([festival, film]);

    const router = renderRoute('/ojos-de-maiz?ref=boletin');

    await screen.findByRole('heading', { level: 1, name: 'Ojos de maíz' });
    expect(router.state.location.pathname).toBe('/cinelago/ojos-de-maiz');
    expect(router.state.location.search).toBe('?ref=boletin');
  });

  it('redirects /shows/{id} of a show with a path to /{path}, keeping the query string', async () => {
    stubShows([gala]);

    const router = renderRoute(`/shows/${OTHER_ID}?referral=radio&x=1`);

    await screen.findByRole('heading', { level: 1, name: 'Gala de Marimba' });
    expect(router.state.location.pathname).toBe('/gala-marimba');
    expect(router.state.location.search).toBe('?referral=radio&x=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends /{id} to the show’s own address', async () => {
    stubShows([gala]);

    const router = renderRoute(`/${OTHER_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Gala de Marimba' });
    expect(router.state.location.pathname).toBe('/gala-marimba');
  });

  it('sends a child date with a vanity path to its parent’s page', async () => {
    const parent = show({ _id: 'quijote', fullname: 'El Quijote de la Sexta' });
    const date = show(
      { _id: 'quijote-1', fullname: 'Función 1', parent_show_uid: 'quijote', path: 'funcion-1' },
      { is_show_date: true },
    );
    stubShows([parent, date]);

    const router = renderRoute('/funcion-1?promo=2x1');

    await screen.findByRole('heading', { level: 1, name: 'El Quijote de la Sexta' });
    expect(router.state.location.pathname).toBe('/shows/quijote');
    expect(router.state.location.search).toBe('?promo=2x1');
  });

  it('keeps app routes before /:path: /cookies and /login never ask for a show', async () => {
    const api = stubShows([stranger]);

    renderRoute('/cookies');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de cookies' }),
    ).toBeTruthy();

    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeTruthy();
    expect(callsOf(api).some(({ call }) => call.startsWith('GET /shows/'))).toBe(false);
  });
});

describe('vanity players', () => {
  afterEach(() => {
    document.cookie = 'geo=; Max-Age=0; Path=/';
    vi.unstubAllGlobals();
  });

  /** A nologin film: the playback call asks for a code until the right one is sent. */
  function stubPlayer(shows: Show[]) {
    return stubShows(shows, {
      'GET /geo': () =>
        jsonResponse(200, { country_code: 'GT', country_name: 'Guatemala', city: 'X', ip: '1' }),
      'GET /shows/:id/playback': () => error(403, 'ACCESS_CODE_INVALID', 'Código Inválido'),
      'GET /shows/:id/events/current': ({ url }) =>
        jsonResponse(200, { show_uid: url.pathname.split('/')[2], event: null }),
      'POST /viewers/codes/validate': () =>
        jsonResponse(200, {
          valid: true,
          show_uid: FILM_ID,
          code: 'K7M2PQ8R',
          mode: 'nologin',
          expires_on: null,
        }),
    });
  }

  it('plays the film of /{festival}/{film}/player by its id and keeps the code at that address', async () => {
    const api = stubPlayer([festival, film]);

    const router = renderRoute('/cinelago/ojos-de-maiz/player');

    const input = await screen.findByRole('textbox', {
      name: 'Ingresa tu código de acceso para entrar:',
    });
    expect(callsOf(api).map(({ call }) => call)).toContain(`GET /shows/${FILM_ID}/playback`);
    // A film plays alone ("Ver película"): the player's `full` variant.
    expect(input.closest('.player-page')?.classList.contains('player-page--full')).toBe(true);
    fireEvent.change(input, { target: { value: 'k7m2pq8r' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.state.location.search).toBe('?code=K7M2PQ8R'));
    expect(router.state.location.pathname).toBe('/cinelago/ojos-de-maiz/player');
  });

  it('redirects /shows/{id}/player and /shows/{id}/full to /{path}/player with the query', async () => {
    stubPlayer([festival, film, gala]);

    const player = renderRoute(`/shows/${OTHER_ID}/player?code=AB12`);
    await waitFor(() => expect(player.state.location.pathname).toBe('/gala-marimba/player'));
    expect(player.state.location.search).toBe('?code=AB12');

    // A film's old /full address goes to its player at the festival's address.
    const full = renderRoute(`/shows/${FILM_ID}/full?activated=1`);
    await waitFor(() => expect(full.state.location.pathname).toBe('/cinelago/ojos-de-maiz/player'));
    expect(full.state.location.search).toBe('?activated=1');
  });

  it('shows the not-found view for the player of an unknown path', async () => {
    stubPlayer([]);

    renderRoute('/no-existe/player');

    expect(await notFoundHeading()).toBeTruthy();
  });
});
