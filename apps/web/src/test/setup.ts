import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests never reach the network. A call no test stubbed (the session check of a page a
// test did not wait for, after its stub was removed) fails as an unreachable server would.
globalThis.fetch = () => Promise.reject(new TypeError('fetch is not stubbed in this test'));

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
