import { act, screen, waitFor } from '@testing-library/react';
import { REALTIME_SESSION_ENDED } from '@taquilla/contract/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToChannel } from '../../api/realtime';
import { FakeWebSocket } from '../../test/fake-websocket';
import {
  buildCurrentSession,
  buildUser,
  callsOf,
  error,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const ana = buildCurrentSession(buildUser({ fullname: 'Ana María López' }));
const bruno = buildCurrentSession(buildUser({ fullname: 'Bruno Díaz' }));
const EXPIRED = () => error(440, 'SESSION_EXPIRED', 'Tu sesión ha expirado.');

/**
 * Decision 0052: a realtime close with 4401 (the socket's session ended) makes the
 * session provider re-read the session as after a 401: gone is logged out, a newer
 * session (a login in another tab) is adopted.
 */
describe('session when the realtime socket’s session ended', () => {
  let stopListening: (() => void) | null = null;

  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    stopListening?.();
    stopListening = null;
    vi.unstubAllGlobals();
  });

  async function signedInWithSocket(current: () => Response) {
    const fetchMock = stubGateway({ 'GET /auth/session': current });
    renderRoute('/cookies');
    expect(await screen.findByRole('link', { name: /^Mi cuenta/ })).toBeTruthy();
    stopListening = listenToChannel('show-events/una', { onMessage: () => undefined });
    await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain('show-events/una'));
    return fetchMock;
  }

  it('logs out when the re-read answers 440, and the socket comes back once', async () => {
    let answer = () => jsonResponse(200, ana);
    const fetchMock = await signedInWithSocket(() => answer());
    const socket = FakeWebSocket.latest();
    const reads = () =>
      callsOf(fetchMock).filter(({ call }) => call === 'GET /auth/session').length;
    const before = reads();
    answer = EXPIRED;

    act(() => socket.closeWith(REALTIME_SESSION_ENDED.code, REALTIME_SESSION_ENDED.reason));

    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeTruthy();
    expect(reads()).toBe(before + 1);
    await waitFor(() => expect(FakeWebSocket.latest()).not.toBe(socket));
    await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain('show-events/una'));
  });

  it('keeps a newer session that the re-read finds', async () => {
    let answer = () => jsonResponse(200, ana);
    await signedInWithSocket(() => answer());
    const socket = FakeWebSocket.latest();
    answer = () => jsonResponse(200, bruno);

    act(() => socket.closeWith(REALTIME_SESSION_ENDED.code, REALTIME_SESSION_ENDED.reason));

    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^Mi cuenta/ }).textContent).toBe('BD'),
    );
    expect(screen.queryByRole('link', { name: 'Ingresar' })).toBeNull();
  });
});
