import { ticketTypeSchema } from '@taquilla/contract';
import { z } from 'zod';
import type { TicketType } from '../../generated/prisma/client.ts';

/** Where a code lets its holder in; a bundle's part carries its location text as the section. */
export interface TicketPlace {
  section: string | null;
  row: string | null;
  seat: string | null;
  door: string | null;
}

/** One admission an order line grants: each gets one code. */
export interface TicketSlot {
  ticketType: TicketType;
  /** The ticket's name, or the bundle part's description. */
  title: string | null;
  place: TicketPlace | null;
  /** As the ticket or bundle part stores it (free text); drawn black unless 6-digit hex. */
  qrColor: string | null;
}

/** An order line as issuing and listing codes read it. */
export interface LineForCodes {
  quantity: number;
  ticketType: TicketType;
  title: string | null;
  qrColor: string | null;
  /** JSON `{section, row, seat, door}` of the line. */
  location: unknown;
  /** JSON `bundle_items[]`: each `quantity` is already multiplier × the line's quantity. */
  bundleItems: unknown;
}

const text = z.string().nullish().catch(null);
const placeSchema = z
  .object({ section: text, row: text, seat: text, door: text })
  .nullish()
  .catch(null);

// Only what a code needs is read; an entry without a type or a count is a broken
// order, and issuing fewer codes than were paid for must fail loudly, not quietly.
const bundleItemsSchema = z.array(
  z.object({
    description: text,
    ticket_type: ticketTypeSchema,
    quantity: z.number().int().min(0),
    location: text,
    qr_color: text,
  }),
);

function placeOf(value: unknown): TicketPlace | null {
  const place = placeSchema.parse(value);
  if (!place) return null;
  const parts = {
    section: place.section ?? null,
    row: place.row ?? null,
    seat: place.seat ?? null,
    door: place.door ?? null,
  };
  return Object.values(parts).some(Boolean) ? parts : null;
}

const times = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

/** Every admission of a line: `quantity` of its own ticket, then each bundle part's units. */
export function slotsOf(line: LineForCodes): TicketSlot[] {
  const own: TicketSlot = {
    ticketType: line.ticketType,
    title: line.title,
    place: placeOf(line.location),
    qrColor: line.qrColor,
  };
  const parts = bundleItemsSchema.parse(line.bundleItems ?? []).flatMap((part) =>
    times(part.quantity, () => ({
      ticketType: part.ticket_type,
      title: part.description ?? null,
      place: part.location ? { section: part.location, row: null, seat: null, door: null } : null,
      qrColor: part.qr_color ?? null,
    })),
  );
  return [...times(line.quantity, () => own), ...parts];
}

/** The ticket type of each code a line still lacks (codes are counted per type). */
export function missingCodeTypes(
  slots: TicketSlot[],
  existing: { ticketType: TicketType }[],
): TicketType[] {
  const issued = new Map<TicketType, number>();
  for (const code of existing) issued.set(code.ticketType, (issued.get(code.ticketType) ?? 0) + 1);
  const missing: TicketType[] = [];
  for (const slot of slots) {
    const left = issued.get(slot.ticketType) ?? 0;
    if (left > 0) issued.set(slot.ticketType, left - 1);
    else missing.push(slot.ticketType);
  }
  return missing;
}

/**
 * Which admission each code stands for. A code row names only its line and
 * type, so within one type the codes are matched to the slots in code order:
 * a stable rule, so the e-mail and the order page always label a code alike.
 */
export function pairCodesWithSlots<C extends { code: string; ticketType: TicketType }>(
  slots: TicketSlot[],
  codes: C[],
): { code: C; slot: TicketSlot }[] {
  const byType = new Map<TicketType, C[]>();
  for (const code of [...codes].sort((a, b) => a.code.localeCompare(b.code))) {
    byType.set(code.ticketType, [...(byType.get(code.ticketType) ?? []), code]);
  }
  const pairs: { code: C; slot: TicketSlot }[] = [];
  for (const slot of slots) {
    const code = byType.get(slot.ticketType)?.shift();
    if (code) pairs.push({ code, slot });
  }
  return pairs;
}
