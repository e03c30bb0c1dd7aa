export const QUANTITY_DISCOUNT = 'quantity_discount';
export const PROMO_DISCOUNT_TYPES = ['PERCENT', 'FIXED'] as const;
export type PromoDiscountType = (typeof PROMO_DISCOUNT_TYPES)[number];

/** As stored on a ticket; rule types other than quantity_discount are ignored here. */
export interface PriceRule {
  rule_type: string;
  quantity_min?: number | null;
  item_discount_price?: number | null;
}

export interface PricedLine {
  total: number;
  discount: number;
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

/**
 * When several quantity rules apply the buyer gets the cheapest; a rule priced above
 * the list price never applies, because a "discount" must not raise what is paid.
 */
export function applyPriceRules(line: {
  unitPrice: number;
  quantity: number;
  price_rules?: readonly PriceRule[] | null;
}): PricedLine {
  assertCount('unitPrice', line.unitPrice);
  assertCount('quantity', line.quantity);
  const listTotal = line.unitPrice * line.quantity;
  let total = listTotal;
  for (const rule of line.price_rules ?? []) {
    if (rule.rule_type !== QUANTITY_DISCOUNT) continue;
    const { quantity_min, item_discount_price } = rule;
    if (typeof quantity_min !== 'number' || typeof item_discount_price !== 'number') continue;
    if (!Number.isSafeInteger(item_discount_price) || item_discount_price < 0) continue;
    if (line.quantity < quantity_min) continue;
    total = Math.min(total, item_discount_price * line.quantity);
  }
  return { total, discount: listTotal - total };
}

const BASIS_POINTS_PER_PERCENT = 100;
const MINOR_PER_UNIT = 100;

/**
 * PERCENT is rounded to the nearest whole quetzal or dollar, halves up (000 §9: "rounded
 * to the nearest whole unit"), i.e. to a multiple of 100 minor units. The rate is taken to
 * two decimals (12.5 %, 33.33 %) and worked in integers so no float drift decides a half.
 * FIXED is already in minor units. Either way the discount never exceeds the subtotal.
 */
export function promoDiscount(promo: {
  subtotal: number;
  discount_type: PromoDiscountType;
  discount_value: number;
}): number {
  assertCount('subtotal', promo.subtotal);
  if (promo.subtotal === 0 || !(promo.discount_value > 0)) return 0;

  let discount: number;
  if (promo.discount_type === 'PERCENT') {
    const basisPoints = Math.round(promo.discount_value * BASIS_POINTS_PER_PERCENT);
    // subtotal (minor) × rate (basis points) / 10 000 = minor; a further / 100 gives units.
    const scale = 100 * BASIS_POINTS_PER_PERCENT * MINOR_PER_UNIT;
    const wholeUnits = Math.floor((promo.subtotal * basisPoints + scale / 2) / scale);
    discount = wholeUnits * MINOR_PER_UNIT;
  } else {
    discount = Math.floor(promo.discount_value);
  }
  return Math.min(discount, promo.subtotal);
}

/** 000 §9: the cart total is every item's price plus its fee. */
export function cartTotal(
  items: readonly { total_price: number; total_fee?: number | null }[],
): number {
  return items.reduce((sum, item) => sum + item.total_price + (item.total_fee ?? 0), 0);
}

/** 000 §9: ticket prices plus fees minus the promo discount, never below zero. */
export function orderTotal(
  items: readonly { total_price: number; total_fee?: number | null }[],
  discount: number,
): number {
  return Math.max(0, cartTotal(items) - discount);
}

/** How many of a bundle's item are issued: its `ammount` multiplier times the tickets chosen. */
export function bundleQuantity(multiplier: number, selected: number): number {
  assertCount('multiplier', multiplier);
  assertCount('selected', selected);
  return multiplier * selected;
}
