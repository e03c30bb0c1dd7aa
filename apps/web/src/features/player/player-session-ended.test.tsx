import { act, screen, waitFor } from '@testing-library/react';
import { REALTIME_SESSION_ENDED } from '@taquilla/contract/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { buildCurrentSession, buildUser, error } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { SHOW_ID, findVideo, forgetGeo, openPlayer, stubPlayerApi } from './test/player-harness';

const CHANNEL = `show-events/${SHOW_ID}`;
const ana = buildCurrentSession(buildUser({ fullname: 'Ana María López' }));
const ENDED_TEXT = 'Tu sesión terminó; vuelve a ingresar';
/** The player's notice of the ended session (the stage's alert, not the chat's). */
const endedNotice = () =>
  screen.getAllByRole('alert').filter((alert) => alert.textContent === ENDED_TEXT);

/**
 * Decision 0052: the server closes the socket of a session that ended with 4401 and a
 * Spanish reason. The player shows it, the session is re-read as after a 401 (440:
 * logged out), and the socket comes back once, not in a loop with the dead session.
 */
describe('player when the server ends the socket’s session', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the reason, drops the session and reconnects once, without it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isSessionLive = true;
    const api = stubPlayerApi({
      extra: {
        'GET /auth/session': () =>
          isSessionLive
            ? jsonResponse(200, ana)
            : error(440, 'SESSION_EXPIRED', 'Tu sesión ha expirado.'),
      },
    });
    openPlayer();
    await findVideo();
    await waitFor(() =>
      expect(api.calls().map(({ call }) => call)).toContain(
        `PUT /auth/sessions/${ana.session._id}/touch`,
      ),
    );
    await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(CHANNEL));
    const first = FakeWebSocket.latest();
    const sessionReads = () =>
      api.calls().filter((call) => call.call === 'GET /auth/session').length;
    const readsBefore = sessionReads();
    const socketsBefore = FakeWebSocket.sockets.length;

    isSessionLive = false;
    act(() => first.closeWith(REALTIME_SESSION_ENDED.code, REALTIME_SESSION_ENDED.reason));

    expect(endedNotice()).toHaveLength(1);
    // The session is read again (answered 440: logged out, as session-realtime.test shows).
    await waitFor(() => expect(sessionReads()).toBe(readsBefore + 1));

    // One new socket once the session was re-read, joining the show's events again.
    await waitFor(() => expect(FakeWebSocket.sockets.length).toBe(socketsBefore + 1));
    const second = FakeWebSocket.latest();
    await waitFor(() => expect(second.channels()).toContain(CHANNEL));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeWebSocket.sockets.length).toBe(socketsBefore + 1);
    // The video stays; the notice says why the live connection ended.
    expect(endedNotice()).toHaveLength(1);
    expect(screen.queryByText('Reconectando…', { selector: 'strong' })).toBeNull();
  }, 20_000);
});
