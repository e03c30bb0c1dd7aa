import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  REALTIME_PATH,
  REALTIME_TOO_MANY_ACTIONS,
  REALTIME_TOO_MANY_CONNECTIONS,
} from '@taquilla/contract';
import type { RealtimeServerMessage } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Db } from '../../../src/infra/db.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { settle } from '../../helpers/chat.ts';
import { createTestDatabase } from '../../helpers/database.ts';
import type { TestDatabase } from '../../helpers/database.ts';
import { createShow } from '../../helpers/factories.ts';
import { connectRealtime } from '../../helpers/realtime-client.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';

/**
 * Issue 21 item 6 (decision 0063): a socket's actions have a token bucket, an address
 * has a cap of open sockets per instance, and subscriptions to made-up channels cost
 * the database a bounded number of lookups per address, shared by every instance.
 */

type Closed = { code: number; reason: string };

/** A socket from `ip` (through one trusted proxy) whose close, if the server closes it, is kept. */
async function watchedSocket(t: TestApp, ip: string) {
  const client = await connectRealtime(t, { headers: { 'x-forwarded-for': ip } });
  const closed = new Promise<Closed>((resolve) =>
    client.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return { client, closed };
}

/** Opens a socket and resolves with the server's close, or 'open' if it stays open 300 ms. */
function openOrClosed(t: TestApp, ip: string): Promise<Closed | 'open'> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
    headers: { 'x-forwarded-for': ip },
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
    socket.once('open', () => {
      setTimeout(() => {
        if (socket.readyState === WebSocket.OPEN) {
          socket.terminate();
          resolve('open');
        }
      }, 300);
    });
  });
}

const pongs = (client: RealtimeClient) => client.inbox.filter((m) => m.type === 'pong').length;

async function listening(config: Record<string, string>, database?: TestDatabase) {
  const t = await createTestApp({
    config: { TRUST_PROXY_HOPS: '1', ...config },
    ...(database ? { database } : {}),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return t;
}

describe('a socket’s token bucket', () => {
  let t: TestApp;
  const open: RealtimeClient[] = [];
  beforeAll(async () => {
    t = await listening({ REALTIME_ACTIONS_BURST: '5', REALTIME_ACTIONS_PER_SECOND: '2' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('closes a flooding socket with 4429 and its Spanish reason; a calm one and its neighbours stay', async () => {
    const flood = await watchedSocket(t, '203.0.113.10');
    const calm = await watchedSocket(t, '203.0.113.10');
    open.push(flood.client, calm.client);

    for (let i = 0; i < 40; i += 1) flood.client.send({ action: 'ping' });
    expect(await flood.closed).toEqual({
      code: 4429,
      reason: 'Demasiadas acciones seguidas en esta conexión; espera unos segundos',
    });
    expect(REALTIME_TOO_MANY_ACTIONS.code).toBe(4429);
    expect(pongs(flood.client)).toBeLessThanOrEqual(6);

    // Five at once, then two more once a second has earned them back: all answered.
    for (let i = 0; i < 5; i += 1) calm.client.send({ action: 'ping' });
    await settle(1_100);
    for (let i = 0; i < 2; i += 1) calm.client.send({ action: 'ping' });
    await calm.client.next(() => pongs(calm.client) === 7);
    expect(calm.client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('counts messages it cannot read too', async () => {
    const junk = await watchedSocket(t, '203.0.113.11');
    open.push(junk.client);
    for (let i = 0; i < 40; i += 1) junk.client.send('{no es json');
    expect((await junk.closed).code).toBe(4429);
    const invalid = junk.client.inbox.filter(
      (m: RealtimeServerMessage) => m.type === 'error' && m.error === 'INVALID_MESSAGE',
    );
    expect(invalid.length).toBeLessThanOrEqual(6);
  });
});

describe('sockets per address on one instance', () => {
  let t: TestApp;
  const open: RealtimeClient[] = [];
  beforeAll(async () => {
    t = await listening({ REALTIME_CONNECTIONS_PER_IP: '3' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('closes the fourth socket of an address with 4430 and its reason; another address connects', async () => {
    for (let i = 0; i < 3; i += 1) open.push((await watchedSocket(t, '203.0.113.20')).client);
    expect(await openOrClosed(t, '203.0.113.20')).toEqual({
      code: REALTIME_TOO_MANY_CONNECTIONS.code,
      reason: 'Demasiadas conexiones abiertas desde tu red; cierra otras pestañas',
    });
    expect(REALTIME_TOO_MANY_CONNECTIONS.code).toBe(4430);
    expect(await openOrClosed(t, '203.0.113.21')).toBe('open');
    // The ones open still work.
    const first = open[0] as RealtimeClient;
    first.send({ action: 'ping' });
    await first.next((m) => m.type === 'pong');

    // One closes: once the server has seen it go, the address may open one again.
    open.shift()?.close();
    await expect.poll(() => openOrClosed(t, '203.0.113.20'), { timeout: 5_000 }).toBe('open');
  });
});

describe('a flooding socket’s backlog', () => {
  let database: TestDatabase;
  let t: TestApp;
  let lookups = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const count = {
      async $allOperations({ args, query }: { args: unknown; query: (a: unknown) => unknown }) {
        lookups += 1;
        return query(args);
      },
    };
    const counted = database.db.$extends({ query: { show: count, cart: count } });
    t = await listening(
      {
        REALTIME_ACTIONS_BURST: '5',
        REALTIME_ACTIONS_PER_SECOND: '1',
        REALTIME_UNKNOWN_CHANNELS_PER_IP: '1000',
      },
      { ...database, db: counted as unknown as Db },
    );
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('is dropped when the bucket closes the socket: its queued subscriptions cost no lookup', async () => {
    const flood = await watchedSocket(t, '203.0.113.50');
    const before = lookups;
    // Five subscriptions the bucket lets in, sent with the flood that closes the socket:
    // handled one at a time, they are still queued when the sixth message closes it.
    for (let i = 0; i < 5; i += 1)
      flood.client.send({ action: 'subscribe', channel: `show-events/${randomUUID()}` });
    for (let i = 0; i < 30; i += 1) flood.client.send({ action: 'ping' });
    expect((await flood.closed).code).toBe(4429);
    await settle(300);
    // Without the drop all five are looked up (5); a packet boundary may let one start.
    expect(lookups - before).toBeLessThanOrEqual(2);
  });
});

describe('subscriptions to made-up channels', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let lookups = 0;
  const open: RealtimeClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const count = {
      async $allOperations({ args, query }: { args: unknown; query: (a: unknown) => unknown }) {
        lookups += 1;
        return query(args);
      },
    };
    // Every query of shows and carts, from both instances, is counted here.
    const counted = database.db.$extends({ query: { show: count, cart: count } });
    const shared = { ...database, db: counted as unknown as Db };
    const config = {
      REALTIME_UNKNOWN_CHANNELS_PER_IP: '5',
      REALTIME_ACTIONS_BURST: '1000',
      REALTIME_ACTIONS_PER_SECOND: '1000',
    };
    a = await listening(config, shared);
    b = await listening(config, shared);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await b.close();
    await a.close();
    await database.drop();
  });

  async function socketFrom(t: TestApp, ip: string) {
    const client = await connectRealtime(t, { headers: { 'x-forwarded-for': ip } });
    open.push(client);
    return client;
  }

  /** Sends every subscription at once and waits for the answer to each, in order. */
  async function answers(client: RealtimeClient, channels: string[]) {
    const since = client.inbox.length;
    for (const channel of channels) client.send({ action: 'subscribe', channel });
    await client.next(() => client.inbox.length - since >= channels.length, 10_000);
    return client.inbox
      .slice(since)
      .map((m) => (m.type === 'error' ? m.error : m.type === 'subscribed' ? 'subscribed' : m.type));
  }

  const madeUp = () => {
    const id = randomUUID();
    return [
      `show-events/${id}`,
      `chats-${id}`,
      `polls-${id}`,
      `show-seats/${id}`,
      `show-access/${id}/codes/ABC234`,
      `cart/${id}/3ds`,
    ][Math.floor(Math.random() * 6)] as string;
  };

  it('costs the database at most the address’s budget of lookups, on every instance', async () => {
    const channels = Array.from({ length: 150 }, madeUp);
    const flooder = await socketFrom(a, '203.0.113.30');
    const before = lookups;
    const heard = await answers(flooder, channels);
    expect(lookups - before).toBeLessThanOrEqual(5);
    expect(heard.slice(0, 5)).toEqual(Array(5).fill('CHANNEL_UNKNOWN'));
    expect(new Set(heard.slice(5))).toEqual(new Set(['RATE_LIMITED']));

    // The same address on the other instance: refused without a lookup.
    const elsewhere = await socketFrom(b, '203.0.113.30');
    const onB = lookups;
    expect(new Set(await answers(elsewhere, Array.from({ length: 20 }, madeUp)))).toEqual(
      new Set(['RATE_LIMITED']),
    );
    expect(lookups).toBe(onB);

    // Another address asking for the ones already found missing: answered from memory.
    const neighbour = await socketFrom(a, '203.0.113.31');
    const again = lookups;
    expect(await answers(neighbour, channels.slice(0, 5))).toEqual(
      Array(5).fill('CHANNEL_UNKNOWN'),
    );
    expect(lookups).toBe(again);
  });

  it('still lets a limited address join a show that exists', async () => {
    const show = await createShow(database.db, { status: 'LIVE' });
    const limited = await socketFrom(a, '203.0.113.40');
    await answers(limited, Array.from({ length: 6 }, madeUp));
    expect(await answers(limited, [madeUp()])).toEqual(['RATE_LIMITED']);
    // Another viewer's player joins the show: the instance now knows it exists.
    expect(await answers(await socketFrom(a, '203.0.113.41'), [`show-events/${show.id}`])).toEqual([
      'subscribed',
    ]);
    expect(await answers(limited, [`show-events/${show.id}`])).toEqual(['subscribed']);
  });
});
