import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredHolds } from '../../../src/modules/inventory/inventory.expiry.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createVenueMap } from '../../helpers/factories.ts';

/*
 * Counted stock's held units (decision 0082): `tickets.held` is kept by triggers, and a
 * hold of counted stock decides on it alone. Every way a line or its cart changes must
 * leave it equal to what it stands for (the units of counted lines in OPEN carts), or a
 * hold would be refused with places free, or given one too many.
 */

const NOW = new Date('2027-03-10T18:00:00.000Z');
const MINUTE = 60_000;
const DECLINED = '4000000000000010';

describe('tickets.held follows every writer of a counted line', () => {
  let t: TestApp;
  let showId: string;
  let ticketId: string;
  let seated: { ticketId: string; seatIds: string[] };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const show = await createShow(db);
    showId = show.id;
    ticketId = (await createTicket(db, show.id, { capacity: 5, price: 10_000 })).id;
    const { sections } = await createVenueMap(db, show.id, [{ rows: 1, cols: 3 }]);
    const section = sections[0];
    if (!section) throw new Error('map fixture');
    seated = { ticketId: section.ticket.id, seatIds: section.seats.map((s) => s.id) };
  });
  afterAll(async () => {
    await t.close();
  });

  /** What held stands for, counted from the lines; and what the column says. */
  async function held(id = ticketId) {
    const [row] = await t.database.db.$queryRaw<{ counted: number; column: number }[]>`
      SELECT coalesce((SELECT sum(i.quantity) FROM cart_items i JOIN carts c ON c.id = i.cart_id
                        WHERE i.ticket_id = t.id AND i.seat_id IS NULL AND c.status = 'OPEN'), 0)::int
               AS counted,
             t.held AS column
        FROM tickets t WHERE t.id = ${id}::uuid`;
    expect(row?.column, 'tickets.held against the lines it counts').toBe(row?.counted);
    return row?.column;
  }

  const general = (quantity: number) => ({ ticket_uid: ticketId, show_uid: showId, quantity });
  const buyer = () => browser(() => t);

  it('grows with a hold and a line grown, shrinks with a line taken out and a reset', async () => {
    t.setNow(NOW);
    const b = buyer();
    await b.hold([general(1)]);
    expect(await held()).toBe(1);
    await b.hold([general(2)]);
    expect(await held()).toBe(3);
    const lines = (await b.cart()).items as { _id: string }[];
    const out = await b.send('DELETE', `/cart/${b.sid}/items`, { items: lines.map((l) => l._id) });
    expect(out.statusCode, out.body).toBe(200);
    expect(await held()).toBe(0);
    await b.hold([general(2)]);
    expect(await held()).toBe(2);
    const reset = await b.send('DELETE', `/cart/${b.sid}/`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await held()).toBe(0);
  });

  it('does not move with seat holds', async () => {
    t.setNow(NOW);
    const b = buyer();
    await b.hold([
      { ticket_uid: seated.ticketId, show_uid: showId, quantity: 1, seat: seated.seatIds[0] },
    ]);
    expect(await held(seated.ticketId)).toBe(0);
    await b.send('DELETE', `/cart/${b.sid}/`);
  });

  it('gives the units back when the sweep closes a cart past its time', async () => {
    t.setNow(NOW);
    const b = buyer();
    await b.hold([general(2)]);
    expect(await held()).toBe(2);
    await releaseExpiredHolds(t.database.db, new Date(NOW.getTime() + 11 * MINUTE));
    expect(await held()).toBe(0);
  });

  it('moves units to sold at checkout, and back to the cart when the card is declined', async () => {
    t.setNow(NOW);
    const before = await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticketId } });
    const declined = buyer();
    const cartId = await declined.hold([general(2)]);
    const refused = await declined.order(cartId, 'CREDIT_CARD', cardInfo(DECLINED));
    expect(refused.statusCode, refused.body).not.toBe(200);
    expect(await held()).toBe(2);
    await declined.send('DELETE', `/cart/${declined.sid}/`);

    const paid = buyer();
    const paidCart = await paid.hold([general(2)]);
    const ok = await paid.order(paidCart, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await held()).toBe(0);
    const after = await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(after.sold).toBe(before.sold + 2);
  });

  it('lets a hold past its time, not yet swept, go when a buyer needs its units', async () => {
    t.setNow(NOW);
    const sold = (await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticketId } })).sold;
    const first = buyer();
    await first.hold([general(5 - sold)]);
    const other = buyer();
    const short = await other.send('POST', `/cart/${other.sid}/items`, { items: [general(1)] });
    expect(short.statusCode).toBe(409);
    expect(await held()).toBe(5 - sold);

    t.setNow(new Date(NOW.getTime() + 11 * MINUTE));
    const next = buyer();
    await next.hold([general(1)]);
    expect(await held()).toBe(1);
    const firstCart = await t.database.db.cart.findFirstOrThrow({
      where: { sessionKey: first.sid },
    });
    expect(firstCart.status).toBe('EXPIRED');
    await next.send('DELETE', `/cart/${next.sid}/`);
  });

  it("loses a deleted open cart's units", async () => {
    t.setNow(NOW);
    const b = buyer();
    const cartId = await b.hold([general(1)]);
    expect(await held()).toBe(1);
    await t.database.db.cart.delete({ where: { id: cartId } });
    expect(await held()).toBe(0);
  });
});
