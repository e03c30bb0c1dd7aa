import { createHash } from 'node:crypto';
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

/**
 * The row id of the code of a line's admission number `slot` (its place in
 * `slotsOf`): fixed, so two runs that issue the same admission at once write
 * the same primary key and the database keeps one. A UUID of version 8: the
 * line id's first 6 bytes (its time, for a UUIDv7) and the slot, so a line's
 * codes sort in admission order as the order page lists them (created_at,
 * id), then 62 bits of a hash of both.
 */
export function slotCodeId(lineId: string, slot: number): string {
  const id = Buffer.alloc(16);
  Buffer.from(lineId.replaceAll('-', ''), 'hex').copy(id, 0, 0, 6);
  id.writeUInt16BE(0x8000 | Math.min(slot, 0xfff), 6);
  createHash('sha256').update(`${lineId}/${slot}`).digest().copy(id, 8, 0, 8);
  id[8] = (id[8]! & 0x3f) | 0x80;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The admissions of a line still without a code, with the id each code will
 * have. Codes issued before ids were fixed per admission (any other id) count
 * per type, for the first admissions of their type, as issuing used to count.
 */
export function missingSlots(
  lineId: string,
  slots: TicketSlot[],
  existing: { id: string; ticketType: TicketType }[],
): { id: string; ticketType: TicketType }[] {
  const ids = slots.map((_, slot) => slotCodeId(lineId, slot));
  const known = new Set(ids);
  const issued = new Set(existing.map((code) => code.id));
  const older = new Map<TicketType, number>();
  for (const code of existing) {
    if (!known.has(code.id)) older.set(code.ticketType, (older.get(code.ticketType) ?? 0) + 1);
  }
  return slots.flatMap((slot, i) => {
    const id = ids[i]!;
    if (issued.has(id)) return [];
    const left = older.get(slot.ticketType) ?? 0;
    if (left > 0) {
      older.set(slot.ticketType, left - 1);
      return [];
    }
    return [{ id, ticketType: slot.ticketType }];
  });
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
