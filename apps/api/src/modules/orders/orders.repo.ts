import type { Prisma } from '../../generated/prisma/client.ts';
import type { Tx } from '../../infra/db.ts';

/** A cart line as checkout needs it: amounts in both currencies, the ticket's rules. */
export interface CheckoutLine {
  id: string;
  ticketId: string;
  seatId: string | null;
  quantity: number;
  totalPrice: number;
  totalFee: number;
  totalPriceUsd: number | null;
  totalFeeUsd: number | null;
  /** The payment types its ticket takes. */
  paymentTypes: string[];
  /** Its ticket sells by date (decision 0008: `tickets.sold` is not used). */
  dated: boolean;
}

export interface CheckoutCart {
  id: string;
  sessionKey: string;
  userId: string | null;
  status: 'OPEN' | 'CHECKED_OUT' | 'EXPIRED';
  currency: 'GTQ' | 'USD';
  validThru: Date | null;
  items: CheckoutLine[];
  promoCodes: { promoCodeId: string; discountAmount: number }[];
}

/** The cart as checkout reads it, under the session lock, in one statement. */
export async function findCartForCheckout(tx: Tx, cartId: string): Promise<CheckoutCart | null> {
  const rows = await tx.$queryRaw<{ c: Record<string, unknown> }[]>`
    SELECT json_build_object(
      'id', c.id, 'sessionKey', c.session_key, 'userId', c.user_id, 'status', c.status,
      'currency', c.currency, 'validThru', c.valid_thru,
      'items', coalesce((SELECT json_agg(json_build_object(
          'id', i.id, 'ticketId', i.ticket_id, 'seatId', i.seat_id, 'quantity', i.quantity,
          'totalPrice', i.total_price, 'totalFee', i.total_fee,
          'totalPriceUsd', i.total_price_usd, 'totalFeeUsd', i.total_fee_usd,
          'paymentTypes', coalesce(t.payment_types, '{}'),
          'dated', EXISTS (SELECT 1 FROM ticket_show_dates d WHERE d.ticket_id = t.id))
          ORDER BY i.created_at, i.id)
        FROM cart_items i JOIN tickets t ON t.id = i.ticket_id
       WHERE i.cart_id = c.id), '[]'::json),
      'promoCodes', coalesce((SELECT json_agg(json_build_object(
          'promoCodeId', a.promo_code_id, 'discountAmount', a.discount_amount))
        FROM promo_code_applications a WHERE a.cart_id = c.id), '[]'::json)) AS c
      FROM carts c WHERE c.id = ${cartId}::uuid`;
  const c = rows[0]?.c;
  if (!c) return null;
  return {
    ...(c as unknown as CheckoutCart),
    validThru: c.validThru === null ? null : new Date(String(c.validThru)),
  };
}

/**
 * The order, its lines copied from the cart's (prices in the cart's currency,
 * never from the client), the cart's promo codes moved to it, the cart closed
 * and the first change-log entry: one statement.
 */
export async function insertOrderFromCart(
  tx: Tx,
  input: {
    cartId: string;
    userId: string | null;
    email: string;
    status: string;
    paymentType: string;
    currency: 'GTQ' | 'USD';
    totals: { subtotal: number; totalFee: number; totalDiscount: number; total: number };
    paymentInfo: object;
    card: { brand: string | null; last4: string } | null;
  },
): Promise<string> {
  const usd = input.currency === 'USD';
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH o AS (
      INSERT INTO orders (id, user_id, cart_id, email, status, payment_type, currency, subtotal,
                          total_fee, total_discount, total, payment_info, cc_brand, cc_last4,
                          updated_at)
      VALUES (gen_random_uuid(), ${input.userId}::uuid, ${input.cartId}::uuid, ${input.email},
              ${input.status}::"OrderStatus", ${input.paymentType}::"PaymentType",
              ${input.currency}::"Currency", ${input.totals.subtotal}, ${input.totals.totalFee},
              ${input.totals.totalDiscount}, ${input.totals.total},
              ${JSON.stringify(input.paymentInfo)}::jsonb, ${input.card?.brand ?? null},
              ${input.card?.last4 ?? null}, now())
      RETURNING id),
    lines AS (
      INSERT INTO order_items (id, order_id, ticket_id, show_id, seat_id, code, show_name,
                               show_date, description, ticket_type, quantity, price,
                               discount_price, fee, total_price, total_fee, location,
                               bundle_items)
      SELECT gen_random_uuid(), o.id, i.ticket_id, i.show_id, i.seat_id, i.code, i.show_name,
             i.show_date, coalesce(i.description, i.title), i.ticket_type, i.quantity,
             CASE WHEN ${usd} THEN coalesce(i.price_usd, 0) ELSE i.price END,
             CASE WHEN ${usd} THEN coalesce(i.discount_price_usd, 0) ELSE i.discount_price END,
             CASE WHEN ${usd} THEN coalesce(i.fee_usd, 0) ELSE i.fee END,
             CASE WHEN ${usd} THEN coalesce(i.total_price_usd, 0) ELSE i.total_price END,
             CASE WHEN ${usd} THEN coalesce(i.total_fee_usd, 0) ELSE i.total_fee END,
             i.location, i.bundle_items
        FROM cart_items i, o WHERE i.cart_id = ${input.cartId}::uuid
      RETURNING 1),
    promos AS (
      UPDATE promo_code_applications SET order_id = o.id FROM o
       WHERE cart_id = ${input.cartId}::uuid RETURNING 1),
    closed AS (
      UPDATE carts SET status = 'CHECKED_OUT', updated_at = now()
       WHERE id = ${input.cartId}::uuid RETURNING 1),
    log AS (
      INSERT INTO order_change_log (id, order_id, action, to_status, actor_user_id)
      SELECT gen_random_uuid(), o.id, 'Order created', ${input.status}::"OrderStatus",
             ${input.userId}::uuid FROM o
      RETURNING 1)
    -- Data-modifying CTEs run to completion whether or not they are read.
    SELECT o.id::text AS id FROM o`;
  const id = rows[0]?.id;
  if (!id) throw new Error('order not written');
  return id;
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

/** An order that gives its places back takes its units off `tickets.sold` (tickets without dates). */
export async function giveBackSold(tx: Tx, orderId: string): Promise<void> {
  const items = await tx.orderItem.findMany({
    where: { orderId },
    select: {
      ticketId: true,
      quantity: true,
      ticket: { select: { _count: { select: { showDates: true } } } },
    },
  });
  await addSold(
    tx,
    items.filter((i) => i.ticket._count.showDates === 0),
    -1,
  );
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

const date = (value: unknown) => new Date(String(value));

/**
 * The order with everything its page shows, in one statement (the answer of
 * every checkout: kept off the ORM's per-query compiler on that path). Same
 * shape as `findUnique({ include: ORDER_VIEW_INCLUDE })`.
 */
export async function findOrderView(tx: Tx, orderId: string): Promise<OrderView | null> {
  const rows = await tx.$queryRaw<{ o: Record<string, unknown> }[]>`
    SELECT json_build_object(
      'id', o.id, 'orderNumber', o.order_number, 'userId', o.user_id, 'cartId', o.cart_id,
      'email', o.email, 'status', o.status, 'paymentType', o.payment_type,
      'currency', o.currency, 'subtotal', o.subtotal, 'totalFee', o.total_fee,
      'totalDiscount', o.total_discount, 'total', o.total, 'paymentInfo', o.payment_info,
      'paymentResponse', o.payment_response, 'ccBrand', o.cc_brand, 'ccLast4', o.cc_last4,
      'createdAt', o.created_at, 'updatedAt', o.updated_at,
      'items', coalesce((SELECT json_agg(json_build_object(
          'id', i.id, 'orderId', i.order_id, 'ticketId', i.ticket_id, 'showId', i.show_id,
          'seatId', i.seat_id, 'code', i.code, 'showName', i.show_name,
          'showDate', i.show_date, 'description', i.description, 'ticketType', i.ticket_type,
          'quantity', i.quantity, 'price', i.price, 'discountPrice', i.discount_price,
          'fee', i.fee, 'totalPrice', i.total_price, 'totalFee', i.total_fee,
          'location', i.location, 'bundleItems', i.bundle_items) ORDER BY i.id)
        FROM order_items i WHERE i.order_id = o.id), '[]'::json),
      'codes', coalesce((SELECT json_agg(json_build_object(
          'id', c.id, 'orderId', c.order_id, 'orderItemId', c.order_item_id, 'code', c.code,
          'ticketType', c.ticket_type, 'activatedAt', c.activated_at, 'createdAt', c.created_at)
          ORDER BY c.created_at, c.id)
        FROM ticket_codes c WHERE c.order_id = o.id), '[]'::json),
      'changeLog', coalesce((SELECT json_agg(json_build_object(
          'id', l.id, 'orderId', l.order_id, 'action', l.action, 'reason', l.reason,
          'fromStatus', l.from_status, 'toStatus', l.to_status,
          'actorUserId', l.actor_user_id, 'createdAt', l.created_at)
          ORDER BY l.created_at, l.id)
        FROM order_change_log l WHERE l.order_id = o.id), '[]'::json),
      'promoCodes', coalesce((SELECT json_agg(json_build_object(
          'id', a.id, 'promoCodeId', a.promo_code_id, 'cartId', a.cart_id,
          'orderId', a.order_id, 'discountAmount', a.discount_amount,
          'appliedAt', a.applied_at, 'promoCode', json_build_object('code', p.code)))
        FROM promo_code_applications a JOIN promo_codes p ON p.id = a.promo_code_id
       WHERE a.order_id = o.id), '[]'::json),
      'cart', (SELECT json_build_object('sessionKey', k.session_key)
                 FROM carts k WHERE k.id = o.cart_id)) AS o
      FROM orders o WHERE o.id = ${orderId}::uuid`;
  const o = rows[0]?.o;
  if (!o) return null;
  const list = (key: string) => o[key] as Record<string, unknown>[];
  return {
    ...o,
    createdAt: date(o.createdAt),
    updatedAt: date(o.updatedAt),
    items: list('items').map((i) => ({ ...i, showDate: date(i.showDate) })),
    codes: list('codes').map((c) => ({
      ...c,
      activatedAt: c.activatedAt === null ? null : date(c.activatedAt),
      createdAt: date(c.createdAt),
    })),
    changeLog: list('changeLog').map((l) => ({ ...l, createdAt: date(l.createdAt) })),
    promoCodes: list('promoCodes').map((a) => ({ ...a, appliedAt: date(a.appliedAt) })),
  } as unknown as OrderView;
}
