import { applyPriceRules } from './pricing.ts';
import type { PriceRule } from './pricing.ts';

/** A cart holds its places for ten minutes from its first hold (000 §9). */
export const CART_HOLD_MINUTES = 10;
/** Places one client (a user, else an address) may hold at once across carts. */
export const DEFAULT_HOLD_CAP_PER_CLIENT = 40;

/**
 * The browser's `sessionID` cookie names its cart and is the only thing that
 * proves who owns an anonymous one, so it must be long and random enough not to
 * be guessed: at least 22 URL-safe characters (a UUID, or 128 bits in base64url).
 */
export const CART_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

export function isCartSessionId(value: string): boolean {
  return CART_SESSION_ID_PATTERN.test(value);
}

/** What a ticket charges, in minor units of one currency. */
export interface TicketCharge {
  unitPrice: number;
  /** Service fee per unit, set by the organiser. */
  fee: number;
  /** The fee is already inside the price: the buyer pays no fee on top. */
  feeIncluded: boolean;
  priceRules?: readonly PriceRule[] | null;
}

/** A cart line's money as stored and sent (000 §3 cart item), in minor units. */
export interface LineAmounts {
  price: number;
  /** The discounted unit price when a quantity rule applies, else 0 (no discount). */
  discount_price: number;
  fee: number;
  fee_included: boolean;
  total_price: number;
  total_fee: number;
}

/**
 * Prices one line from the ticket, never from the client. The quantity rule
 * (000 §9) prices every unit at `item_discount_price` once `quantity_min` is
 * reached; the fee is charged per unit on top unless it is included.
 */
export function priceLine(charge: TicketCharge, quantity: number): LineAmounts {
  const { total, discount } = applyPriceRules({
    unitPrice: charge.unitPrice,
    quantity,
    price_rules: charge.priceRules,
  });
  return {
    price: charge.unitPrice,
    discount_price: discount > 0 && quantity > 0 ? total / quantity : 0,
    fee: charge.fee,
    fee_included: charge.feeIncluded,
    total_price: total,
    total_fee: charge.feeIncluded ? 0 : charge.fee * quantity,
  };
}

/** What each unit of a line cost: the quantity rule's price when it applied, else the price. */
export function lineUnitPrice(line: Pick<LineAmounts, 'price' | 'discount_price'>): number {
  return line.discount_price > 0 ? line.discount_price : line.price;
}

/**
 * The amounts a cart and an order answer, with one meaning for both (decision
 * 0055): `subtotal` is the tickets' prices (after quantity discounts), before
 * service fees and promo codes; `total_fee` the service fees; the discount is at
 * most the two together (000 §9 caps it at what is being paid); `total` is
 * `subtotal + total_fee − total_discount`.
 */
export function saleTotals(
  lines: readonly { total_price: number; total_fee: number }[],
  discount: number,
): { subtotal: number; total_fee: number; total_discount: number; total: number } {
  const { total_discount, total } = cartSummary(lines, discount);
  return {
    subtotal: lines.reduce((sum, line) => sum + line.total_price, 0),
    total_fee: lines.reduce((sum, line) => sum + line.total_fee, 0),
    total_discount,
    total,
  };
}

/** A cart's summary (000 §9): what the items cost, the promo discount, and what is due. */
export function cartSummary(
  lines: readonly { total_price: number; total_fee: number }[],
  discount: number,
): { subtotal: number; total_discount: number; total: number } {
  const subtotal = lines.reduce((sum, line) => sum + line.total_price + line.total_fee, 0);
  const total_discount = Math.min(Math.max(0, discount), subtotal);
  return { subtotal, total_discount, total: subtotal - total_discount };
}
