import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { createShow, createTicket, createUser, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const MINUTE = 60_000;

interface CartBody {
  _id: string | null;
  currency: string;
  valid_thru: string | null;
  items: {
    _id: string;
    ticket_uid: string;
    quantity: number;
    total_price: number;
    total_fee: number;
    discount_price: number;
    seat_uid: string | null;
    location: { section: string | null; row: string | null; seat: string | null };
  }[];
  subtotal: number;
  total_fee: number;
  total: number;
}

const session = () => randomUUID();

describe('cart holds: tickets and seats for ten minutes, never twice', () => {
  let t: TestApp;
  let showId: string;

  const add = (sessionID: string, items: object[], headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/cart/${sessionID}/items`,
      headers,
      payload: { currency: 'GTQ', items },
    });
  const getCart = async (sessionID: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: `/cart/${sessionID}`, headers })).json() as CartBody;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    showId = (
      await createShow(t.database.db, { showDate: new Date(NOW.getTime() + 7 * 86_400_000) })
    ).id;
  });
  afterAll(() => t.close());

  it('prices a line from the ticket, never from the client, and starts the ten minutes', async () => {
    const ticket = await createTicket(t.database.db, showId, {
      price: 10_000,
      fee: 500,
      priceRules: { create: [{ quantityMin: 4, itemDiscountPrice: 9_000 }] },
    });
    const sid = session();
    const res = await add(sid, [
      { ticket_uid: ticket.id, show_uid: showId, quantity: 4, price: 1, total_price: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json() as CartBody;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      quantity: 4,
      discount_price: 90,
      total_price: 360,
      total_fee: 20,
    });
    // Subtotal before fees, fees apart (decision 0055).
    expect(cart.subtotal).toBe(360);
    expect(cart.total_fee).toBe(20);
    expect(cart.total).toBe(380);
    expect(cart.valid_thru).toBe(new Date(NOW.getTime() + 10 * MINUTE).toISOString());

    // A later add merges into the line and does not stretch the ten minutes.
    t.setNow(new Date(NOW.getTime() + 3 * MINUTE));
    try {
      const again = await add(sid, [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }]);
      expect(again.statusCode, again.body).toBe(200);
      const merged = again.json() as CartBody;
      expect(merged.items).toHaveLength(1);
      expect(merged.items[0]?.quantity).toBe(5);
      expect(merged.valid_thru).toBe(cart.valid_thru);
    } finally {
      t.setNow(NOW);
    }
  });

  it('answers an expired cart as empty, and its places are free again', async () => {
    const ticket = await createTicket(t.database.db, showId, { capacity: 2 });
    const sid = session();
    expect(
      (await add(sid, [{ ticket_uid: ticket.id, show_uid: showId, quantity: 2 }])).statusCode,
    ).toBe(200);
    const blocked = await add(session(), [
      { ticket_uid: ticket.id, show_uid: showId, quantity: 1 },
    ]);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toBe('NOT_ENOUGH_AVAILABLE');

    t.setNow(new Date(NOW.getTime() + 10 * MINUTE + 1));
    try {
      expect(await getCart(sid)).toMatchObject({ _id: null, items: [], total: 0 });
      const later = await add(session(), [
        { ticket_uid: ticket.id, show_uid: showId, quantity: 2 },
      ]);
      expect(later.statusCode, later.body).toBe(200);
    } finally {
      t.setNow(NOW);
    }
  });

  it('lets exactly 3 of 20 parallel adds take the last 3 tickets', async () => {
    const ticket = await createTicket(t.database.db, showId, { capacity: 10 });
    await t.database.db.ticket.update({ where: { id: ticket.id }, data: { sold: 7 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        add(session(), [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }]),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const held = await t.database.db.cartItem.aggregate({
      where: { ticketId: ticket.id },
      _sum: { quantity: true },
    });
    expect(held._sum.quantity).toBe(3);
  });

  it('lets exactly 1 of 50 parallel holds on one seat through', async () => {
    const { sections } = await createVenueMap(t.database.db, showId, [{ rows: 1, cols: 2 }]);
    const section = sections[0];
    const seat = section?.seats[0];
    if (!section || !seat) throw new Error('map fixture');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        add(session(), [
          { ticket_uid: section.ticket.id, show_uid: showId, quantity: 1, seat: seat.id },
        ]),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(['SEAT_UNAVAILABLE', 'CART_BUSY']).toContain(refused.json().error);
    }
    expect(await t.database.db.seatReservation.count({ where: { seatId: seat.id, showId } })).toBe(
      1,
    );
    // Nothing half-written: refused requests left no line behind.
    expect(await t.database.db.cartItem.count({ where: { seatId: seat.id } })).toBe(1);
    const line = (ok[0]?.json() as CartBody).items[0];
    expect(line).toMatchObject({ seat_uid: seat.id, location: { seat: seat.name } });
  });

  it('frees a seat when its line is removed, by item or by seat', async () => {
    const seated = await createShow(t.database.db);
    const { sections } = await createVenueMap(t.database.db, seated.id, [{ rows: 1, cols: 2 }]);
    const section = sections[0];
    const [first, second] = section?.seats ?? [];
    if (!section || !first || !second) throw new Error('map fixture');
    const sid = session();
    const res = await add(sid, [
      { ticket_uid: section.ticket.id, show_uid: seated.id, quantity: 1, seat: first.id },
      { ticket_uid: section.ticket.id, show_uid: seated.id, quantity: 1, seat: second.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const bySeat = await t.app.inject({
      method: 'DELETE',
      url: `/cart/${sid}/seats`,
      payload: { seats: [first.id] },
    });
    expect(bySeat.statusCode, bySeat.body).toBe(200);
    expect((bySeat.json() as CartBody).items.map((i) => i.seat_uid)).toEqual([second.id]);
    const itemId = (bySeat.json() as CartBody).items[0]?._id;
    const byItem = await t.app.inject({
      method: 'DELETE',
      url: `/cart/${sid}/items`,
      payload: { items: [itemId] },
    });
    expect((byItem.json() as CartBody).items).toEqual([]);
    expect(
      await t.database.db.seatReservation.count({
        where: { seatId: { in: [first.id, second.id] } },
      }),
    ).toBe(0);
    const other = await add(session(), [
      { ticket_uid: section.ticket.id, show_uid: seated.id, quantity: 1, seat: first.id },
    ]);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('keeps a signed-in user’s cart from any other session', async () => {
    const ticket = await createTicket(t.database.db, showId);
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const other = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const owner = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    const intruder = await login(t, other.email, TEST_PASSWORD, 'Viewer');
    const sid = session();
    const res = await add(
      sid,
      [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }],
      owner.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const headers of [intruder.headers, {}]) {
      const read = await t.app.inject({ method: 'GET', url: `/cart/${sid}`, headers });
      expect(read.statusCode).toBe(403);
      const write = await add(
        sid,
        [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }],
        headers,
      );
      expect(write.statusCode).toBe(403);
    }
    expect((await getCart(sid, owner.headers)).items[0]?.quantity).toBe(1);
  });

  it('refuses bad input with {error, message} and writes nothing', async () => {
    const ticket = await createTicket(t.database.db, showId);
    const draft = await createShow(t.database.db, { status: 'CLOSED' });
    const closedTicket = await createTicket(t.database.db, draft.id);
    const other = await createShow(t.database.db);
    const { sections } = await createVenueMap(t.database.db, other.id, [{ rows: 1, cols: 1 }]);
    const foreignSeat = sections[0]?.seats[0];
    const before = await t.database.db.cartItem.count();
    const cases: [string, object, number, string][] = [
      ['short', { ticket_uid: ticket.id, show_uid: showId, quantity: 1 }, 422, 'VALIDATION_ERROR'],
      [
        session(),
        { ticket_uid: ticket.id, show_uid: showId, quantity: 0 },
        422,
        'VALIDATION_ERROR',
      ],
      [
        session(),
        { ticket_uid: ticket.id, show_uid: showId, quantity: -2 },
        422,
        'VALIDATION_ERROR',
      ],
      [
        session(),
        { ticket_uid: ticket.id, show_uid: showId, quantity: 11 },
        422,
        'VALIDATION_ERROR',
      ],
      [
        session(),
        { ticket_uid: randomUUID(), show_uid: showId, quantity: 1 },
        404,
        'TICKET_NOT_FOUND',
      ],
      [
        session(),
        { ticket_uid: ticket.id, show_uid: other.id, quantity: 1 },
        422,
        'VALIDATION_ERROR',
      ],
      [
        session(),
        { ticket_uid: closedTicket.id, show_uid: draft.id, quantity: 1 },
        409,
        'TICKET_NOT_ON_SALE',
      ],
      [
        session(),
        { ticket_uid: ticket.id, show_uid: showId, quantity: 1, seat: foreignSeat?.id },
        404,
        'SEAT_NOT_FOUND',
      ],
    ];
    for (const [sid, item, status, code] of cases) {
      const res = await add(sid, [item]);
      expect(res.statusCode, `${JSON.stringify(item)} ${res.body}`).toBe(status);
      expect(res.json().error).toBe(code);
      expect(typeof res.json().message).toBe('string');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/cart/${session()}/items`,
      headers: { 'content-type': 'application/json' },
      payload: '{"items": [',
    });
    expect(malformed.statusCode).toBe(422);
    expect(await t.database.db.cartItem.count()).toBe(before);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/cart/${session()}/items`,
      payload: { items: [randomUUID()] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('CART_NOT_FOUND');
  });
});
