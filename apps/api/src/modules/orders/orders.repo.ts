import type { Prisma } from '../../generated/prisma/client.ts';
import type { Tx } from '../../infra/db.ts';

/** The cart as checkout reads it, under the session lock. */
export function findCartForCheckout(tx: Tx, cartId: string) {
  return tx.cart.findUnique({
    where: { id: cartId },
    include: {
      items: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      promoCodes: { include: { promoCode: { select: { id: true, code: true } } } },
    },
  });
}
export type CheckoutCart = NonNullable<Awaited<ReturnType<typeof findCartForCheckout>>>;

/** The tickets of the cart's lines: which payment types they take and whether they sell by date. */
export async function findCheckoutTickets(tx: Tx, ticketIds: string[]) {
  const rows = await tx.ticket.findMany({
    where: { id: { in: ticketIds } },
    select: { id: true, paymentTypes: true, _count: { select: { showDates: true } } },
  });
  return new Map(
    rows.map((t) => [t.id, { paymentTypes: t.paymentTypes, dated: t._count.showDates > 0 }]),
  );
}

/** Ticket row locks in id order: the order every cart write takes them in (no deadlock). */
export async function lockTickets(tx: Tx, ticketIds: string[]): Promise<void> {
  const ids = [...new Set(ticketIds)].sort();
  if (ids.length === 0) return;
  await tx.$queryRaw`
    SELECT id FROM tickets WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`;
}

/**
 * One use of a promo code, only while uses are left: two orders racing for
 * the last use cannot both get it (one conditional statement).
 */
export async function consumePromoUse(tx: Tx, promoCodeId: string): Promise<boolean> {
  const taken = await tx.$executeRaw`
    UPDATE promo_codes SET used_count = used_count + 1, updated_at = now()
     WHERE id = ${promoCodeId}::uuid AND (usage_limit IS NULL OR used_count < usage_limit)`;
  return taken === 1;
}

/**
 * The cart's live seat holds become the order's sales. Answers how many did:
 * fewer than the cart's seat lines means a hold was lost (its time passed and
 * another buyer took the seat), and the caller rolls back.
 */
export function convertSeatHolds(tx: Tx, cartId: string, orderId: string, now: Date) {
  return tx.$queryRaw<{ showId: string; seatId: string; sectionId: string }[]>`
    UPDATE seat_reservations r
       SET kind = 'SALE', order_id = ${orderId}::uuid, expires_at = NULL, cart_id = NULL,
           cart_item_id = NULL
      FROM seats s
     WHERE s.id = r.seat_id AND r.cart_id = ${cartId}::uuid AND r.kind = 'HOLD'
       AND r.expires_at > ${now}
    RETURNING r.show_id::text AS "showId", r.seat_id::text AS "seatId",
              s.section_id::text AS "sectionId"`;
}

/**
 * A card that was declined gives the places back to the cart: sales turn into
 * holds again until the cart's own time ends (an ended time frees them at once).
 */
export function restoreSeatHolds(tx: Tx, orderId: string, cartId: string) {
  return tx.$queryRaw<{ showId: string; seatId: string; sectionId: string; live: boolean }[]>`
    UPDATE seat_reservations r
       SET kind = 'HOLD', order_id = NULL, cart_id = ci.cart_id, cart_item_id = ci.id,
           expires_at = c.valid_thru
      FROM cart_items ci, carts c, seats s
     WHERE r.order_id = ${orderId}::uuid AND ci.cart_id = ${cartId}::uuid
       AND ci.seat_id = r.seat_id AND c.id = ci.cart_id AND s.id = r.seat_id
    RETURNING r.show_id::text AS "showId", r.seat_id::text AS "seatId",
              s.section_id::text AS "sectionId", (c.valid_thru > now()) AS live`;
}

/** Seats of an order that gives its places back for good (rejected, cancelled, refunded). */
export function deleteSeatSales(tx: Tx, orderId: string) {
  return tx.$queryRaw<{ showId: string; seatId: string; sectionId: string }[]>`
    DELETE FROM seat_reservations r USING seats s
     WHERE s.id = r.seat_id AND r.order_id = ${orderId}::uuid AND r.kind = 'SALE'
    RETURNING r.show_id::text AS "showId", r.seat_id::text AS "seatId",
              s.section_id::text AS "sectionId"`;
}

/** `tickets.sold` counts tickets without dates (decision 0008); dated ones count order lines. */
export async function addSold(
  tx: Tx,
  lines: { ticketId: string; quantity: number }[],
  sign: 1 | -1,
) {
  const byTicket = new Map<string, number>();
  for (const l of lines) byTicket.set(l.ticketId, (byTicket.get(l.ticketId) ?? 0) + l.quantity);
  for (const [ticketId, quantity] of [...byTicket].sort(([a], [b]) => a.localeCompare(b))) {
    await tx.$executeRaw`
      UPDATE tickets SET sold = sold + ${sign * quantity} WHERE id = ${ticketId}::uuid`;
  }
}

export function insertChangeLog(
  tx: Tx,
  entry: Omit<Prisma.OrderChangeLogUncheckedCreateInput, 'id' | 'createdAt'>,
) {
  return tx.orderChangeLog.create({ data: entry, select: { id: true } });
}

export const ORDER_VIEW_INCLUDE = {
  items: { orderBy: { id: 'asc' } },
  codes: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  changeLog: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  promoCodes: { include: { promoCode: { select: { code: true } } } },
  cart: { select: { sessionKey: true } },
} satisfies Prisma.OrderInclude;
export type OrderView = Prisma.OrderGetPayload<{ include: typeof ORDER_VIEW_INCLUDE }>;

export function findOrderView(tx: Tx, orderId: string): Promise<OrderView | null> {
  return tx.order.findUnique({ where: { id: orderId }, include: ORDER_VIEW_INCLUDE });
}
