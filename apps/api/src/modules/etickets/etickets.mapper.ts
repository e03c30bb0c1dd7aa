import type { OrderTicketsMailData } from '../mail/mail.types.ts';
import { qrColorOf } from './etickets.qr.ts';
import type { OrderForTickets, OrderLineRow } from './etickets.repo.ts';
import { pairCodesWithSlots, slotsOf } from './etickets.slots.ts';
import type { LineForCodes } from './etickets.slots.ts';

export function lineForCodes(row: OrderLineRow): LineForCodes {
  return {
    quantity: row.quantity,
    ticketType: row.ticketType,
    title: row.title,
    qrColor: row.qrColor,
    location: row.location,
    bundleItems: row.bundleItems,
  };
}

type MailShow = OrderTicketsMailData['shows'][number];

/** The codes of an order grouped by show (date), as the tickets e-mail lists them; null without codes. */
export function toOrderTicketsMailData(
  order: OrderForTickets,
  orderUrl: string,
): OrderTicketsMailData | null {
  const shows = new Map<string, MailShow>();
  for (const line of order.lines) {
    const pairs = pairCodesWithSlots(slotsOf(lineForCodes(line)), line.codes);
    if (pairs.length === 0) continue;
    const show = shows.get(line.showId) ?? {
      name: line.showName,
      date: line.showDate.toISOString(),
      venue: line.venue,
      tickets: [],
    };
    shows.set(line.showId, show);
    for (const { code, slot } of pairs) {
      show.tickets.push({
        code: code.code,
        ticketType: slot.ticketType,
        title: slot.title,
        location: slot.place,
        qrColor: slot.qrColor === null ? null : qrColorOf(slot.qrColor),
      });
    }
  }
  if (shows.size === 0) return null;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderUrl,
    shows: [...shows.values()],
  };
}
