import { createEvents } from 'ics';
import type { EventAttributes } from 'ics';
import { formatShowDate } from './mail.layout.ts';
import type { MailAttachment } from './mail.layout.ts';
import type { OrderTicketsMailData } from './mail.types.ts';

const PRODUCT_ID = '-//Taquilla//Boletos//ES';

/** "Teatro Nacional, 24 calle 3-81, zona 1": the venue, and its address when known. */
const locationOf = (venue: string, address: string | null) =>
  address?.trim() ? `${venue}, ${address.trim()}` : venue;

/**
 * The tickets e-mail's calendar file: one event per show of the order at the
 * show's date and venue, for as long as the show lasts. Times are written in
 * UTC (`DTSTART:20270306T020000Z`), the one form every calendar reads without
 * a VTIMEZONE block, so each reader's calendar shows the Guatemala start in
 * its own zone; the Guatemala time is spelt out in the description. The UID
 * is the order's and the show's, so importing a resent e-mail updates the
 * event instead of adding a second one. Null when no show carries its event
 * data (a job queued before the calendar file existed), or when the library
 * refuses the event: the codes go out without the file rather than not at all.
 */
export function orderCalendar(data: OrderTicketsMailData): MailAttachment | null {
  const events: EventAttributes[] = [];
  for (const show of data.shows) {
    if (!show.event) continue;
    const start = new Date(show.date).getTime();
    const count = show.tickets.length;
    const location = locationOf(show.venue, show.event.address);
    events.push({
      uid: `${data.orderId}.${show.event.showId}@taquilla`,
      title: show.name,
      start,
      startInputType: 'utc',
      startOutputType: 'utc',
      end: start + show.event.durationMinutes * 60_000,
      endInputType: 'utc',
      endOutputType: 'utc',
      location,
      description: [
        `Orden #${data.orderNumber} · ${count === 1 ? '1 boleto' : `${count} boletos`}`,
        `Fecha: ${formatShowDate(show.date)}`,
        `Lugar: ${location}`,
        'Presenta el código QR de cada boleto en la entrada; llega 30 minutos antes.',
        `Tus boletos: ${data.orderUrl}`,
      ].join('\n'),
      url: data.orderUrl,
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
    });
  }
  if (events.length === 0) return null;
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, method: 'PUBLISH' });
  if (error || !value) return null;
  return {
    filename: `orden-${data.orderNumber}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(value, 'utf8'),
  };
}
