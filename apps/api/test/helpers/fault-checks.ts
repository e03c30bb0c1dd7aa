import type { Db } from '../../src/infra/db.ts';

/**
 * The database's own account of an on-sale after a fault (issue 13
 * "Faults"), the same checks as scripts/bench/onsale-checks.mjs plus the
 * orders': every number here must be zero or balance for the test to pass.
 */
export interface OnsaleFacts {
  /** Seat holds not covered by an OPEN cart still in its time, nor by an order. */
  holdsOutlivingCart: number;
  /** Cart lines of OPEN carts past their time (the sweeper turns them EXPIRED). */
  openCartsPastTime: number;
  seatsTwice: number;
  /** Seat lines of live carts without their reservation, and reservations without a line. */
  seatLinesWithoutHold: number;
  holdsWithoutLine: number;
  ordersWithoutItems: number;
  /** APPROVED orders whose codes are fewer than their places. */
  approvedWithoutCodes: number;
  /** APPROVED orders whose tickets e-mail is not marked sent. */
  approvedUnmailed: number;
  /** Seat lines of live orders without their SALE, and SALEs of no live order line. */
  soldSeatsMismatch: number;
  orders: Record<string, number>;
  codes: number;
  tickets: {
    ticket: string;
    capacity: number;
    held: number;
    sold: number;
    free: number;
    /** tickets.sold against the places of live orders (PENDING, WAITING, APPROVED). */
    soldByOrders: number;
  }[];
}

const n = (rows: { n: number | bigint }[]) => Number(rows[0]?.n ?? 0);

export async function onsaleFacts(db: Db, showId: string): Promise<OnsaleFacts> {
  const holdsOutlivingCart = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM seat_reservations r
      LEFT JOIN carts c ON c.id = r.cart_id
     WHERE r.kind = 'HOLD' AND r.order_id IS NULL
       AND (c.id IS NULL OR c.status <> 'OPEN' OR c.valid_thru <= now() OR r.expires_at <= now())`,
  );
  const openCartsPastTime = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM carts c
     WHERE c.status = 'OPEN' AND c.valid_thru <= now()
       AND EXISTS (SELECT 1 FROM cart_items ci WHERE ci.cart_id = c.id)`,
  );
  const seatsTwice = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM (SELECT show_id, seat_id
      FROM seat_reservations GROUP BY 1, 2 HAVING count(*) > 1) x`,
  );
  const seatLinesWithoutHold = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
     WHERE ci.seat_id IS NOT NULL AND c.status = 'OPEN' AND ci.expires_at > now()
       AND NOT EXISTS (SELECT 1 FROM seat_reservations r
                        WHERE r.cart_item_id = ci.id AND r.seat_id = ci.seat_id)`,
  );
  const holdsWithoutLine = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM seat_reservations r
     WHERE r.kind = 'HOLD' AND r.expires_at > now()
       AND NOT EXISTS (SELECT 1 FROM cart_items ci WHERE ci.id = r.cart_item_id)`,
  );
  const ordersWithoutItems = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM orders o
     WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
  );
  const approvedWithoutCodes = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM orders o
     WHERE o.status = 'APPROVED'
       AND (SELECT coalesce(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id)
         > (SELECT count(*) FROM ticket_codes k WHERE k.order_id = o.id)`,
  );
  const approvedUnmailed = n(
    await db.$queryRaw`SELECT count(*)::int AS n FROM orders
     WHERE status = 'APPROVED' AND tickets_mailed_at IS NULL`,
  );
  const soldSeatsMismatch = n(
    await db.$queryRaw`SELECT (
       (SELECT count(*) FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE i.seat_id IS NOT NULL
           AND o.status IN ('PENDING', 'WAITING_CONFIRMATION', 'APPROVED')
           AND NOT EXISTS (SELECT 1 FROM seat_reservations r WHERE r.kind = 'SALE'
                            AND r.order_id = o.id AND r.seat_id = i.seat_id))
     + (SELECT count(*) FROM seat_reservations r WHERE r.kind = 'SALE'
         AND NOT EXISTS (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                          WHERE o.id = r.order_id AND i.seat_id = r.seat_id
                            AND o.status IN ('PENDING', 'WAITING_CONFIRMATION', 'APPROVED')))
     )::int AS n`,
  );
  const statuses = await db.$queryRaw<{ status: string; n: number }[]>`
    SELECT status::text, count(*)::int AS n FROM orders GROUP BY 1 ORDER BY 1`;
  const codes = n(await db.$queryRaw`SELECT count(*)::int AS n FROM ticket_codes`);
  const tickets = await db.$queryRaw<
    { ticket: string; capacity: number; sold: number; held: number; sold_by_orders: number }[]
  >`SELECT t.fullname AS ticket, t.capacity, t.sold,
       coalesce((SELECT sum(ci.quantity) FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
                  WHERE ci.ticket_id = t.id AND c.status = 'OPEN' AND ci.expires_at > now()), 0)::int
         AS held,
       coalesce((SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
                  WHERE i.ticket_id = t.id
                    AND o.status IN ('PENDING', 'WAITING_CONFIRMATION', 'APPROVED')), 0)::int
         AS sold_by_orders
      FROM tickets t WHERE t.show_id = ${showId}::uuid ORDER BY t.fullname`;
  return {
    holdsOutlivingCart,
    openCartsPastTime,
    seatsTwice,
    seatLinesWithoutHold,
    holdsWithoutLine,
    ordersWithoutItems,
    approvedWithoutCodes,
    approvedUnmailed,
    soldSeatsMismatch,
    orders: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
    codes,
    tickets: tickets.map((t) => ({
      ticket: t.ticket,
      capacity: t.capacity,
      held: t.held,
      sold: t.sold,
      free: t.capacity - t.held - t.sold,
      soldByOrders: t.sold_by_orders,
    })),
  };
}
