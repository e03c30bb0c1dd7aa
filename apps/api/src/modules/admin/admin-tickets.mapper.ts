import { PAYMENT_TYPES } from '@taquilla/contract';
import type { AdminTicket, PaymentType } from '@taquilla/contract';
import { formatMoney, fromMinorUnits } from '@taquilla/domain';
import type { Prisma } from '../../generated/prisma/client.ts';

export const ticketInclude = {
  priceRules: { orderBy: [{ quantityMin: 'asc' }, { id: 'asc' }] },
  bundleItems: { orderBy: { id: 'asc' } },
  showDates: { include: { show: { select: { showDate: true } } } },
} as const satisfies Prisma.TicketInclude;

export type TicketRow = Prisma.TicketGetPayload<{ include: typeof ticketInclude }>;

const amount = (minor: number) => fromMinorUnits(minor);
const optionalAmount = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));
const isWirePaymentType = (value: string): value is PaymentType =>
  (PAYMENT_TYPES as readonly string[]).includes(value);

/** Row → wire: the public ticket shape (000 §3) plus capacity, sold and held. */
export function toAdminTicket(row: TicketRow, held: number): AdminTicket {
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
    price: amount(row.price),
    price_text: formatMoney(row.price, row.currency),
    price_usd: optionalAmount(row.priceUsd),
    price_usd_text: row.priceUsd === null ? null : formatMoney(row.priceUsd, 'USD'),
    fee: amount(row.fee),
    fee_usd: optionalAmount(row.feeUsd),
    fee_included: row.feeIncluded,
    payment_type: row.paymentTypes.filter(isWirePaymentType),
    visible: row.visible,
    valid_since: row.validSince?.toISOString() ?? null,
    valid_thru: row.validThru?.toISOString() ?? null,
    real_available: Math.max(0, row.capacity - row.sold - held),
    price_rules: row.priceRules.map((rule) => ({
      rule_type: 'quantity_discount' as const,
      quantity_min: rule.quantityMin,
      item_discount_price: amount(rule.itemDiscountPrice),
      item_discount_price_usd: optionalAmount(rule.itemDiscountPriceUsd),
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
    show_dates: [...row.showDates]
      .sort((a, b) => a.show.showDate.getTime() - b.show.showDate.getTime())
      .map((date) => ({ value: date.showId, label: date.label })),
    location: row.location,
    ticket_image: row.ticketImage,
    qr_color: row.qrColor,
    capacity: row.capacity,
    sold: row.sold,
    held,
    position: row.position,
  };
}
