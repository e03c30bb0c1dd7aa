import { checkoutCartRowSchema, orderViewRowSchema } from '@taquilla/contract';
import type { CheckoutCartRow, CheckoutLineRow, OrderViewRow } from '@taquilla/contract';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Tx } from '../../infra/db.ts';
import { rows } from '../../infra/pg.ts';
import type { Pg, Statement } from '../../infra/pg.ts';
import type { HeldSeat } from '@taquilla/contract';

/** A cart line as checkout needs it (its schema: `checkoutLineRowSchema` in the contract). */
export type CheckoutLine = CheckoutLineRow;

/** The cart as checkout prices it (its schema: `checkoutCartRowSchema` in the contract). */
export type CheckoutCart = CheckoutCartRow;

/**
 * The cart as checkout prices it, in one statement and without a lock:
 * `taquilla_place_order` then refuses it if anything changed meanwhile.
 */
export async function readCheckoutCart(db: Pg, cartId: string): Promise<CheckoutCart | null> {
  const [row] = await rows<{ c: unknown }>(db, READ_CHECKOUT_CART, [cartId]);
  return row?.c ? checkoutCartRowSchema.parse(row.c) : null;
}

const READ_CHECKOUT_CART: Statement = {
  name: 'orders.read-checkout-cart',
  text: `SELECT json_build_object(
      'id', c.id, 'sessionKey', c.session_key, 'userId', c.user_id, 'status', c.status,
      'currency', c.currency, 'validThru', c.valid_thru,
      'fingerprint', taquilla_cart_fingerprint(c.id),
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
        FROM promo_code_applications a WHERE a.cart_id = c.id), '[]'::json),
      'shows', coalesce((SELECT json_agg(json_build_object(
          'id', s.id, 'parentId', s.parent_show_id,
          'settings', json_build_object('ask_for_nit', s.settings->'ask_for_nit',
                                        'custom_fields', s.settings->'custom_fields')))
        FROM shows s WHERE s.id IN (SELECT show_id FROM cart_items WHERE cart_id = c.id)),
        '[]'::json)
     ) AS c
      FROM carts c WHERE c.id = $1::uuid`,
};

export interface PlaceOrderRow {
  cartId: string;
  sessionKey: string;
  fingerprint: string;
  now: Date;
  lockTimeout: string;
  userId: string | null;
  email: string;
  status: string;
  paymentType: string;
  totals: { subtotal: number; totalFee: number; totalDiscount: number; total: number };
  paymentInfo: object;
  card: { brand: string | null; last4: string } | null;
  /** A deposit's proof (decision 0065): the upload's key, claimed once, and the order's copy. */
  proofClaim: { sourceKey: string; orderKey: string } | null;
}

/** `taquilla_place_order` (its source: `sql/taquilla_place_order.sql`, decision 0076): the whole order under its locks. */
const PLACE_ORDER_CALL = `taquilla_place_order($1::uuid, $2, $3, $4, $5, $6::uuid, $7, $8, $9, $10,
                                       $11, $12, $13, $14::jsonb, $15, $16)`;

/**
 * A deposit order claims its proof in the same statement, so in the same transaction
 * (decision 0065): the claim row is written after the function placed the order, and
 * the primary key on the upload's key refuses a second order, rolling it all back.
 */
const PLACE_WITH_PROOF = (first: number) => `WITH placed AS (SELECT ${PLACE_ORDER_CALL} AS placed),
  claimed AS (INSERT INTO proof_claims (source_key, order_id, order_key)
              SELECT $${first}, (placed ->> 'orderId')::uuid, $${first + 1} FROM placed)
  SELECT placed FROM placed`;

export async function placeOrderRow(db: Pg, input: PlaceOrderRow) {
  const values: unknown[] = [
    input.cartId,
    input.sessionKey,
    input.fingerprint,
    input.now,
    input.lockTimeout,
    input.userId,
    input.email,
    input.status,
    input.paymentType,
    input.totals.subtotal,
    input.totals.totalFee,
    input.totals.totalDiscount,
    input.totals.total,
    JSON.stringify(input.paymentInfo),
    input.card?.brand ?? null,
    input.card?.last4 ?? null,
  ];
  const statement = input.proofClaim
    ? { name: 'orders.place-with-proof', text: PLACE_WITH_PROOF(values.length + 1) }
    : { name: 'orders.place', text: `SELECT ${PLACE_ORDER_CALL} AS placed` };
  if (input.proofClaim) values.push(input.proofClaim.sourceKey, input.proofClaim.orderKey);
  const [row] = await rows<{ placed: { orderId: string; sold: HeldSeat[] } }>(
    db,
    statement,
    values,
  );
  if (!row) throw new Error('order not written');
  return row.placed;
}

/** `taquilla_approve_order`: the order page of a PENDING order now APPROVED, or null. */
export async function approveOrderRow(
  db: Pg,
  orderId: string,
  paymentResponse: object,
): Promise<OrderView | null> {
  const [row] = await rows<{ o: unknown }>(
    db,
    { name: 'orders.approve', text: 'SELECT taquilla_approve_order($1::uuid, $2::jsonb) AS o' },
    [orderId, JSON.stringify(paymentResponse)],
  );
  return row?.o ? orderViewRowSchema.parse(row.o) : null;
}

export function insertChangeLog(
  tx: Tx,
  entry: Omit<Prisma.OrderChangeLogUncheckedCreateInput, 'id' | 'createdAt'>,
) {
  return tx.orderChangeLog.create({ data: entry, select: { id: true } });
}

export const ORDER_VIEW_INCLUDE = {
  items: { orderBy: { id: 'asc' } },
  // A voided code (cancel, refund) is no ticket: the buyer's page lists the others.
  codes: { where: { voidedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  changeLog: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  promoCodes: { include: { promoCode: { select: { code: true } } } },
  cart: { select: { sessionKey: true } },
} satisfies Prisma.OrderInclude;
/** The order as its page shows it (its schema: `orderViewRowSchema` in the contract). */
export type OrderView = OrderViewRow;

/**
 * The order with everything its page shows, in one statement
 * (`taquilla_order_view`; the same shape as `findUnique({ include: ORDER_VIEW_INCLUDE })`).
 */
export async function findOrderView(db: Pg, orderId: string): Promise<OrderView | null> {
  const [row] = await rows<{ o: unknown }>(
    db,
    { name: 'orders.view', text: 'SELECT taquilla_order_view($1::uuid) AS o' },
    [orderId],
  );
  return row?.o ? orderViewRowSchema.parse(row.o) : null;
}
