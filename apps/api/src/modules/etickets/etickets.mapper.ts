import { showSettingsSchema } from '@taquilla/contract';
import type { OrderReceipt, OrderTicketsMailData } from '../mail/mail.types.ts';
import { qrColorOf } from '../qr/ticket-qr.ts';
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

/** How long a show lasts, in minutes: its `duration` setting, else the settings' default. */
function durationMinutesOf(line: OrderLineRow): number {
  const duration = showSettingsSchema.shape.duration;
  const parsed = duration.safeParse(line.durationHours ?? undefined);
  const hours = parsed.success ? parsed.data : duration.parse(undefined);
  return Math.max(1, Math.round(hours * 60));
}

/**
 * The receipt of the tickets e-mail: what was bought, grouped by show, ticket and
 * unit price (a seat map's order has a line per seat), and how it was paid.
 */
export function toOrderReceipt(order: OrderForTickets): OrderReceipt {
  const lines = new Map<string, OrderReceipt['lines'][number]>();
  for (const line of order.lines) {
    const unit = line.quantity > 0 ? line.totalPrice / line.quantity : line.totalPrice;
    const key = JSON.stringify([line.showId, line.title, unit]);
    const known = lines.get(key);
    if (known) {
      known.quantity += line.quantity;
      known.amount += line.totalPrice;
    } else {
      lines.set(key, {
        show: line.showName,
        title: line.title,
        quantity: line.quantity,
        amount: line.totalPrice,
      });
    }
  }
  return {
    currency: order.currency,
    paymentType: order.paymentType,
    card: order.ccLast4 ? { brand: order.ccBrand, last4: order.ccLast4 } : null,
    reference: order.reference,
    lines: [...lines.values()],
    tickets: order.subtotal,
    fees: order.totalFee,
    discount: { amount: order.totalDiscount, codes: order.promoCodes },
    total: order.total,
  };
}

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
      event: {
        showId: line.showId,
        address: line.venueAddress,
        durationMinutes: durationMinutesOf(line),
      },
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
    receipt: toOrderReceipt(order),
    shows: [...shows.values()],
  };
}
