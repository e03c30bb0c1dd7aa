import { randomUUID } from 'node:crypto';
import { seatStatesResponseSchema } from '@taquilla/contract';
import type { ChatMessage } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/modules/auth/admin.ts';
import type { TestApp } from '../helpers/app.ts';
import { createOrganisers } from '../helpers/auth.ts';
import {
  chatShowWithHolders,
  createChatShow,
  mark,
  nextData,
  sendChat,
  setChannel,
  settle,
  socketPool,
} from '../helpers/chat.ts';
import { browser, cardInfo } from '../helpers/checkout.ts';
import { createShow, createTicket, createVenueMap } from '../helpers/factories.ts';
import { callAs } from '../helpers/http.ts';
import type { RealtimeClient } from '../helpers/realtime-client.ts';
import { startStack } from '../helpers/stack-processes.ts';
import type { Stack } from '../helpers/stack-processes.ts';
import { giveTicket, signedInViewer } from '../helpers/watch.ts';

const CHALLENGE_CARD = '4000000000003220';
const REPLACED_TEXT =
  'Hemos detectado que has ingresado a este contenido desde otro dispositivo o navegador.';

/**
 * Issue 13 "Scale-out": two API instances and one worker, each its own OS process on
 * its own port, on one PostgreSQL database and one Redis. Nothing is shared in memory:
 * whatever B knows of A's work came through PostgreSQL or Redis.
 */
describe('two API instances and a worker as separate processes', () => {
  let stack: Stack;
  let a: TestApp;
  let b: TestApp;
  const sockets = socketPool();
  let startedInMs = 0;

  beforeAll(async () => {
    const started = Date.now();
    // A catalogue TTL far longer than the tests: only an invalidation refreshes B.
    stack = await startStack({ env: { CATALOGUE_CACHE_SECONDS: '3600' } });
    startedInMs = Date.now() - started;
    const [apiA, apiB] = stack.apis;
    if (!apiA || !apiB) throw new Error('two instances expected');
    a = stack.asTestApp(apiA);
    b = stack.asTestApp(apiB);
  }, 90_000);
  afterAll(async () => {
    sockets.closeAll();
    await stack?.close();
  });

  it('runs as three processes on separate ports, ready within the start-up budget', () => {
    const [apiA, apiB] = stack.apis;
    const pids = [apiA?.child.pid, apiB?.child.pid, stack.workers[0]?.child.pid];
    expect(new Set(pids).size).toBe(3);
    expect(pids.every((pid) => pid !== process.pid)).toBe(true);
    expect(apiA?.port).not.toBe(apiB?.port);
    console.log(`[scale-out] stack (bundle, 2 APIs and a worker) ready in ${startedInMs} ms`);
    expect(startedInMs).toBeLessThan(30_000);
  });

  it('starts instances at once on an empty database: one creates the admin, none fails', async () => {
    const db = stack.database.db;
    expect(await db.user.count({ where: { email: stack.env.ADMIN_EMAIL } })).toBe(1);
    const email = `admin-${randomUUID()}@taquilla.test`;
    const log = { info: () => {} };
    await Promise.all(
      Array.from({ length: 5 }, () =>
        ensureAdmin(db, { email, password: 'Clave-Admin-2027' }, log),
      ),
    );
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it('a seat held through A is unavailable through B, and one of many simultaneous buyers gets it', async () => {
    const db = stack.database.db;
    const show = await createShow(db);
    const { map, sections } = await createVenueMap(db, show.id, [{ rows: 1, cols: 2 }]);
    const section = sections[0];
    const [seat, otherSeat] = section?.seats ?? [];
    if (!section || !seat || !otherSeat) throw new Error('map fixture');
    const line = (seatId: string) => [
      { ticket_uid: section.ticket.id, show_uid: show.id, quantity: 1, seat: seatId },
    ];
    const add = (t: TestApp, sid: string, seatId: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/cart/${sid}/items`,
        headers: { 'x-forwarded-for': ip },
        payload: { currency: 'GTQ', items: line(seatId) },
      });

    const first = await add(a, randomUUID(), seat.id, '192.0.2.10');
    expect(first.statusCode, first.body).toBe(200);
    const second = await add(b, randomUUID(), seat.id, '192.0.2.11');
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ error: 'SEAT_UNAVAILABLE' });
    const states = await b.app.inject({
      method: 'POST',
      url: `/shows/${show.id}/map/seats`,
      payload: { location: map.id, section: section.section.id },
    });
    expect(states.statusCode, states.body).toBe(200);
    const byName = Object.fromEntries(
      seatStatesResponseSchema.parse(states.json()).map((s) => [s.name, s.state]),
    );
    expect(byName).toEqual({ [seat.name]: 'unavailable', [otherSeat.name]: 'available' });
    expect(await db.seatReservation.count({ where: { seatId: seat.id } })).toBe(1);

    // Twenty buyers at once, half through each instance, for the other seat.
    const race = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        add(i % 2 === 0 ? a : b, randomUUID(), otherSeat.id, `198.51.100.${i + 1}`),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await db.seatReservation.count({ where: { seatId: otherSeat.id } })).toBe(1);
  });

  it('a chat message sent to A’s socket reaches a viewer connected to B', async () => {
    const { showId, holders } = await chatShowWithHolders(a, ['ANA234', 'BETO23']);
    const channel = `chats-${showId}`;
    const sender = await sockets.open(a, holders[0].headers);
    const listener = await sockets.open(b, holders[1].headers);
    expect((await setChannel(sender, channel)).type).toBe('init');
    expect((await setChannel(listener, channel)).type).toBe('init');

    sendChat(sender, channel, '¡Saludos desde la instancia A!');
    const heard = await nextData<ChatMessage>(listener, channel, (d) => d.type === 'message');
    expect(heard).toMatchObject({ show_uid: showId, message: '¡Saludos desde la instancia A!' });
    const stored = await stack.database.db.chatMessage.findUniqueOrThrow({
      where: { id: heard._id },
    });
    expect(stored.userId).toBe(holders[0].userId);
  });

  it('a 3-D Secure result arriving on A reaches the buyer’s socket on B', async () => {
    const db = stack.database.db;
    const show = await createShow(db);
    const ticket = await createTicket(db, show.id, { capacity: 10 });
    const buyer = browser(() => b, { 'x-forwarded-for': '203.0.113.7' });
    const cartId = await buyer.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 2 }]);
    const placed = await buyer.order(cartId, 'CREDIT_CARD', cardInfo(CHALLENGE_CARD));
    expect(placed.statusCode, placed.body).toBe(303);
    const order = placed.json() as { _id: string; payment_response: { redirect: string } };
    const challenge = new URL(order.payment_response.redirect).pathname;

    const socket = await sockets.open(b, { cookie: `sessionID=${buyer.sid}` });
    expect(await socket.subscribe(`cart/${cartId}/3ds`)).toMatchObject({ type: 'subscribed' });
    // The bank's page answers on A: the buyer's browser was on B.
    const decided = await a.app.inject({
      method: 'POST',
      url: challenge,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const result = await nextData<{ event: string; status: string }>(
      socket,
      `cart/${cartId}/3ds`,
      (d) => d.event === '3ds',
    );
    expect(result.status).toBe('APPROVED');
    expect((await db.order.findUniqueOrThrow({ where: { id: order._id } })).status).toBe(
      'APPROVED',
    );
  });

  it('an organiser write on A clears B’s catalogue cache at once', async () => {
    const organisers = await createOrganisers(a);
    const show = await createShow(stack.database.db, {
      producerId: organisers.producerA,
      fullname: 'Antes',
    });
    const nameOn = async (t: TestApp) => {
      const res = await t.app.inject({ method: 'GET', url: `/shows/${show.id}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { fullname: string }).fullname;
    };
    expect(await nameOn(b)).toBe('Antes');
    // Written behind the API's back, B keeps its cached answer: the cache is on.
    await stack.database.db.show.update({ where: { id: show.id }, data: { fullname: 'Oculto' } });
    expect(await nameOn(b)).toBe('Antes');

    const res = await callAs(a, organisers.producerUserA, 'PATCH', `/admin/shows/${show.id}`, {
      fullname: 'Después',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Not within a TTL (an hour here): the next read on B, right away.
    expect(await nameOn(b)).toBe('Después');
  });

  it('keeps one device per code across instances: device 1 on A is told when device 2 enters on B', async () => {
    const holder = await signedInViewer(a);
    const show = await createChatShow(a, { paid: true });
    await giveTicket(a, holder, show.id, 'DOS234');
    const channel = `show-access/${show.id}/codes/DOS234`;
    const enter = async (client: RealtimeClient) => {
      const since = mark(client);
      client.send({ action: 'subscribe', channel });
      return nextData<{ type: string; token?: string }>(client, channel, () => true, since);
    };
    const first = await sockets.open(a, holder.headers);
    const firstEntry = await enter(first);
    expect(firstEntry).toEqual({ type: 'device', token: expect.any(String) });

    const second = await sockets.open(b, holder.headers);
    const secondEntry = await enter(second);
    expect(secondEntry).toEqual({ type: 'device', token: expect.any(String) });
    expect(secondEntry.token).not.toBe(firstEntry.token);

    expect(await nextData(first, channel, (d) => d.type === 'device-replaced')).toEqual({
      type: 'device-replaced',
      message: REPLACED_TEXT,
    });
    await settle();
    expect(
      second.inbox.some(
        (m) => m.type === 'message' && (m.data as { type: string }).type === 'device-replaced',
      ),
    ).toBe(false);
  });
});
