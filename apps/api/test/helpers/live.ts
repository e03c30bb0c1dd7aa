import type { AddressInfo } from 'node:net';
import type { RealtimeServerMessage } from '@taquilla/contract';
import WebSocket from 'ws';
import type { TestApp } from './app.ts';
import type { LoggedIn } from './auth.ts';

/** A real WebSocket client on a listening instance, collecting what the server sends. */
export async function connectSocket(t: TestApp) {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/realtime`);
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
      if (Date.now() > deadline) {
        throw new Error(`no matching message; got ${JSON.stringify(inbox)}`);
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  async function subscribe(channel: string) {
    socket.send(JSON.stringify({ action: 'subscribe', channel }));
    await next((m) => m.type === 'subscribed' && m.channel === channel);
  }
  return { socket, inbox, next, subscribe };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An HTTP call as `who` (a Bearer session) or anonymously. */
export function callAs(
  t: TestApp,
  who: LoggedIn | null,
  method: Method,
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** The fields a 422 names. */
export const fieldsOf = (body: unknown) =>
  ((body as { fields?: { field: string }[] }).fields ?? []).map((f) => f.field);
