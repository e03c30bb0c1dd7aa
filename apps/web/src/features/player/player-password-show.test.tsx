import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { REALTIME_TOO_MANY_ACTIONS, REALTIME_TOO_MANY_CONNECTIONS } from '@taquilla/contract/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { jsonResponse } from '../../test/show-factory';
import {
  SHOW_ID,
  buildPlayback,
  findVideo,
  forgetGeo,
  openPlayer,
  playerShow,
  stubPlayerApi,
} from './test/player-harness';

/*
 * Decision 0063: a password show's guest is named in its chat and polls by the viewer
 * token of the playback call, which the player keeps per show and brings back; and the
 * player says so when the server closes the live connection for a limit.
 */

const CHAT = `chats-${SHOW_ID}`;
const POLLS = `polls-${SHOW_ID}`;
const EVENTS = `show-events/${SHOW_ID}`;
const PASSWORD_SHOW = { chat_visible: true, polls: true, vod: false, security: true };

async function joinsOf(): Promise<Record<string, unknown>[]> {
  return waitFor(() => {
    const joins = FakeWebSocket.latest().actions('setChannel');
    expect(joins.map((join) => join.channel_id)).toEqual([CHAT, POLLS]);
    return joins;
  });
}

describe('the player on a password show', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('plays, joins the chat and polls with its viewer token, and brings the token back after a reload', async () => {
    let given = 'ficha-uno.firma';
    const api = stubPlayerApi({
      show: playerShow({}, PASSWORD_SHOW),
      playback: () =>
        jsonResponse(
          200,
          buildPlayback({ mode: 'password', code: 'CLAVE-SALA', viewer_token: given }),
        ),
    });
    openPlayer(`/shows/${SHOW_ID}/player?code=clave-sala`);
    await findVideo();
    for (const join of await joinsOf()) {
      expect(join).toMatchObject({ code: 'CLAVE-SALA', viewer_token: 'ficha-uno.firma' });
    }
    expect(api.playbackQueries()).toEqual(['?code=CLAVE-SALA']);

    // The page is loaded again: the token goes back, and the renewed one is used.
    cleanup();
    given = 'ficha-uno.renovada';
    openPlayer(`/shows/${SHOW_ID}/player?code=clave-sala`);
    await findVideo();
    expect(api.playbackQueries().at(-1)).toBe('?code=CLAVE-SALA&viewer_token=ficha-uno.firma');
    for (const join of await joinsOf()) {
      expect(join).toMatchObject({ viewer_token: 'ficha-uno.renovada' });
    }
  });

  it('still plays when the address has no new guests left (no token): the chat says why it is closed', async () => {
    stubPlayerApi({
      show: playerShow({}, PASSWORD_SHOW),
      playback: () =>
        jsonResponse(
          200,
          buildPlayback({ mode: 'password', code: 'CLAVE-SALA', viewer_token: null }),
        ),
    });
    openPlayer(`/shows/${SHOW_ID}/player?code=clave-sala`);
    await findVideo();
    const [chatJoin] = await joinsOf();
    expect(chatJoin).not.toHaveProperty('viewer_token');
    const text =
      'Para participar en el chat y las encuestas, vuelve a entrar al evento con su contraseña.';
    act(() => FakeWebSocket.latest().refuse(CHAT, 'VIEWER_TOKEN_INVALID', text));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(await findVideo()).toBeTruthy();
  });
});

describe('the player when the server closes the live connection for a limit', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  for (const limit of [REALTIME_TOO_MANY_ACTIONS, REALTIME_TOO_MANY_CONNECTIONS]) {
    it(`shows the server’s reason for ${limit.code} and connects again after a pause`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      stubPlayerApi();
      openPlayer();
      await findVideo();
      await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(EVENTS));
      const closed = FakeWebSocket.latest();
      const before = FakeWebSocket.sockets.length;

      act(() => closed.closeWith(limit.code, limit.reason));
      // The player's notice (the toasts keep an empty alert region of their own).
      const notice = (await screen.findByText(limit.reason)).closest('[role="alert"]');
      expect(notice?.textContent).toBe(
        `${limit.reason} Volveremos a conectar en unos segundos; el video sigue.`,
      );
      // Not at once (the same limit would close it again), but after the longest pause.
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(FakeWebSocket.sockets.length).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(10_500));
      await waitFor(() => expect(FakeWebSocket.sockets.length).toBe(before + 1));
      await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(EVENTS));
      await waitFor(() => expect(screen.queryByText(limit.reason, { exact: false })).toBeNull());
      expect(await findVideo()).toBeTruthy();
    }, 20_000);
  }
});
