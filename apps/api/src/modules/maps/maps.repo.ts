import { RELEASED_ORDER_STATUSES } from '@taquilla/domain';
import type { Db, Tx } from '../../infra/db.ts';

/**
 * Orders whose items no longer take places (a rejected, cancelled or refunded
 * sale frees them); every other status keeps them. The same set as the ticket
 * list's real_available (tickets.repo.ts), so the two never disagree.
 */

/** A show with the map it owns and the map of its parent (for child dates). */
export function findShowWithMaps(db: Db | Tx, where: { id: string } | { path: string }) {
  return db.show.findUnique({
    where,
    select: {
      id: true,
      status: true,
      parentShowId: true,
      venueMap: { select: { id: true } },
      parent: { select: { venueMap: { select: { id: true } } } },
    },
  });
}

/** A venue map with its sections in drawing order and their seats row by row. */
export function findVenueMapLayout(db: Db | Tx, mapId: string) {
  return db.venueMap.findUnique({
    where: { id: mapId },
    include: {
      sections: {
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        include: {
          seats: {
            orderBy: [{ row: 'asc' }, { col: 'asc' }],
            select: { id: true, name: true, row: true, col: true, rowName: true, ticketId: true },
          },
        },
      },
    },
  });
}
export type VenueMapLayoutRow = NonNullable<Awaited<ReturnType<typeof findVenueMapLayout>>>;

export interface TakenPlaces {
  /** Seated sections: section id → seats sold or held live for the show. */
  seatsBySection: Map<string, number>;
  /** Unnumbered tickets: ticket id → units sold plus units held live for the show. */
  unitsByTicket: Map<string, number>;
}

/**
 * Everything taken for one show (a date), in one statement: seats with a sale
 * or a live hold, grouped by section (the (show_id, seat_id) unique index finds
 * them), and for the given unnumbered tickets the units in orders not released
 * plus the units in open carts that have not expired. Expired holds never
 * count, whether or not the sweeper has removed them yet.
 */
export async function countTakenPlaces(
  db: Db | Tx,
  showId: string,
  openTicketIds: string[],
  now: Date,
): Promise<TakenPlaces> {
  const rows = await db.$queryRaw<{ source: 'seats' | 'units'; id: string; n: number }[]>`
    SELECT 'seats' AS source, s.section_id::text AS id, count(*)::int AS n
      FROM seat_reservations r
      JOIN seats s ON s.id = r.seat_id
     WHERE r.show_id = ${showId}::uuid
       AND (r.kind = 'SALE' OR r.expires_at > ${now})
     GROUP BY s.section_id
    UNION ALL
    SELECT 'units', ci.ticket_id::text, sum(ci.quantity)::int
      FROM cart_items ci
      JOIN carts c ON c.id = ci.cart_id
     WHERE ci.show_id = ${showId}::uuid
       AND ci.ticket_id = ANY(${openTicketIds}::uuid[])
       AND ci.expires_at > ${now}
       AND c.status = 'OPEN'
     GROUP BY ci.ticket_id
    UNION ALL
    SELECT 'units', oi.ticket_id::text, sum(oi.quantity)::int
      FROM order_items oi
      JOIN orders o ON o.id = oi.order_id
     WHERE oi.show_id = ${showId}::uuid
       AND oi.ticket_id = ANY(${openTicketIds}::uuid[])
       AND o.status::text <> ALL(${[...RELEASED_ORDER_STATUSES]}::text[])
     GROUP BY oi.ticket_id`;
  const taken: TakenPlaces = { seatsBySection: new Map(), unitsByTicket: new Map() };
  for (const row of rows) {
    const counts = row.source === 'seats' ? taken.seatsBySection : taken.unitsByTicket;
    counts.set(row.id, (counts.get(row.id) ?? 0) + row.n);
  }
  return taken;
}

/**
 * Every reservation of one section's seats for a show, expired holds
 * included (the snapshot judges them per request, so the answer stays right
 * as holds run out). Raw SQL because it runs on every snapshot load and
 * Prisma's relation filter costs twice the time of the statement itself.
 */
export function findReservationsOfSection(db: Db | Tx, showId: string, sectionId: string) {
  return db.$queryRaw<
    { seatId: string; kind: 'HOLD' | 'SALE'; cartId: string | null; expiresAt: number | null }[]
  >`
    SELECT r.seat_id::text AS "seatId", r.kind::text AS kind, r.cart_id::text AS "cartId",
           (extract(epoch FROM r.expires_at) * 1000)::float8 AS "expiresAt"
      FROM seat_reservations r
      JOIN seats s ON s.id = r.seat_id
     WHERE r.show_id = ${showId}::uuid
       AND s.section_id = ${sectionId}::uuid`;
}
