import { fireEvent, screen, waitFor } from '@testing-library/react';
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

const codeShow = playerShow({ paid: false }, { nologin: true });

/** The playback call opens the show only with the right code, as the API does. */
function playbackFor(goodCode: string) {
  return ({ url }: { url: URL }) =>
    url.searchParams.get('code') === goodCode
      ? jsonResponse(200, buildPlayback({ mode: 'nologin', code: goodCode }))
      : refusal('ACCESS_CODE_INVALID', 'Código Inválido')();
}

async function codeInput() {
  return screen.findByRole('textbox', { name: 'Ingresa tu código de acceso para entrar:' });
}

describe('player code entry', () => {
  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
  });

  it('upper-cases what is typed, checks it and opens the player with the code', async () => {
    const api = stubPlayerApi({
      show: codeShow,
      playback: playbackFor('K7M2PQ8R'),
      validate: () =>
        jsonResponse(200, {
          valid: true,
          show_uid: SHOW_ID,
          code: 'K7M2PQ8R',
          mode: 'nologin',
          expires_on: null,
        }),
    });
    const router = openPlayer();

    const input = await codeInput();
    fireEvent.change(input, { target: { value: 'k7m2pq8r' } });
    expect((input as HTMLInputElement).value).toBe('K7M2PQ8R');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    await findVideo();
    expect(router.state.location.search).toBe('?code=K7M2PQ8R');
    expect(api.calls().find((call) => call.call === 'POST /viewers/codes/validate')?.body).toEqual({
      code: 'K7M2PQ8R',
      show_uid: SHOW_ID,
    });
    expect(api.playbackQueries()).toEqual(['', '?code=K7M2PQ8R']);
  });

  it('says "Código Inválido" after a wrong code and stays on the form', async () => {
    stubPlayerApi({ show: codeShow, playback: playbackFor('K7M2PQ8R') });
    const router = openPlayer();

    fireEvent.change(await codeInput(), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    const message = await screen.findByText('Código Inválido');
    expect(message.getAttribute('role')).toBe('alert');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByLabelText('Atardecer en Atitlán', { selector: 'video' })).toBeNull();
  });

  it('reads a failed check (no answer at all) as an invalid code', async () => {
    stubPlayerApi({
      show: codeShow,
      playback: playbackFor('K7M2PQ8R'),
      validate: () => jsonResponse(502, {}),
    });
    openPlayer();

    fireEvent.change(await codeInput(), { target: { value: 'k7m2pq8r' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Código Inválido')).toBeTruthy();
  });

  it('says to wait when too many wrong codes came from this address', async () => {
    const wait = 'Demasiados intentos. Por favor espera un momento y vuelve a intentar.';
    stubPlayerApi({
      show: codeShow,
      playback: playbackFor('K7M2PQ8R'),
      validate: refusal('RATE_LIMITED', wait, 429),
    });
    openPlayer();

    fireEvent.change(await codeInput(), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText(wait)).toBeTruthy();
  });

  it('keeps "Entrar" disabled until something is typed', async () => {
    stubPlayerApi({ show: codeShow, playback: playbackFor('K7M2PQ8R') });
    openPlayer();

    const input = await codeInput();
    const enter = screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement;
    expect(enter.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'a' } });
    expect(enter.disabled).toBe(false);
  });

  it('links "Regístrate" to the show page of a show with registration', async () => {
    stubPlayerApi({
      show: playerShow({ paid: false }, { nologin: true, registration: true }),
      playback: playbackFor('K7M2PQ8R'),
    });
    openPlayer();

    await codeInput();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Regístrate' }).getAttribute('href')).toBe(
        `/shows/${SHOW_ID}`,
      ),
    );
  });

  describe('on the seminar (a code-entry player at its vanity path)', () => {
    const seminar = playerShow(
      { paid: false, path: 'seminario-vial' },
      { nologin: true, landing: { template: 'seminar' } },
    );
    const valid = () =>
      jsonResponse(200, {
        valid: true,
        show_uid: SHOW_ID,
        code: 'K7M2PQ8R',
        mode: 'nologin',
        expires_on: null,
      });

    it('links "Regístrate" to the seminar\'s landing page', async () => {
      stubPlayerApi({ show: seminar, playback: playbackFor('K7M2PQ8R') });
      openPlayer('/seminario-vial/player');

      await codeInput();
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'Regístrate' }).getAttribute('href')).toBe(
          '/seminario-vial',
        ),
      );
    });

    it('opens the same player address with the code upper-cased', async () => {
      stubPlayerApi({ show: seminar, playback: playbackFor('K7M2PQ8R'), validate: valid });
      const router = openPlayer('/seminario-vial/player');

      fireEvent.change(await codeInput(), { target: { value: 'k7m2pq8r' } });
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

      await findVideo();
      expect(router.state.location.pathname).toBe('/seminario-vial/player');
      expect(router.state.location.search).toBe('?code=K7M2PQ8R');
    });

    it('gives no "Regístrate" to a code show that is neither a seminar nor a registration', async () => {
      stubPlayerApi({
        show: playerShow({ paid: false, path: 'concierto' }, { nologin: true }),
        playback: playbackFor('K7M2PQ8R'),
      });
      openPlayer('/concierto/player');

      await codeInput();
      expect(screen.queryByRole('link', { name: 'Regístrate' })).toBeNull();
    });
  });
});
