import type { PromoCode, Ticket } from '@taquilla/contract';
import { cartSummary, priceLine, promoDiscount, saleTotals, toMinorUnits } from '@taquilla/domain';
import type { Currency, PriceRule } from '@taquilla/domain';
import type { TicketRowPrice } from '../components/tickets/ticket-list';

/** A ticket the buyer chose on a form, with how many. */
export type TicketLine = { ticket: Ticket; quantity: number };

/** `amount`: the line's tickets before service fees, in minor units. */
export type PricedLine = TicketLine & { amount: number };

/**
 * In minor units, with the cart's and the order's meaning (decision 0055): `subtotal`
 * is the tickets' prices before fees and promo codes, `fees` the service fees not
 * included in the price, `total = subtotal + fees − discount`.
 */
export type OrderPricing = {
  currency: Currency;
  lines: PricedLine[];
  subtotal: number;
  fees: number;
  discount: number;
  total: number;
};

/**
 * A ticket's price rules in minor units, read from the `_usd` fields for dollars (000 §9);
 * a rule with no price in that currency does not apply.
 */
export function priceRulesOf(ticket: Ticket, isUsd: boolean) {
  return ticket.price_rules.flatMap((rule) => {
    const price = isUsd ? rule.item_discount_price_usd : rule.item_discount_price;
    if (price === null || price === undefined) return [];
    return [
      {
        rule_type: rule.rule_type,
        quantity_min: rule.quantity_min,
        item_discount_price: toMinorUnits(price),
      } satisfies PriceRule,
    ];
  });
}

/**
 * What one ticket charges in the show's currency, in minor units, as the cart prices it:
 * a dollar show reads the `_usd` fields (000 §9), an included fee is not charged on top.
 */
function ticketCharge(ticket: Ticket, currency: Currency) {
  const isUsd = currency === 'USD';
  const priceRules = priceRulesOf(ticket, isUsd);
  return {
    unitPrice: toMinorUnits(isUsd ? (ticket.price_usd ?? 0) : ticket.price),
    fee: toMinorUnits(isUsd ? (ticket.fee_usd ?? 0) : ticket.fee),
    feeIncluded: ticket.fee_included,
    priceRules,
  };
}

/** What the form's ticket list says a ticket costs: as the order will charge it. */
export function displayCharge(ticket: Ticket, currency: Currency): TicketRowPrice {
  const charge = ticketCharge(ticket, currency);
  return {
    currency,
    unit: charge.unitPrice,
    fee: charge.feeIncluded ? 0 : charge.fee,
    offers: charge.priceRules.map((rule) => ({
      quantityMin: rule.quantity_min,
      unit: rule.item_discount_price,
    })),
  };
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
    return { ...line, amounts, amount: amounts.total_price };
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
  const totals = saleTotals(
    priced.map(({ amounts }) => amounts),
    discount,
  );
  return {
    currency,
    lines: priced.map(({ ticket, quantity, amount }) => ({ ticket, quantity, amount })),
    subtotal: totals.subtotal,
    fees: totals.total_fee,
    discount: totals.total_discount,
    total: totals.total,
  };
}
