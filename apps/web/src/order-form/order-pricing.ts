import type { PromoCode, Ticket } from '@taquilla/contract';
import { cartSummary, priceLine, promoDiscount, toMinorUnits } from '@taquilla/domain';
import type { Currency, PriceRule } from '@taquilla/domain';

/** A ticket the buyer chose on a form, with how many. */
export type TicketLine = { ticket: Ticket; quantity: number };

export type PricedLine = TicketLine & { amount: number };

export type OrderPricing = {
  currency: Currency;
  lines: PricedLine[];
  /** Prices plus fees, in minor units. */
  subtotal: number;
  discount: number;
  total: number;
};

/**
 * What one ticket charges in the show's currency, in minor units, as the cart prices it:
 * a dollar show reads the `_usd` fields (000 §9), an included fee is not charged on top.
 */
function ticketCharge(ticket: Ticket, currency: Currency) {
  const isUsd = currency === 'USD';
  const priceRules = ticket.price_rules.flatMap((rule): PriceRule[] => {
    const price = isUsd ? rule.item_discount_price_usd : rule.item_discount_price;
    if (price === null || price === undefined) return [];
    return [
      {
        rule_type: rule.rule_type,
        quantity_min: rule.quantity_min,
        item_discount_price: toMinorUnits(price),
      },
    ];
  });
  return {
    unitPrice: toMinorUnits(isUsd ? (ticket.price_usd ?? 0) : ticket.price),
    fee: toMinorUnits(isUsd ? (ticket.fee_usd ?? 0) : ticket.fee),
    feeIncluded: ticket.fee_included,
    priceRules,
  };
}

/** The unit price shown next to a ticket, in minor units, and its fee. */
export function unitCharge(ticket: Ticket, currency: Currency) {
  const charge = ticketCharge(ticket, currency);
  return { unit: charge.unitPrice, fee: charge.feeIncluded ? 0 : charge.fee };
}

/**
 * The order's total as the server will price it (the same domain rules as the cart):
 * each line with its quantity discount and fee, minus the promo code the form validated.
 * The deposit buyer transfers this amount, so it travels with the order as
 * `payment_info.total` and a different server total is refused rather than recorded.
 */
export function priceOrder(
  lines: readonly TicketLine[],
  currency: Currency,
  promo: PromoCode | null = null,
): OrderPricing {
  const priced = lines.map((line) => {
    const amounts = priceLine(ticketCharge(line.ticket, currency), line.quantity);
    return { ...line, amounts, amount: amounts.total_price + amounts.total_fee };
  });
  const gross = cartSummary(
    priced.map(({ amounts }) => amounts),
    0,
  ).subtotal;
  const discount =
    promo && !(promo.discount_type === 'FIXED' && currency !== 'GTQ')
      ? promoDiscount({
          subtotal: gross,
          discount_type: promo.discount_type,
          // FIXED arrives in quetzales; PERCENT is the rate itself.
          discount_value:
            promo.discount_type === 'FIXED'
              ? toMinorUnits(promo.discount_value)
              : promo.discount_value,
        })
      : 0;
  const summary = cartSummary(
    priced.map(({ amounts }) => amounts),
    discount,
  );
  return {
    currency,
    lines: priced.map(({ ticket, quantity, amount }) => ({ ticket, quantity, amount })),
    subtotal: summary.subtotal,
    discount: summary.total_discount,
    total: summary.total,
  };
}
