import { REALTIME_ACCESS_REVOKED, REALTIME_SESSION_ENDED } from '@taquilla/contract/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-websocket';
import { listenToChannel, onRealtimeSessionEnded, resumeRealtime } from './realtime';

/**
 * The shared connection after the server closed it with 4401 (decision 0052): no
 * reconnection of its own, the listeners and the session's owner are told, and it
 * comes back when resumed. Any other drop still reconnects by itself.
 */
describe('realtime connection closed because its session ended', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('does not reconnect with the dead session until resumed, then joins again', async () => {
    const heard: string[] = [];
    const owner: string[] = [];
    const stopOwner = onRealtimeSessionEnded((message) => owner.push(message));
    const stop = listenToChannel('show-events/x', {
      onMessage: () => undefined,
      onDisconnect: () => heard.push('disconnect'),
      onReconnect: () => heard.push('reconnect'),
      onSessionEnded: (message) => heard.push(`ended: ${message}`),
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeWebSocket.latest();
    expect(first.channels()).toEqual(['show-events/x']);

    first.closeWith(REALTIME_SESSION_ENDED.code, REALTIME_SESSION_ENDED.reason);
    expect(heard).toEqual(['disconnect', `ended: ${REALTIME_SESSION_ENDED.reason}`]);
    expect(owner).toEqual([REALTIME_SESSION_ENDED.reason]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeWebSocket.sockets).toHaveLength(1);

    resumeRealtime();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.sockets).toHaveLength(2);
    const second = FakeWebSocket.latest();
    expect(second.channels()).toEqual(['show-events/x']);
    expect(heard.at(-1)).toBe('reconnect');

    // An ordinary drop is retried by itself, after its pause.
    second.drop();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeWebSocket.sockets).toHaveLength(3);
    expect(owner).toHaveLength(1);
    stop();
    stopOwner();
  });
});

/**
 * Decision 0064: a close with 4403 (the ticket a page watched a show with was revoked)
 * is told as such, not as a drop, and the connection comes back for what is still wanted.
 */
describe('realtime connection closed because a ticket was revoked', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tells the listeners the reason, not a disconnect, and reconnects after the pause', async () => {
    const heard: string[] = [];
    const socketsBefore = FakeWebSocket.sockets.length;
    const stop = listenToChannel('show-events/y', {
      onMessage: () => undefined,
      onDisconnect: () => heard.push('disconnect'),
      onReconnect: () => heard.push('reconnect'),
      onAccessRevoked: (message) => heard.push(`revoked: ${message}`),
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeWebSocket.latest();

    first.closeWith(REALTIME_ACCESS_REVOKED.code, 'Ya no tienes acceso a este evento.');
    expect(heard).toEqual(['revoked: Ya no tienes acceso a este evento.']);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeWebSocket.sockets).toHaveLength(socketsBefore + 2);
    expect(FakeWebSocket.latest().channels()).toEqual(['show-events/y']);
    expect(heard.at(-1)).toBe('reconnect');
    stop();
  });
});

/**
 * A page reads a channel's state once the hub confirms its subscription (`subscribed`),
 * so nothing said while the subscription is made is lost: the listener hears `onJoined`
 * then, again after each reconnection, and at once when it joins a channel already held.
 */
describe('realtime subscription confirmed by the hub', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tells the listener when its channel is joined, not before, and again after a drop', async () => {
    const heard: string[] = [];
    const stop = listenToChannel('show-events/z', {
      onMessage: () => undefined,
      onJoined: () => heard.push('joined z'),
      onReconnect: () => heard.push('reconnect'),
    });
    const stopOther = listenToChannel('show-events/w', {
      onMessage: () => undefined,
      onJoined: () => heard.push('joined w'),
    });
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual(['joined z', 'joined w']);

    // A second listener of a channel already held hears it at once, the first one not again.
    const stopSecond = listenToChannel('show-events/z', {
      onMessage: () => undefined,
      onJoined: () => heard.push('joined z again'),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual(['joined z', 'joined w', 'joined z again']);

    FakeWebSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(heard.slice(3).sort()).toEqual(
      ['reconnect', 'joined z', 'joined z again', 'joined w'].sort(),
    );
    expect(heard[3]).toBe('reconnect');
    stop();
    stopSecond();
    stopOther();
  });
});
