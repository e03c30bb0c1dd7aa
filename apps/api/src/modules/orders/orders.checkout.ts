import type { OrderPaymentType } from '@taquilla/contract';
import { cartSummary } from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { OrderStatus } from '../../generated/prisma/client.ts';
import { lockCartSession } from '../cart/cart.repo.ts';
import type { CartCaller } from '../cart/cart.tx.ts';
import { assertOwner } from '../cart/cart.tx.ts';
import type { HeldSeat } from '../cart/cart-lines.ts';
import {
  addSold,
  consumePromoUse,
  convertSeatHolds,
  findCartForCheckout,
  giveBackSold,
  insertChangeLog,
  insertOrderFromCart,
  lockTickets,
  restoreSeatHolds,
} from './orders.repo.ts';
import type { CheckoutCart } from './orders.repo.ts';

/** The status an order starts in, by how it is paid (000 §4). */
const FIRST_STATUS: Record<OrderPaymentType, OrderStatus> = {
  CREDIT_CARD: 'PENDING',
  BANK_DEPOSIT: 'WAITING_CONFIRMATION',
  ACCOUNT_BANK_DEPOSIT: 'WAITING_CONFIRMATION',
  REGISTRATION: 'APPROVED',
};

export interface PlaceOrderInput {
  cartId: string;
  sessionKey: string;
  caller: CartCaller;
  paymentType: OrderPaymentType;
  /** The total the buyer saw, in minor units; a different total is refused. */
  expectedTotal: number | null;
  email: string;
  paymentInfo: Record<string, unknown>;
  card: { brand: string | null; last4: string } | null;
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
  // The cart's own rule (000 §9), so the order totals what the buyer was shown.
  const summary = cartSummary(lines, discount);
  return {
    subtotal: lines.reduce((sum, line) => sum + line.total_price, 0),
    totalFee: lines.reduce((sum, line) => sum + line.total_fee, 0),
    totalDiscount: summary.total_discount,
    total: summary.total,
  };
}

/**
 * Turns a live cart into an order in one transaction (ARCHITECTURE §4): the
 * holds become sales, each promo code's use is consumed only while uses are
 * left, and the cart is closed. Anything refused rolls everything back: the
 * holds stay with the cart.
 */
export async function placeOrder(tx: Tx, input: PlaceOrderInput) {
  await lockCartSession(tx, input.sessionKey);
  const cart = await findCartForCheckout(tx, input.cartId);
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
  // The same locks as a hold takes, in the same order: nobody counts these
  // places as free while they move from the cart to the order.
  await lockTickets(
    tx,
    cart.items.filter((i) => i.seatId === null).map((i) => i.ticketId),
  );
  const totals = cartTotals(cart);
  if (input.expectedTotal !== null && input.expectedTotal !== totals.total) {
    throw new AppError('ORDER_TOTAL_CHANGED');
  }
  if (input.paymentType === 'REGISTRATION' && totals.total !== 0) {
    throw new AppError('PAYMENT_TYPE_NOT_ACCEPTED', {
      message: 'El registro gratuito es solo para boletos sin costo',
    });
  }
  for (const applied of cart.promoCodes) {
    if (!(await consumePromoUse(tx, applied.promoCodeId))) {
      throw new AppError('PROMO_CODE_USAGE_LIMIT_EXCEEDED');
    }
  }
  const status = FIRST_STATUS[input.paymentType];
  const orderId = await insertOrderFromCart(tx, {
    cartId: cart.id,
    userId: input.caller.userId,
    email: input.email,
    status,
    paymentType: input.paymentType,
    currency: cart.currency,
    totals,
    paymentInfo: input.paymentInfo,
    card: input.card,
  });
  const seatLines = cart.items.filter((i) => i.seatId !== null).length;
  const sold = await convertSeatHolds(tx, cart.id, orderId, input.now);
  if (sold.length !== seatLines) throw new AppError('CART_EXPIRED');
  // Last before the commit: a ticket's row is every sale's hot spot, so its
  // lock is held for as short a time as possible.
  await addSold(
    tx,
    cart.items.filter((i) => !i.dated),
    1,
  );
  return {
    orderId,
    cartId: cart.id,
    status,
    total: totals.total,
    currency: cart.currency,
    sold: sold as HeldSeat[],
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
  const seats = await restoreSeatHolds(tx, orderId, order.cartId);
  await giveBackSold(tx, orderId);
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
  await tx.cart.update({ where: { id: order.cartId }, data: { status: 'OPEN' } });
  await insertChangeLog(tx, {
    orderId,
    action: outcome.action,
    reason: outcome.reason,
    fromStatus: 'PENDING',
    toStatus: 'REJECTED',
  });
  return { cartId: order.cartId, released: seats.filter((s) => !s.live) };
}

/** A PENDING card order whose payment went through. False when it had already changed. */
export async function approvePendingOrder(
  tx: Tx | Db,
  orderId: string,
  paymentResponse: object,
): Promise<boolean> {
  // One statement: the conditional change and its change-log entry.
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH approved AS (
      UPDATE orders SET status = 'APPROVED', payment_response = ${JSON.stringify(paymentResponse)}::jsonb,
                        updated_at = now()
       WHERE id = ${orderId}::uuid AND status = 'PENDING'
      RETURNING id)
    INSERT INTO order_change_log (id, order_id, action, from_status, to_status)
    SELECT gen_random_uuid(), approved.id, 'Payment approved', 'PENDING', 'APPROVED' FROM approved
    RETURNING order_id::text AS id`;
  return rows.length === 1;
}
