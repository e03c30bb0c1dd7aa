import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisNamespace } from '../../../src/config.ts';
import { createRedis } from '../../../src/infra/redis.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { createShow, createTicket, createUser, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const session = () => randomUUID();

interface CartBody {
  _id: string | null;
  items: { _id: string; seat_uid: string | null; quantity: number }[];
  payment_type: string | null;
  payment_info: Record<string, unknown> | null;
  valid_thru: string | null;
}

describe('cart: reset, payment data, the per-client cap and live seat news', () => {
  let t: TestApp;
  let listener: Redis;
  const heard: { channel: string; data: unknown }[] = [];
  let showId: string;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: object; headers?: Record<string, string>; ip?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(options.payload ? { payload: options.payload } : {}),
      headers: options.headers ?? {},
      remoteAddress: options.ip ?? '127.0.0.1',
    });
  const add = (sid: string, items: object[], options: { ip?: string; headers?: object } = {}) =>
    inject('POST', `/cart/${sid}/items`, {
      payload: { items },
      ...(options.ip ? { ip: options.ip } : {}),
      ...(options.headers ? { headers: options.headers as Record<string, string> } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, config: { CART_HOLD_CAP_PER_CLIENT: '6' } });
    showId = (await createShow(t.database.db, { showDate: new Date(NOW.getTime() + 86_400_000) }))
      .id;
    listener = createRedis(t.config.REDIS_URL);
    listener.on('pmessage', (_pattern, channel: string, payload: string) => {
      heard.push({ channel, data: (JSON.parse(payload) as { data: unknown }).data });
    });
    await listener.psubscribe(`${redisNamespace(t.config)}:rt:show-seats/*`);
  });
  afterAll(async () => {
    listener.disconnect();
    await t.close();
  });

  /** Waits for the announcements on `show-seats/{showId}` (Redis pub/sub is asynchronous). */
  async function heardOn(id: string, count: number) {
    const deadline = Date.now() + 3_000;
    const on = () =>
      heard.filter(
        (m) =>
          m.channel.endsWith(`show-seats/${id}`) &&
          (m.data as { event?: string }).event === 'seats',
      );
    while (on().length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return on().map((m) => m.data);
  }

  it('resets a cart: every hold is released and announced, and a second reset is 404', async () => {
    const seated = await createShow(t.database.db);
    const { sections } = await createVenueMap(t.database.db, seated.id, [{ rows: 1, cols: 2 }]);
    const section = sections[0];
    const seat = section?.seats[0];
    if (!section || !seat) throw new Error('map fixture');
    const sid = session();
    const version = () => t.redis.get(`${redisNamespace(t.config)}:seatver:${seated.id}`);

    const held = await add(sid, [
      { ticket_uid: section.ticket.id, show_uid: seated.id, quantity: 1, seat: seat.id },
    ]);
    expect(held.statusCode, held.body).toBe(200);
    const afterHold = await version();
    expect(afterHold).toBeTruthy();

    const reset = await inject('DELETE', `/cart/${sid}/`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ _id: null, items: [] });
    expect(await version()).not.toBe(afterHold);
    expect(await t.database.db.seatReservation.count({ where: { seatId: seat.id } })).toBe(0);
    expect(await heardOn(seated.id, 2)).toEqual([
      {
        event: 'seats',
        show_uid: seated.id,
        changes: [{ seat_uid: seat.id, section_uid: section.section.id, change: 'held' }],
      },
      {
        event: 'seats',
        show_uid: seated.id,
        changes: [{ seat_uid: seat.id, section_uid: section.section.id, change: 'released' }],
      },
    ]);

    const again = await inject('DELETE', `/cart/${sid}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'CART_NOT_FOUND' });
    // The next add opens a new cart with a new ten minutes.
    const next = await add(sid, [
      { ticket_uid: section.ticket.id, show_uid: seated.id, quantity: 1, seat: seat.id },
    ]);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()._id).not.toBe(held.json()._id);
  });

  it('refuses a taken seat at once and gives it to the next buyer as soon as it is free', async () => {
    const seated = await createShow(t.database.db);
    const { sections } = await createVenueMap(t.database.db, seated.id, [{ rows: 1, cols: 1 }]);
    const section = sections[0];
    const seat = section?.seats[0];
    if (!section || !seat) throw new Error('map fixture');
    const line = [
      { ticket_uid: section.ticket.id, show_uid: seated.id, quantity: 1, seat: seat.id },
    ];
    const first = session();
    expect((await add(first, line, { ip: '192.0.2.10' })).statusCode).toBe(200);
    // The seat snapshot now knows the hold: the next buyer is refused.
    const refused = await add(session(), line, { ip: '192.0.2.11' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'SEAT_UNAVAILABLE',
      message: 'El asiento ya no está disponible. Por favor elige otro.',
    });
    // Released by its holder: free at once.
    const cart = (await inject('GET', `/cart/${first}`, { ip: '192.0.2.10' })).json() as CartBody;
    await inject('DELETE', `/cart/${first}/seats`, {
      payload: { seats: [cart.items[0]?.seat_uid] },
      ip: '192.0.2.10',
    });
    const second = session();
    expect((await add(second, line, { ip: '192.0.2.11' })).statusCode).toBe(200);
    // Past its ten minutes the hold no longer counts, before any job or sweeper ran.
    t.setNow(new Date(NOW.getTime() + 10 * 60_000 + 1));
    try {
      const third = await add(session(), line, { ip: '192.0.2.12' });
      expect(third.statusCode, third.body).toBe(200);
      expect(await t.database.db.seatReservation.count({ where: { seatId: seat.id } })).toBe(1);
    } finally {
      t.setNow(NOW);
    }
  });

  it('keeps the buyer data and payment type, and refuses card data', async () => {
    const ticket = await createTicket(t.database.db, showId);
    const sid = session();
    expect(
      (await add(sid, [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }])).statusCode,
    ).toBe(200);
    const buyer = {
      firstname: 'Ana',
      lastname: 'López',
      email: 'ana@example.com',
      nit: '12345678',
      country: 'GT',
    };
    const saved = await inject('PUT', `/cart/${sid}/payment`, {
      payload: { payment_type: 'CREDIT_CARD', payment_provider: 'sandbox', payment_info: buyer },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      payment_type: 'CREDIT_CARD',
      payment_info: { ...buyer, provider: 'sandbox' },
    });

    const before = await t.database.db.cart.findFirstOrThrow({ where: { sessionKey: sid } });
    for (const payment_info of [
      { ...buyer, cc_number: '4111111111111111' },
      { ...buyer, cvv: '123' },
    ]) {
      const refused = await inject('PUT', `/cart/${sid}/payment`, {
        payload: { payment_type: 'CREDIT_CARD', payment_info },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toBe('VALIDATION_ERROR');
    }
    const card = await inject('PUT', `/cart/${sid}/payment`, {
      payload: { payment_type: 'CREDIT_CARD', cc_number: '4111111111111111' },
    });
    expect(card.statusCode).toBe(422);
    const after = await t.database.db.cart.findFirstOrThrow({ where: { sessionKey: sid } });
    expect(after.paymentInfo).toEqual(before.paymentInfo);
    expect(JSON.stringify(after)).not.toContain('4111');

    const none = await inject('PUT', `/cart/${session()}/payment`, {
      payload: { payment_type: 'BANK_DEPOSIT' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('CART_NOT_FOUND');
  });

  it('caps the places one address holds across its carts, and counts another address apart', async () => {
    const ticket = await createTicket(t.database.db, showId, { capacity: 100 });
    const ip = '203.0.113.7';
    const line = (quantity: number) => [{ ticket_uid: ticket.id, show_uid: showId, quantity }];
    expect((await add(session(), line(4), { ip })).statusCode).toBe(200);
    const second = session();
    expect((await add(second, line(2), { ip })).statusCode).toBe(200);
    const refused = await add(session(), line(1), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'HOLD_LIMIT_REACHED',
      message: expect.stringContaining('demasiados boletos reservados'),
    });
    expect(await t.database.db.cartItem.count({ where: { ticketId: ticket.id } })).toBe(2);
    expect((await add(session(), line(6), { ip: '203.0.113.8' })).statusCode).toBe(200);

    // Releasing places makes room again.
    const cart = (await inject('GET', `/cart/${second}`, { ip })).json() as CartBody;
    const removed = await inject('DELETE', `/cart/${second}/items`, {
      payload: { items: cart.items.map((i) => i._id) },
      ip,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await add(session(), line(2), { ip })).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address for the cap', async () => {
    const ticket = await createTicket(t.database.db, showId, { capacity: 100 });
    const line = (quantity: number) => [{ ticket_uid: ticket.id, show_uid: showId, quantity }];
    expect((await add(session(), line(4), { ip: '2001:db8:5:5:a::1' })).statusCode).toBe(200);
    expect((await add(session(), line(2), { ip: '2001:db8:5:5:b::2' })).statusCode).toBe(200);
    const refused = await add(session(), line(1), { ip: '2001:db8:5:5:c::3' });
    expect(refused.json()).toMatchObject({ error: 'HOLD_LIMIT_REACHED' });
    expect((await add(session(), line(6), { ip: '2001:db8:5:6::1' })).statusCode).toBe(200);
  });

  it('counts a signed-in buyer by account, and signing in attaches the anonymous cart', async () => {
    const ticket = await createTicket(t.database.db, showId);
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const buyer = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    const sid = session();
    const line = [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }];
    expect((await add(sid, line, { ip: '198.51.100.1' })).statusCode).toBe(200);
    const attached = await add(sid, line, { ip: '198.51.100.1', headers: buyer.headers });
    expect(attached.statusCode, attached.body).toBe(200);
    const row = await t.database.db.cart.findFirstOrThrow({ where: { sessionKey: sid } });
    expect(row).toMatchObject({ userId: user.id, clientKey: `user:${user.id}` });
    // Now the cart is the user's: anonymous reads are refused.
    expect((await inject('GET', `/cart/${sid}`, { ip: '198.51.100.1' })).statusCode).toBe(403);
    // The account's cap is its own, wherever it connects from.
    const more = await add(session(), [{ ...line[0], quantity: 5 }], {
      ip: '198.51.100.2',
      headers: buyer.headers,
    });
    expect(more.statusCode).toBe(429);
  });
});
