import { PAYMENT_TYPES } from '@taquilla/contract';
import type { PaymentType, Ticket } from '@taquilla/contract';
import { QUANTITY_DISCOUNT, formatMoney, fromMinorUnits } from '@taquilla/domain';
import type { TicketRow } from './tickets.repo.ts';

const WIRE_PAYMENT_TYPES: ReadonlySet<string> = new Set(PAYMENT_TYPES);

const amountOrNull = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));

/**
 * Row → wire (000 §3 ticket): centavos become decimal units, texts are formatted
 * by the domain, and only dates still on sale are offered in `show_dates`.
 */
export function toTicketResponse(
  row: TicketRow,
  extra: {
    realAvailable: number;
    /** Absent: every linked date (the organiser's view). */ datesOnSale?: ReadonlySet<string>;
  },
): Ticket {
  return {
    _id: row.id,
    ticket_id: row.ticketRef,
    show_uid: row.showId,
    code: row.code,
    fullname: row.fullname,
    description: row.description,
    note: row.note,
    type: row.type,
    currency: row.currency,
    price: fromMinorUnits(row.price),
    price_text: formatMoney(row.price, row.currency),
    price_usd: amountOrNull(row.priceUsd),
    price_usd_text: row.priceUsd === null ? null : formatMoney(row.priceUsd, 'USD'),
    fee: fromMinorUnits(row.fee),
    fee_usd: amountOrNull(row.feeUsd),
    fee_included: row.feeIncluded,
    // CODE is how activation records a redeemed code; it is never offered for sale.
    payment_type: row.paymentTypes.filter((t): t is PaymentType => WIRE_PAYMENT_TYPES.has(t)),
    visible: row.visible,
    valid_since: row.validSince?.toISOString() ?? null,
    valid_thru: row.validThru?.toISOString() ?? null,
    real_available: extra.realAvailable,
    price_rules: row.priceRules
      .filter((rule) => rule.ruleType === QUANTITY_DISCOUNT)
      .map((rule) => ({
        rule_type: QUANTITY_DISCOUNT,
        quantity_min: rule.quantityMin,
        item_discount_price: fromMinorUnits(rule.itemDiscountPrice),
        item_discount_price_usd: amountOrNull(rule.itemDiscountPriceUsd),
      })),
    bundle: row.bundleItems.map((item) => ({
      _id: item.id,
      code: item.code,
      fullname: item.fullname,
      note: item.note,
      type: item.type,
      ammount: item.amount,
      location: item.location,
      ticket_image: item.ticketImage,
      qr_color: item.qrColor,
    })),
    show_dates: row.showDates
      .filter((date) => !extra.datesOnSale || extra.datesOnSale.has(date.showId))
      .map((date) => ({ value: date.showId, label: date.label })),
    location: row.location,
    ticket_image: row.ticketImage,
    qr_color: row.qrColor,
  };
}
