import type { Cart, CartItem } from '@taquilla/contract';
import { fromMinorUnits, saleTotals } from '@taquilla/domain';
import type { CartItemRow, CartRow } from './cart.view.ts';

type Location = CartItem['location'];
type BundleItems = CartItem['bundle_items'];

const usd = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));

export function toCartItem(row: CartItemRow): CartItem {
  const location = (row.location ?? {}) as Partial<Location>;
  return {
    _id: row.id,
    type: 'TICKET',
    ticket_uid: row.ticketId,
    code: row.code,
    show_uid: row.showId,
    show_name: row.showName,
    show_date: row.showDate.toISOString(),
    show_type: row.showType,
    venue: row.venue,
    title: row.title,
    description: row.description,
    note: row.note,
    ticket_type: row.ticketType,
    image: row.image,
    quantity: row.quantity,
    price: fromMinorUnits(row.price),
    discount_price: fromMinorUnits(row.discountPrice),
    fee: fromMinorUnits(row.fee),
    fee_included: row.feeIncluded,
    total_price: fromMinorUnits(row.totalPrice),
    total_fee: fromMinorUnits(row.totalFee),
    price_usd: usd(row.priceUsd),
    discount_price_usd: usd(row.discountPriceUsd),
    fee_usd: usd(row.feeUsd),
    total_price_usd: usd(row.totalPriceUsd),
    total_fee_usd: usd(row.totalFeeUsd),
    location: {
      section: location.section ?? null,
      row: location.row ?? null,
      seat: location.seat ?? null,
      door: location.door ?? null,
    },
    seat_uid: row.seatId,
    bundle_items: row.bundleItems as BundleItems,
  };
}

/** The buyer data kept on the cart, with the chosen provider (000 §3 payment_info.provider). */
function toPaymentInfo(row: CartRow): Cart['payment_info'] {
  if (row.paymentInfo === null && row.paymentProvider === null) return null;
  const info = (row.paymentInfo ?? {}) as Omit<NonNullable<Cart['payment_info']>, 'provider'>;
  return { ...info, provider: row.paymentProvider };
}

/** A cart with no live hold: what GET answers for an absent or expired cart. */
export function emptyCart(currency: Cart['currency'] = 'GTQ'): Cart {
  return {
    _id: null,
    currency,
    items: [],
    valid_thru: null,
    payment_type: null,
    promo_codes: [],
    price_rules: [],
    payment_info: null,
    subtotal: 0,
    total_fee: 0,
    total_discount: 0,
    total: 0,
  };
}

/**
 * The cart in its own currency: a USD cart's lines are priced in dollars
 * (the `_usd` twins), a GTQ cart's in quetzales.
 */
export function toCart(row: CartRow): Cart {
  const isUsd = row.currency === 'USD';
  const lines = row.items.map((item) => ({
    total_price: (isUsd ? item.totalPriceUsd : item.totalPrice) ?? 0,
    total_fee: (isUsd ? item.totalFeeUsd : item.totalFee) ?? 0,
  }));
  const discount = row.promoCodes.reduce((sum, p) => sum + p.discountAmount, 0);
  const summary = saleTotals(lines, discount);
  return {
    _id: row.id,
    currency: row.currency,
    items: row.items.map(toCartItem),
    // Emptied by hand, the cart holds nothing and has no time left to show.
    valid_thru: row.items.length > 0 ? (row.validThru?.toISOString() ?? null) : null,
    // CODE records a redeemed access code; it is never a way a cart pays.
    payment_type: row.paymentType === 'CODE' ? null : row.paymentType,
    promo_codes: row.promoCodes.map((applied) => ({
      promo_code_id: applied.promoCodeId,
      code: applied.promoCode.code,
      discount_type: applied.promoCode.discountType,
      discount_value:
        applied.promoCode.discountType === 'FIXED'
          ? fromMinorUnits(applied.promoCode.discountValue)
          : applied.promoCode.discountValue,
      discount_amount: fromMinorUnits(applied.discountAmount),
      applied_at: applied.appliedAt.toISOString(),
    })),
    price_rules: [],
    payment_info: toPaymentInfo(row),
    subtotal: fromMinorUnits(summary.subtotal),
    total_fee: fromMinorUnits(summary.total_fee),
    total_discount: fromMinorUnits(summary.total_discount),
    total: fromMinorUnits(summary.total),
  };
}
