import { DEFAULT_TIME_ZONE, formatLongSpanishDate, parseDate } from './time-zone.ts';

export const DEFAULT_MAX_TICKET_QUANTITY = 10;
export const OPEN_SECTION_MAX = 10;
export const SOLD_OUT_LABEL = 'AGOTADOS';

export type TicketAvailability =
  { state: 'SOLD_OUT' } | { state: 'NOT_YET'; since: Date } | { state: 'AVAILABLE' };

type WireDate = Date | string | null | undefined;

/**
 * Checks run in the order of 000 §4: a closed sale window wins, then a window not yet
 * open (so a ticket with no stock yet still says when it goes on sale), then stock.
 * Both window edges belong to the open window: sold out only strictly after valid_thru.
 */
export function ticketAvailability(ticket: {
  now: Date;
  valid_since?: WireDate;
  valid_thru?: WireDate;
  real_available: number;
}): TicketAvailability {
  const now = ticket.now.getTime();
  const thru = parseDate(ticket.valid_thru);
  if (thru && now > thru.getTime()) return { state: 'SOLD_OUT' };
  const since = parseDate(ticket.valid_since);
  if (since && now < since.getTime()) return { state: 'NOT_YET', since };
  if (!(ticket.real_available > 0)) return { state: 'SOLD_OUT' };
  return { state: 'AVAILABLE' };
}

/** The text shown instead of the quantity selector, or null when the selector is shown. */
export function availabilityLabel(
  availability: TicketAvailability,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  switch (availability.state) {
    case 'SOLD_OUT':
      return SOLD_OUT_LABEL;
    case 'NOT_YET':
      return `Disponible a partir del ${formatLongSpanishDate(availability.since, timeZone)}`;
    case 'AVAILABLE':
      return null;
  }
}

/** 0, 1, … up to the smaller of the per-line limit and the stock left. */
export function quantityOptions(ticket: {
  max_ticket_quantity?: number | null;
  real_available: number;
}): number[] {
  const limit = ticket.max_ticket_quantity ?? DEFAULT_MAX_TICKET_QUANTITY;
  const highest = Math.max(0, Math.floor(Math.min(limit, ticket.real_available)));
  return Array.from({ length: (Number.isFinite(highest) ? highest : 0) + 1 }, (_, n) => n);
}
