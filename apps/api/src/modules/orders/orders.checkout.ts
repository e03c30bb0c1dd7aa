import type { OrderPaymentType } from '@taquilla/contract';
import { saleTotals } from '@taquilla/domain';
import pg from 'pg';
import { AppError } from '../../errors.ts';
import type { Tx } from '../../infra/db.ts';
import type { OrderStatus } from '../../generated/prisma/client.ts';
import { raisedCode } from '../../infra/pg.ts';
import type { Pg } from '../../infra/pg.ts';
import { withSpan } from '../../infra/tracing.ts';
import { CART_LOCK_TIMEOUT } from '../inventory/inventory.hold.ts';
import type { CartCaller } from '../cart/cart.tx.ts';
import { isLockTimeout } from '../../infra/pg.ts';
import { assertOwner } from '../cart/cart.tx.ts';
import { returnPlaces } from '../inventory/inventory.returns.ts';
import { approveOrderRow, insertChangeLog, placeOrderRow } from './orders.repo.ts';
import type { CheckoutCart, OrderView } from './orders.repo.ts';

/** The status an order starts in, by how it is paid (000 §4). */
const FIRST_STATUS: Record<OrderPaymentType, OrderStatus> = {
  CREDIT_CARD: 'PENDING',
  BANK_DEPOSIT: 'WAITING_CONFIRMATION',
  ACCOUNT_BANK_DEPOSIT: 'WAITING_CONFIRMATION',
  REGISTRATION: 'APPROVED',
};

export interface PlaceOrderInput {
  sessionKey: string;
  caller: CartCaller;
  paymentType: OrderPaymentType;
  /** The total the buyer saw, in minor units; a different total is refused. */
  expectedTotal: number | null;
  now: Date;
}

/** Amounts of the cart in its currency, in minor units. */
export function cartTotals(cart: CheckoutCart) {
  const usd = cart.currency === 'USD';
  const lines = cart.items.map((item) => ({
    total_price: (usd ? item.totalPriceUsd : item.totalPrice) ?? 0,
    total_fee: (usd ? item.totalFeeUsd : item.totalFee) ?? 0,
  }));
  const discount = cart.promoCodes.reduce((sum, p) => sum + p.discountAmount, 0);
  // The cart's own rule (000 §9, decision 0055), so the order totals what the buyer was shown.
  const summary = saleTotals(lines, discount);
  return {
    subtotal: summary.subtotal,
    totalFee: summary.total_fee,
    totalDiscount: summary.total_discount,
    total: summary.total,
  };
}

export type CartTotals = ReturnType<typeof cartTotals>;

/**
 * Checks the cart a checkout would turn into an order, as read without a
 * lock (`readCheckoutCart`): owner, still open and live, not empty, the way
 * of paying, the total the buyer saw. Answers its totals; `placeOrder`
 * checks under the lock that nothing changed since.
 */
export function checkCartToPlace(
  cart: CheckoutCart | null,
  input: PlaceOrderInput,
): { cart: CheckoutCart; totals: CartTotals } {
  if (!cart || cart.sessionKey !== input.sessionKey) throw new AppError('CART_NOT_FOUND');
  assertOwner(cart, input.caller);
  if (cart.status === 'CHECKED_OUT') throw new AppError('ORDER_IN_PROGRESS');
  if (cart.status !== 'OPEN' || !cart.validThru || cart.validThru <= input.now) {
    throw new AppError('CART_EXPIRED');
  }
  if (cart.items.length === 0) throw new AppError('CART_EMPTY');
  if (!cart.items.every((i) => i.paymentTypes.includes(input.paymentType))) {
    throw new AppError('PAYMENT_TYPE_NOT_ACCEPTED');
  }
  const totals = cartTotals(cart);
  if (input.expectedTotal !== null && input.expectedTotal !== totals.total) {
    throw new AppError('ORDER_TOTAL_CHANGED');
  }
  if (input.paymentType === 'REGISTRATION' && totals.total !== 0) {
    throw new AppError('PAYMENT_TYPE_NOT_ACCEPTED', {
      message: 'El registro gratuito es solo para boletos sin costo',
    });
  }
  return { cart, totals };
}

/** The cart changed between its reading and its lock: read it again and re-price. */
export class CartChangedError extends Error {
  constructor() {
    super('the cart changed while it was being placed');
  }
}

/** A cart that mixed producers before decision 0062 is not ordered until it holds one's. */
const MIXED_CART_AT_CHECKOUT =
  'Tu carrito tiene boletos de más de un organizador. Quita los de uno de ellos para finalizar la compra.';

/** The checkout's one transaction, as a span (decision 0049). */
const PLACE_SPAN = { 'db.system.name': 'postgresql', 'db.operation.name': 'taquilla_place_order' };

/** Refusals `taquilla_place_order` raises, as the API's errors. */
const PLACE_REFUSALS = new Set([
  'CART_NOT_FOUND',
  'ORDER_IN_PROGRESS',
  'CART_EXPIRED',
  'PROMO_CODE_USAGE_LIMIT_EXCEEDED',
] as const);

/** The primary key of `proof_claims`: one order per uploaded proof (decision 0065). */
const PROOF_CLAIM_KEY = 'proof_claims_pkey';

const isProofClaimed = (err: unknown) =>
  err instanceof pg.DatabaseError && err.code === '23505' && err.constraint === PROOF_CLAIM_KEY;

/**
 * Whether `placeOrder` failed with the database's own answer, so nothing of the order
 * was written (a refusal, a constraint, a lock timeout); false when the connection
 * failed and the statement may have committed unseen (decision 0065 keeps the order's
 * proof copy then: an orphan is swept a day later, a placed order never loses it).
 */
export function isUnplaced(err: unknown): boolean {
  return (
    err instanceof AppError || err instanceof CartChangedError || err instanceof pg.DatabaseError
  );
}

/**
 * Turns a live cart into an order in one statement and one transaction
 * (`taquilla_place_order`, ARCHITECTURE §4): under the cart session's lock
 * the holds become sales, each promo code's use is consumed only while uses
 * are left, and the cart is closed. A deposit's proof is claimed in the same
 * statement (decision 0065): an upload another order took refuses this one.
 * Anything refused rolls everything back: the holds stay with the cart.
 */
export async function placeOrder(
  db: Pg,
  priced: { cart: CheckoutCart; totals: CartTotals },
  input: PlaceOrderInput & {
    email: string;
    paymentInfo: Record<string, unknown>;
    card: { brand: string | null; last4: string } | null;
    /** A deposit's proof: the buyer's upload and the order's copy of it. */
    proof?: { sourceKey: string; key: string } | null;
  },
) {
  const { cart, totals } = priced;
  const status = FIRST_STATUS[input.paymentType];
  let placed;
  try {
    placed = await withSpan('checkout place_order', PLACE_SPAN, () =>
      placeOrderRow(db, {
        cartId: cart.id,
        sessionKey: input.sessionKey,
        fingerprint: cart.fingerprint,
        now: input.now,
        lockTimeout: CART_LOCK_TIMEOUT,
        userId: input.caller.userId,
        email: input.email,
        status,
        paymentType: input.paymentType,
        totals,
        paymentInfo: input.paymentInfo,
        card: input.card,
        proofClaim: input.proof
          ? { sourceKey: input.proof.sourceKey, orderKey: input.proof.key }
          : null,
      }),
    );
  } catch (err) {
    if (isProofClaimed(err)) throw new AppError('PROOF_ALREADY_USED', { cause: err });
    const code = raisedCode(err);
    if (code === 'CART_CHANGED') throw new CartChangedError();
    if (code === 'CART_OTHER_PRODUCER') {
      // Only a cart filled before decision 0062 can still mix producers.
      throw new AppError('CART_OTHER_PRODUCER', { message: MIXED_CART_AT_CHECKOUT });
    }
    if (code !== null && PLACE_REFUSALS.has(code as never)) {
      throw new AppError(code as typeof PLACE_REFUSALS extends Set<infer C> ? C : never);
    }
    if (isLockTimeout(err)) throw new AppError('CART_BUSY', { cause: err });
    throw err;
  }
  return {
    orderId: placed.orderId,
    cartId: cart.id,
    status,
    total: totals.total,
    currency: cart.currency,
    sold: placed.sold,
  };
}

/**
 * A card payment that did not go through (declined, or 3-D Secure refused):
 * the order is REJECTED and its places go back to the cart as holds until the
 * cart's own ten minutes end, so the buyer can try another card. Only a
 * PENDING order changes; running it twice changes nothing.
 */
export async function returnOrderToCart(
  tx: Tx,
  orderId: string,
  outcome: { action: string; reason: string; paymentResponse: object },
) {
  const rows = await tx.$queryRaw<{ status: OrderStatus; cartId: string | null }[]>`
    SELECT status, cart_id::text AS "cartId" FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  const order = rows[0];
  if (!order || order.status !== 'PENDING' || !order.cartId) return null;
  const { released, shows } = await returnPlaces(tx, orderId, order.cartId);
  const promos = await tx.promoCodeApplication.findMany({ where: { orderId } });
  for (const p of promos) {
    await tx.$executeRaw`
      UPDATE promo_codes SET used_count = used_count - 1 WHERE id = ${p.promoCodeId}::uuid`;
  }
  await tx.promoCodeApplication.updateMany({ where: { orderId }, data: { orderId: null } });
  await tx.order.update({
    where: { id: orderId },
    data: { status: 'REJECTED', cartId: null, paymentResponse: outcome.paymentResponse },
  });
  await insertChangeLog(tx, {
    orderId,
    action: outcome.action,
    reason: outcome.reason,
    fromStatus: 'PENDING',
    toStatus: 'REJECTED',
  });
  return { cartId: order.cartId, released, shows };
}

/**
 * A PENDING card order whose payment went through: APPROVED, answering its
 * order page. Null when it had already changed (abandoned, cancelled).
 */
export function approvePendingOrder(
  db: Pg,
  orderId: string,
  paymentResponse: object,
): Promise<OrderView | null> {
  return approveOrderRow(db, orderId, paymentResponse);
}
