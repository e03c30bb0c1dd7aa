import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { socketPool } from '../../helpers/chat.ts';
import {
  INDIA_IP,
  createAccessCode,
  createWatchShow,
  giveTicket,
  signedInViewer,
} from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

const FORBIDDEN = {
  type: 'error',
  error: 'CHANNEL_FORBIDDEN',
  message: 'No tienes acceso a este canal',
};
const BLOCKED = {
  type: 'error',
  error: 'REGION_BLOCKED',
  message:
    'Este contenido esta restringido para tu región / This content is restricted for your region',
};

describe('realtime channels that need watch access (chats, polls, device codes)', () => {
  let t: TestApp;
  let people: Organisers;
  let holder: Viewer;
  let stranger: Viewer;
  let paidId: string;
  let freeId: string;
  let nologinId: string;
  const sockets = socketPool();
  /** A socket from Guatemala (through the trusted proxy), with the given upgrade headers. */
  const socket = (options: { headers?: Record<string, string>; path?: string } = {}) =>
    sockets.open(t, options.headers, options.path);
  const subscribed = (channel: string) => ({ type: 'subscribed', channel });

  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY_HOPS: '1' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    people = await createOrganisers(t);
    holder = await signedInViewer(t);
    stranger = await signedInViewer(t);
    paidId = (await createWatchShow(t, { paid: true, producerId: people.producerA })).id;
    await giveTicket(t, holder, paidId, 'CANAL2');
    freeId = (await createWatchShow(t, { paid: false })).id;
    nologinId = (await createWatchShow(t, { settings: { nologin: true } })).id;
    await createAccessCode(t, nologinId, { code: 'SALA2345' });
  });
  afterAll(async () => {
    sockets.closeAll();
    await t.close();
  });

  it('refuses every watch channel to an anonymous socket', async () => {
    const anonymous = await socket();
    for (const channel of [
      `chats-${paidId}`,
      `polls-${paidId}`,
      `show-access/${paidId}/codes/CANAL2`,
      `chats-${freeId}`,
      `chats-${nologinId}`,
      `show-access/${nologinId}/codes/NOEXISTE`,
    ]) {
      expect(await anonymous.subscribe(channel), channel).toEqual({ ...FORBIDDEN, channel });
    }
    expect(anonymous.inbox.some((m) => m.type === 'subscribed')).toBe(false);
  });

  it('accepts a ticket holder by cookie, Bearer header or ?token=, and its own code only', async () => {
    const ways = [
      { headers: holder.cookieHeaders },
      { headers: holder.headers },
      { path: `/realtime?token=${holder.token}` },
    ];
    for (const way of ways) {
      const client = await socket(way);
      for (const channel of [
        `chats-${paidId}`,
        `polls-${paidId}`,
        `show-access/${paidId}/codes/CANAL2`,
      ]) {
        expect(await client.subscribe(channel), channel).toEqual(subscribed(channel));
      }
      const other = `show-access/${paidId}/codes/OTRO23`;
      expect(await client.subscribe(other)).toEqual({ ...FORBIDDEN, channel: other });
    }
    const notHolder = await socket({ headers: stranger.headers });
    const channel = `chats-${paidId}`;
    expect(await notHolder.subscribe(channel)).toEqual({ ...FORBIDDEN, channel });
  });

  it('gives a free show’s channels to a signed-in user, its device channel under its own id', async () => {
    const client = await socket({ headers: stranger.headers });
    const own = `show-access/${freeId}/codes/${stranger.userId}`;
    expect(await client.subscribe(`chats-${freeId}`)).toEqual(subscribed(`chats-${freeId}`));
    expect(await client.subscribe(own)).toEqual(subscribed(own));
    for (const channel of [
      `show-access/${freeId}/codes/${holder.userId}`,
      `show-access/${freeId}/codes/${stranger.userId.toUpperCase()}`,
    ]) {
      expect(await client.subscribe(channel)).toEqual({ ...FORBIDDEN, channel });
    }
  });

  it('lets a no-login socket in with the code it sends, and the code’s device channel as issued', async () => {
    const client = await socket();
    expect(await client.subscribe(`polls-${nologinId}`, 'sala2345')).toEqual(
      subscribed(`polls-${nologinId}`),
    );
    expect(await client.subscribe(`chats-${nologinId}`, 'MALA2345')).toEqual({
      ...FORBIDDEN,
      channel: `chats-${nologinId}`,
    });
    const device = `show-access/${nologinId}/codes/SALA2345`;
    expect(await client.subscribe(device)).toEqual(subscribed(device));
    const lowerCase = `show-access/${nologinId}/codes/sala2345`;
    expect(await client.subscribe(lowerCase)).toEqual({ ...FORBIDDEN, channel: lowerCase });
  });

  it('lets the show’s organiser into its chat, another producer not', async () => {
    const organiser = await socket({ headers: people.producerUserA.headers });
    expect(await organiser.subscribe(`chats-${paidId}`)).toEqual(subscribed(`chats-${paidId}`));
    const other = await socket({ headers: people.producerUserB.headers });
    expect(await other.subscribe(`chats-${paidId}`)).toEqual({
      ...FORBIDDEN,
      channel: `chats-${paidId}`,
    });
  });

  it('refuses a socket forwarded from India with the specification’s text', async () => {
    const client = await socket({ headers: { ...holder.headers, 'x-forwarded-for': INDIA_IP } });
    for (const channel of [`chats-${paidId}`, `show-access/${paidId}/codes/CANAL2`]) {
      expect(await client.subscribe(channel)).toEqual({ ...BLOCKED, channel });
    }
  });

  it('follows the show’s status: no chat once it is closed', async () => {
    const show = await createWatchShow(t, { paid: true, status: 'CLOSED' });
    await giveTicket(t, holder, show.id, 'CERRA2');
    const client = await socket({ headers: holder.headers });
    expect(await client.subscribe(`chats-${show.id}`)).toEqual({
      ...FORBIDDEN,
      channel: `chats-${show.id}`,
    });
  });

  it('calls an unknown show’s channels unknown, and a session token never reaches the logs', async () => {
    const client = await socket({ path: `/realtime?token=${holder.token}` });
    const channel = 'chats-0196a0b4-0000-7000-8000-000000000000';
    expect(await client.subscribe(channel)).toMatchObject({
      type: 'error',
      error: 'CHANNEL_UNKNOWN',
    });
    expect(t.logs.join('').includes(holder.token)).toBe(false);
  });

  it('treats an ended session’s ?token= as no session', async () => {
    const gone = await signedInViewer(t);
    await giveTicket(t, gone, paidId, 'IDO234');
    await t.app.inject({
      method: 'PUT',
      url: `/auth/sessions/${gone.sessionId}/logout`,
      headers: gone.headers,
    });
    const client = await socket({ path: `/realtime?token=${gone.token}` });
    expect(await client.subscribe(`chats-${paidId}`)).toEqual({
      ...FORBIDDEN,
      channel: `chats-${paidId}`,
    });
  });

  it('stops a socket that keeps guessing device codes', async () => {
    const client = await socket({ headers: { 'x-forwarded-for': '203.0.114.9' } });
    for (let i = 0; i < 20; i += 1) {
      const channel = `show-access/${nologinId}/codes/PRUEBA${i}`;
      expect((await client.subscribe(channel)).type).toBe('error');
    }
    const channel = `show-access/${nologinId}/codes/SALA2345`;
    expect(await client.subscribe(channel)).toMatchObject({ error: 'RATE_LIMITED', channel });
  });
});
