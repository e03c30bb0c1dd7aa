import type { Ticket } from '@taquilla/contract';
import {
  applyPriceRules,
  cartTotal,
  formatMoney,
  QUANTITY_DISCOUNT,
  toMinorUnits,
} from '@taquilla/domain';
import type { Currency, PriceRule } from '@taquilla/domain';
import { es } from '../../../i18n/es';
import { priceRulesOf } from '../../../order-form/order-pricing';
import type { PurchaseSelection } from './selection';

/** A ticket's amounts in minor units, in the currency the show sells in. */
export type TicketPrice = {
  currency: Currency;
  unit: number;
  fee: number;
  rules: PriceRule[];
};

/**
 * The show's currency picks the wire fields (000 §9: USD uses the `_usd` ones). A ticket
 * with no USD price on a USD show is priced in quetzales rather than shown as free.
 */
export function ticketPrice(ticket: Ticket, showCurrency: Currency): TicketPrice {
  const isUsd = showCurrency === 'USD' && ticket.price_usd !== null;
  const fee = ticket.fee_included ? 0 : isUsd ? (ticket.fee_usd ?? 0) : ticket.fee;
  return {
    currency: isUsd ? 'USD' : 'GTQ',
    unit: toMinorUnits(isUsd ? (ticket.price_usd ?? 0) : ticket.price),
    fee: toMinorUnits(fee),
    rules: priceRulesOf(ticket, isUsd),
  };
}

/** "Q 450.00", or "Gratis" for a free ticket. */
export function formatTicketPrice(price: TicketPrice, freeLabel: string): string {
  return price.unit === 0 ? freeLabel : formatMoney(price.unit, price.currency);
}

/**
 * "+ Q 15.00 de cargo por servicio", said beside a price wherever the show page shows one,
 * when a fee is charged on top; null when there is none or it is included (`ticketPrice`
 * drops an included fee).
 */
export function formatTicketFee(price: TicketPrice): string | null {
  return price.fee > 0 ? es.purchase.fee(formatMoney(price.fee, price.currency)) : null;
}

/** The quantity-discount offers of a ticket, for the "from N tickets" hint. */
export function quantityDiscounts(price: TicketPrice): { quantityMin: number; unit: number }[] {
  return price.rules
    .filter((rule) => rule.rule_type === QUANTITY_DISCOUNT)
    .flatMap((rule) =>
      typeof rule.quantity_min === 'number' && typeof rule.item_discount_price === 'number'
        ? [{ quantityMin: rule.quantity_min, unit: rule.item_discount_price }]
        : [],
    );
}

export type SummaryLine = {
  key: string;
  name: string;
  quantity: number;
  currency: Currency;
  /** After quantity discounts. */
  amount: number;
  discount: number;
  fee: number;
};

export type SummaryTotals = { currency: Currency; subtotal: number; fees: number; total: number };

function line(
  base: Pick<SummaryLine, 'key' | 'name' | 'quantity'>,
  ticket: Ticket,
  showCurrency: Currency,
): SummaryLine {
  const price = ticketPrice(ticket, showCurrency);
  const { total, discount } = applyPriceRules({
    unitPrice: price.unit,
    quantity: base.quantity,
    price_rules: price.rules,
  });
  return {
    ...base,
    currency: price.currency,
    amount: total,
    discount,
    fee: price.fee * base.quantity,
  };
}

/** The order summary's lines: the ticket quantities chosen on the list. */
export function summaryLines(selection: PurchaseSelection, showCurrency: Currency): SummaryLine[] {
  return Object.values(selection.tickets).map(({ ticket, quantity }) =>
    line(
      {
        key: `ticket-${ticket._id}`,
        name: ticket.fullname,
        quantity,
      },
      ticket,
      showCurrency,
    ),
  );
}

/** Totals per currency (one, unless a ticket lacks a price in the show's currency). */
export function summaryTotals(lines: readonly SummaryLine[]): SummaryTotals[] {
  const byCurrency = new Map<Currency, SummaryLine[]>();
  for (const summaryLine of lines) {
    byCurrency.set(summaryLine.currency, [
      ...(byCurrency.get(summaryLine.currency) ?? []),
      summaryLine,
    ]);
  }
  return [...byCurrency.entries()].map(([currency, group]) => ({
    currency,
    subtotal: group.reduce((sum, { amount }) => sum + amount, 0),
    fees: group.reduce((sum, { fee }) => sum + fee, 0),
    // 000 §9: the total is every line's price plus its fee.
    total: cartTotal(group.map(({ amount, fee }) => ({ total_price: amount, total_fee: fee }))),
  }));
}
