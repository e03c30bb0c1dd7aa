import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeWebSocket, UnreachableWebSocket } from './fake-websocket';
// The check of every answer against the contract (development and tests, decision 0070),
// loaded once here so that no test's first call waits for the contract's schemas.
import '../api/endpoint-answer';

// Tests never reach the network. A call no test stubbed (the session check of a page a
// test did not wait for, after its stub was removed) fails as an unreachable server would.
globalThis.fetch = () => Promise.reject(new TypeError('fetch is not stubbed in this test'));

// A page's first render waits for its lazy route's code; on a busy two-core machine that
// alone can pass Testing Library's default 1 s, so `findBy…` waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // A cart made by one test (its sessionID cookie) is not the next test's.
  document.cookie = 'sessionID=; Max-Age=0; Path=/';
  // Nor is a password show's viewer token it kept (decision 0063).
  window.localStorage.clear();
  // Nor are its sockets: `FakeWebSocket.sockets.at(-1)` must be one this test opened.
  FakeWebSocket.sockets.length = 0;
});

// Nor a realtime hub: a page's live channels stay quiet unless a test opens a FakeWebSocket.
globalThis.WebSocket = UnreachableWebSocket as unknown as typeof WebSocket;
