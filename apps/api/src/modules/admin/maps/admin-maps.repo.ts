import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';

const SEAT_BATCH = 5000;

export const mapInclude = {
  sections: {
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    include: { seats: { orderBy: [{ row: 'asc' }, { col: 'asc' }] } },
  },
} as const satisfies Prisma.VenueMapInclude;

export type MapRow = Prisma.VenueMapGetPayload<{ include: typeof mapInclude }>;

/**
 * Locks every seat of the show's map. A hold inserted concurrently takes a
 * key-share lock on its seat, so it waits for this transaction and then
 * fails on the deleted seat instead of being silently cascaded away.
 */
export async function lockSeatsOfShow(tx: Tx, showId: string): Promise<void> {
  await tx.$executeRaw`SELECT id FROM seats WHERE show_id = ${showId}::uuid FOR UPDATE`;
}

export function findTicketsOfShow(tx: Tx, showId: string, ids: string[]) {
  return tx.ticket.findMany({
    where: { id: { in: ids }, showId },
    select: { id: true, capacity: true, sold: true },
  });
}

/** The map's structure without its seats (for the audit log). */
export function findMapStructure(tx: Tx, showId: string) {
  return tx.venueMap.findUnique({
    where: { showId },
    include: {
      sections: {
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        include: { _count: { select: { seats: true } } },
      },
    },
  });
}

/** Sections, seats and the seats' expired holds go with the map (cascades). */
export function deleteMapOfShow(tx: Tx, showId: string) {
  return tx.venueMap.deleteMany({ where: { showId } });
}

export function createMap(tx: Tx, data: Prisma.VenueMapUncheckedCreateInput) {
  return tx.venueMap.create({ data, select: { id: true } });
}

export function createSection(tx: Tx, data: Prisma.SectionUncheckedCreateInput) {
  return tx.section.create({ data, select: { id: true } });
}

export async function createSeats(tx: Tx, seats: Prisma.SeatCreateManyInput[]): Promise<void> {
  for (let start = 0; start < seats.length; start += SEAT_BATCH) {
    await tx.seat.createMany({ data: seats.slice(start, start + SEAT_BATCH) });
  }
}

/** The show's own map with its sections and seats, or null. */
export function findMapOfShow(db: Db | Tx, showId: string) {
  return db.venueMap.findUnique({ where: { showId }, include: mapInclude });
}

export function findMap(tx: Tx, mapId: string) {
  return tx.venueMap.findUniqueOrThrow({ where: { id: mapId }, include: mapInclude });
}
