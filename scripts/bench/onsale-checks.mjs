// After the on-sale run: proof from the database that no seat was held or
// sold twice, that every ticket's held + sold + free equals its capacity with
// nothing negative, that its `held` column is its counted lines in open carts, and that the seats each buyer was told it holds are
// exactly the seats the database says its cart holds; with card checkouts in
// the run, checkOrders: the orders' codes, e-mails and sold seats.
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
                           AND ci.expires_at > now()), 0)::int AS held,
              t.held AS held_column,
              coalesce((SELECT sum(ci.quantity) FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
                         WHERE ci.ticket_id = t.id AND c.status = 'OPEN'
                           AND ci.seat_id IS NULL), 0)::int AS counted
         FROM tickets t WHERE t.show_id = $1 ORDER BY t.fullname`,
      [show.showId],
    );
    const perTicket = tickets.rows.map((t) => ({
      ticket: t.fullname,
      capacity: t.capacity,
      held: t.held,
      sold: t.sold,
      free: t.capacity - t.held - t.sold,
      // tickets.held (decision 0082) against the counted lines of open carts it stands for.
      heldColumnRight: t.held_column === t.counted,
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
      perTicket.every((t) => t.free >= 0 && t.held >= 0 && t.heldColumnRight);
    return result;
  } finally {
    await client.end();
  }
}

/**
 * This show's orders after an on-sale with card checkouts: every APPROVED order
 * has a code per place and its e-mail marked sent, every seat line of a live
 * order has its SALE and every SALE its line, each ticket's `sold` equals the
 * places of its live orders, and every order a buyer was told was approved is
 * APPROVED with the seats the buyer bought. `pending` counts the approved
 * orders still waiting for their codes or e-mail (the worker's backlog).
 */
export async function checkOrders(url, show, buyers) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const one = async (sql) => (await client.query(sql, [show.showId])).rows[0].n;
  const mine = `SELECT DISTINCT o.* FROM orders o JOIN order_items i ON i.order_id = o.id
                 WHERE i.show_id = $1::uuid`;
  try {
    const approved = await one(
      `SELECT count(*)::int AS n FROM (${mine}) o WHERE o.status = 'APPROVED'`,
    );
    const withoutCodes = await one(
      `SELECT count(*)::int AS n FROM (${mine}) o WHERE o.status = 'APPROVED'
          AND (SELECT coalesce(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id)
            > (SELECT count(*) FROM ticket_codes k WHERE k.order_id = o.id)`,
    );
    const unmailed = await one(
      `SELECT count(*)::int AS n FROM (${mine}) o
        WHERE o.status = 'APPROVED' AND o.tickets_mailed_at IS NULL`,
    );
    const live = `o.status IN ('PENDING', 'WAITING_CONFIRMATION', 'APPROVED')`;
    const soldSeatsMismatch = await one(
      `SELECT ((SELECT count(*) FROM order_items i JOIN orders o ON o.id = i.order_id
                 WHERE i.show_id = $1::uuid AND i.seat_id IS NOT NULL AND ${live}
                   AND NOT EXISTS (SELECT 1 FROM seat_reservations r WHERE r.kind = 'SALE'
                                    AND r.order_id = o.id AND r.seat_id = i.seat_id))
             + (SELECT count(*) FROM seat_reservations r WHERE r.show_id = $1::uuid
                 AND r.kind = 'SALE' AND NOT EXISTS (
                   SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                    WHERE o.id = r.order_id AND i.seat_id = r.seat_id AND ${live})))::int AS n`,
    );
    const tickets = await client.query(
      `SELECT t.fullname, t.sold,
              coalesce((SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
                         WHERE i.ticket_id = t.id AND ${live}), 0)::int AS by_orders
         FROM tickets t WHERE t.show_id = $1::uuid ORDER BY t.fullname`,
      [show.showId],
    );
    const soldCountWrong = tickets.rows.filter((t) => t.sold !== t.by_orders).length;
    // What the buyers were told: approved, with these seats.
    const sales = await client.query(
      `SELECT r.seat_id::text AS seat, r.order_id::text AS "order", o.status::text AS status
         FROM seat_reservations r JOIN orders o ON o.id = r.order_id
        WHERE r.show_id = $1::uuid AND r.kind = 'SALE'`,
      [show.showId],
    );
    const sale = new Map(sales.rows.map((r) => [r.seat, r]));
    const told = buyers.flatMap((b) => [...b.sold.entries()]);
    const toldWrongly = told.filter(
      ([seat, order]) => sale.get(seat)?.order !== order || sale.get(seat)?.status !== 'APPROVED',
    ).length;
    const result = {
      approved,
      approvedWithoutCodes: withoutCodes,
      approvedUnmailed: unmailed,
      soldSeatsMismatch,
      ticketsSoldCountWrong: soldCountWrong,
      seatsBuyersBought: told.length,
      buyersToldWrongly: toldWrongly,
    };
    result.pending = withoutCodes + unmailed;
    result.ok =
      withoutCodes === 0 &&
      unmailed === 0 &&
      soldSeatsMismatch === 0 &&
      soldCountWrong === 0 &&
      toldWrongly === 0;
    return result;
  } finally {
    await client.end();
  }
}
