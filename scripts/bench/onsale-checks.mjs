// After the on-sale run: proof from the database that no seat was held or
// sold twice, that every ticket's held + sold + free equals its capacity with
// nothing negative, and that the seats each buyer was told it holds are
// exactly the seats the database says its cart holds.
import { requireRoot } from './lib.mjs';

const { Client } = requireRoot('pg');

export async function checkInventory(url, show, buyers) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const twice = await client.query(
      `SELECT count(*)::int AS n FROM (
         SELECT show_id, seat_id FROM seat_reservations GROUP BY 1, 2 HAVING count(*) > 1) x`,
    );
    // Every live seat line has its one reservation, and every live hold its line.
    const orphans = await client.query(
      `SELECT
         (SELECT count(*)::int FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
           WHERE ci.seat_id IS NOT NULL AND c.status = 'OPEN' AND ci.expires_at > now()
             AND NOT EXISTS (SELECT 1 FROM seat_reservations r
                              WHERE r.cart_item_id = ci.id AND r.seat_id = ci.seat_id)) AS lines,
         (SELECT count(*)::int FROM seat_reservations r
           WHERE r.kind = 'HOLD' AND r.expires_at > now()
             AND NOT EXISTS (SELECT 1 FROM cart_items ci WHERE ci.id = r.cart_item_id)) AS holds`,
    );
    const tickets = await client.query(
      `SELECT t.id, t.fullname, t.capacity, t.sold,
              coalesce((SELECT sum(ci.quantity) FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
                         WHERE ci.ticket_id = t.id AND c.status = 'OPEN'
                           AND ci.expires_at > now()), 0)::int AS held
         FROM tickets t WHERE t.show_id = $1 ORDER BY t.fullname`,
      [show.showId],
    );
    const perTicket = tickets.rows.map((t) => ({
      ticket: t.fullname,
      capacity: t.capacity,
      held: t.held,
      sold: t.sold,
      free: t.capacity - t.held - t.sold,
    }));
    // What the buyers were told, against what the database holds for their carts.
    const holds = await client.query(
      `SELECT r.seat_id::text AS seat, r.cart_id::text AS cart FROM seat_reservations r
        WHERE r.show_id = $1 AND r.kind = 'HOLD' AND r.expires_at > now()`,
      [show.showId],
    );
    const dbHolder = new Map(holds.rows.map((r) => [r.seat, r.cart]));
    let toldButNotHeld = 0;
    let told = 0;
    for (const buyer of buyers) {
      for (const seat of buyer.seats.keys()) {
        told += 1;
        if (dbHolder.get(seat) !== buyer.cartId) toldButNotHeld += 1;
      }
    }
    const result = {
      seatsHeldTwice: twice.rows[0].n,
      seatLinesWithoutHold: orphans.rows[0].lines,
      holdsWithoutLine: orphans.rows[0].holds,
      seatsHeld: holds.rows.length,
      seatsBuyersHold: told,
      buyersToldWrongly: toldButNotHeld,
      tickets: perTicket,
    };
    result.ok =
      result.seatsHeldTwice === 0 &&
      result.seatLinesWithoutHold === 0 &&
      result.holdsWithoutLine === 0 &&
      result.buyersToldWrongly === 0 &&
      told === holds.rows.length &&
      perTicket.every((t) => t.free >= 0 && t.held >= 0);
    return result;
  } finally {
    await client.end();
  }
}
