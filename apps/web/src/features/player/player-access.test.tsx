import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/show-factory';
import {
  SHOW_ID,
  buildPlayback,
  findVideo,
  forgetGeo,
  openPlayer,
  playerShow,
  refusal,
  stubPlayerApi,
} from './test/player-harness';

const NO_TICKET =
  'Solicita tu boleto para poder ingresar. Si ya tienes tu boleto activado, por favor inicia sesión para continuar.';
const TOO_EARLY =
  'Aún no es posible el ingreso al evento. Por favor, recarga la página 5 minutos antes del evento y vuelve a intentar.';
const REGION =
  'Este contenido esta restringido para tu región / This content is restricted for your region';

describe('player load flow', () => {
  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
  });

  it('plays the show at volume 0.8 without the site menu and footer, and reports it ready', async () => {
    const api = stubPlayerApi();

    openPlayer();

    const video = await findVideo();
    expect(video.getAttribute('src')).toBe('/media/demo/taquilla-demo.mp4');
    expect(video.volume).toBe(0.8);
    expect(screen.getByRole('heading', { level: 1, name: 'Atardecer en Atitlán' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Tips y Preguntas Frecuentes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Solicita tu evento virtual/ })).toBeTruthy();
    await waitFor(() =>
      expect(
        api.calls().find((call) => call.call === `POST /stats/shows/${SHOW_ID}/player`)?.body,
      ).toMatchObject({
        action: 'ready',
        code: 'ABC123',
        location: { country_code: 'GT', city: 'Guatemala City' },
      }),
    );
    expect(api.playbackQueries()).toEqual(['']);
  });

  it('accepts the route with a trailing slash and sends ?code= upper-cased', async () => {
    const api = stubPlayerApi();

    openPlayer(`/shows/${SHOW_ID}/player/?code=abc123`);

    await findVideo();
    expect(api.playbackQueries()).toEqual(['?code=ABC123']);
  });

  it('plays the film alone on /shows/{id}/full, with the same access rules', async () => {
    const api = stubPlayerApi();

    openPlayer(`/shows/${SHOW_ID}/full`);

    await findVideo();
    expect(document.querySelector('.player-page--full')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(api.playbackQueries()).toEqual(['']);
  });

  it('keeps the location in a cookie, so a second visit does not look it up again', async () => {
    const api = stubPlayerApi();
    const first = openPlayer();
    await findVideo();
    first.dispose();

    openPlayer();
    await findVideo();

    const lookups = api.calls().filter((call) => call.call === 'GET /geo');
    expect(lookups).toHaveLength(1);
    expect(document.cookie).toContain('geo=');
  });

  it('shows the code form without an error when a code show is opened without a code', async () => {
    stubPlayerApi({
      show: playerShow({ paid: false }, { nologin: true }),
      playback: refusal('ACCESS_CODE_INVALID', 'Código Inválido'),
    });

    openPlayer();

    const input = await screen.findByRole('textbox', {
      name: 'Ingresa tu código de acceso para entrar:',
    });
    expect(input.getAttribute('placeholder')).toBe('código');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(screen.queryByText('Código Inválido')).toBeNull();
  });

  it('shows "Código Inválido" when the code in the URL does not open the show', async () => {
    const api = stubPlayerApi({
      show: playerShow({ paid: false }, { nologin: true }),
      playback: refusal('ACCESS_CODE_INVALID', 'Código Inválido'),
    });

    openPlayer(`/shows/${SHOW_ID}/player?code=nope`);

    const message = await screen.findByText('Código Inválido');
    expect(message.getAttribute('role')).toBe('alert');
    const input = screen.getByRole('textbox', { name: 'Ingresa tu código de acceso para entrar:' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.playbackQueries()).toEqual(['?code=NOPE']);
  });

  it('shows the region screen in both languages when the region is blocked', async () => {
    stubPlayerApi({ playback: refusal('REGION_BLOCKED', REGION) });

    openPlayer();

    const heading = await screen.findByRole('heading', {
      name: 'Este contenido esta restringido para tu región',
    });
    const alert = heading.closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('This content is restricted for your region');
    expect(
      within(alert).getByRole('link', { name: 'Ver la página del evento' }).getAttribute('href'),
    ).toBe(`/shows/${SHOW_ID}`);
    expect(screen.queryByLabelText('Atardecer en Atitlán', { selector: 'video' })).toBeNull();
  });

  it('sends a visitor without a ticket back to the show page with the alert of 001 §5', async () => {
    stubPlayerApi({ playback: refusal('TICKET_REQUIRED', NO_TICKET) });

    const router = openPlayer();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/shows/${SHOW_ID}`));
    expect(await screen.findByText(NO_TICKET)).toBeTruthy();
  });

  it('sends a visitor without a ticket but with a code to the activation page', async () => {
    stubPlayerApi({ playback: refusal('TICKET_REQUIRED', NO_TICKET) });

    const router = openPlayer(`/shows/${SHOW_ID}/player?code=k7m2pq`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/activate?code=K7M2PQ',
    );
  });

  it('sends an anonymous visitor of a free show to the signup', async () => {
    stubPlayerApi({
      show: playerShow({ paid: false }),
      playback: refusal('UNAUTHORIZED', 'Debes iniciar sesión para continuar', 401),
    });

    const router = openPlayer();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('redirect')).toBe(`/shows/${SHOW_ID}/player`);
    expect(query.get('mode')).toBe('signup');
  });

  it('sends a ticket holder who comes too early back to the show page, saying so', async () => {
    stubPlayerApi({
      show: playerShow({ status: 'ACTIVE' }),
      playback: refusal('EVENT_NOT_STARTED', TOO_EARLY),
    });

    const router = openPlayer();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/shows/${SHOW_ID}`));
    expect(await screen.findByText(TOO_EARLY)).toBeTruthy();
  });

  it('keeps a ticket just activated on the cover with its notice instead', async () => {
    stubPlayerApi({
      show: playerShow({ status: 'ACTIVE', show_date: '2026-12-05T02:00:00.000Z' }),
      playback: refusal('EVENT_NOT_STARTED', TOO_EARLY),
    });

    const router = openPlayer(`/shows/${SHOW_ID}/player?activated=1`);

    expect(
      await screen.findByRole('heading', { name: 'El evento aún no ha iniciado' }),
    ).toBeTruthy();
    expect(screen.getByText('Tu boleto está activado. ¡Disfruta el evento!')).toBeTruthy();
    expect(screen.getByText(/4 dic 2026/)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/shows/${SHOW_ID}/player`);
  });

  it('sends a missing show to its page, which says it does not exist', async () => {
    stubPlayerApi({ show: null, playback: refusal('SHOW_NOT_FOUND', 'El evento no existe', 404) });

    const router = openPlayer('/shows/no-existe/player');

    await waitFor(() => expect(router.state.location.pathname).toBe('/shows/no-existe'));
  });

  it('offers a retry when the playback call fails', async () => {
    let calls = 0;
    stubPlayerApi({
      playback: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { error: 'INTERNAL_ERROR', message: 'Ocurrió un error inesperado' })
          : jsonResponse(200, buildPlayback());
      },
    });

    openPlayer();

    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await findVideo()).toBeTruthy();
  });
});
