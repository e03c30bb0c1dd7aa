import type { AddressInfo } from 'node:net';
import type { RealtimeServerMessage } from '@taquilla/contract';
import WebSocket from 'ws';
import type { TestApp } from './app.ts';

export interface RealtimeClient {
  socket: WebSocket;
  inbox: RealtimeServerMessage[];
  next: (
    predicate: (m: RealtimeServerMessage) => boolean,
    timeoutMs?: number,
  ) => Promise<RealtimeServerMessage>;
  send: (message: unknown) => void;
  /** Subscribes and waits for the server's answer on that channel: subscribed or an error. */
  subscribe: (channel: string, code?: string) => Promise<RealtimeServerMessage>;
  close: () => void;
}

/**
 * A real WebSocket client on a listening instance, collecting what the server
 * sends. `headers` go on the upgrade request (cookie, Authorization,
 * X-Forwarded-For); `path` may carry a query (`/realtime?token=…`).
 */
export async function connectRealtime(
  t: TestApp,
  options: { headers?: Record<string, string>; path?: string } = {},
): Promise<RealtimeClient> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/realtime'}`, {
    headers: options.headers ?? {},
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const inbox: RealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    inbox.push(JSON.parse(String(raw)) as RealtimeServerMessage);
    waiters.splice(0).forEach((wake) => wake());
  });
  async function next(predicate: (m: RealtimeServerMessage) => boolean, timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = inbox.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching message; got ${JSON.stringify(inbox)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  const send = (m: unknown) => socket.send(typeof m === 'string' ? m : JSON.stringify(m));
  return {
    socket,
    inbox,
    next,
    send,
    async subscribe(channel, code) {
      send({ action: 'subscribe', channel, ...(code === undefined ? {} : { code }) });
      return next((m) => 'channel' in m && m.channel === channel && m.type !== 'message');
    },
    close: () => socket.terminate(),
  };
}
