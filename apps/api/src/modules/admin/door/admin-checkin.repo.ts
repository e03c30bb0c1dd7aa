import { Prisma } from '../../../generated/prisma/client.ts';
import type { TicketType } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';

// The door check-in's statements (docs/decisions/0029-door-check-in.md). A show's
// codes are reached through its order lines (`order_items.show_id`, the date sold)
// and then `ticket_codes` by order (its index), never by scanning every code.

/**
 * Admits a code at the door of `showId`: one conditional UPDATE that sets
 * `checked_in_at` only while it is null, the code was sold for this show (or
 * date), it is not an online-only ticket and its order is APPROVED. The order's
 * row is share-locked first, as issuing does, so an organiser's cancel or refund
 * (which locks it to change the status) runs wholly before or after. Of two
 * phones scanning one code at once, the second waits on the code's row, sees it
 * admitted and updates nothing. Answers the admitted code's id, or null.
 */
export async function admitCode(
  tx: Tx,
  input: { code: string; showId: string; actorId: string; now: Date },
): Promise<{ id: string } | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH o AS (
      SELECT o.id FROM orders o
       WHERE o.id = (SELECT order_id FROM ticket_codes WHERE code = ${input.code})
         AND o.status = 'APPROVED'
         FOR SHARE)
    UPDATE ticket_codes c
       SET checked_in_at = ${input.now}, checked_in_by = ${input.actorId}::uuid
      FROM o, order_items i
     WHERE c.code = ${input.code}
       AND c.order_id = o.id
       AND c.checked_in_at IS NULL
       AND c.voided_at IS NULL
       AND c.ticket_type <> 'ONLINE'
       AND i.id = c.order_item_id
       AND i.show_id = ${input.showId}::uuid
    RETURNING c.id::text AS id`;
  return rows[0] ?? null;
}

/** Why a code was not admitted: everything the refusal needs, in one read. */
export interface CodeState {
  checkedInAt: Date | null;
  /** Voided by the order's cancel or refund (the row is kept). */
  voidedAt: Date | null;
  ticketType: TicketType;
  orderStatus: string;
  /** The show (or date) the code was sold for. */
  showId: string;
  showName: string;
  showDate: Date;
  timezone: string;
  producerId: string;
  /** The parent's producer when the show is a date. */
  parentProducerId: string | null;
}

export async function findCodeState(db: Db | Tx, code: string): Promise<CodeState | null> {
  const rows = await db.$queryRaw<CodeState[]>`
    SELECT c.checked_in_at AS "checkedInAt", c.voided_at AS "voidedAt", c.ticket_type::text AS "ticketType",
           o.status::text AS "orderStatus", s.id::text AS "showId", s.fullname AS "showName",
           s.show_date AS "showDate", s.timezone, s.producer_id::text AS "producerId",
           p.producer_id::text AS "parentProducerId"
      FROM ticket_codes c
      JOIN orders o ON o.id = c.order_id
      JOIN order_items i ON i.id = c.order_item_id
      JOIN shows s ON s.id = i.show_id
      LEFT JOIN shows p ON p.id = s.parent_show_id
     WHERE c.code = ${code}`;
  return rows[0] ?? null;
}

/** An admitted code with its line, as the door and the recent list describe it. */
export interface CheckinRow {
  code: string;
  ticketType: TicketType;
  checkedInAt: Date;
  voidedAt: Date | null;
  orderNumber: number;
  paymentInfo: unknown;
  quantity: number;
  lineTicketType: TicketType;
  /** The line's ticket name. */
  title: string;
  location: unknown;
  bundleItems: unknown;
  /** Every code of the line, to tell which admission (a bundle part?) this one is. */
  lineCodes: { code: string; ticketType: TicketType }[];
}

const CHECKIN_SELECT = Prisma.sql`
  SELECT c.code, c.ticket_type::text AS "ticketType", c.checked_in_at AS "checkedInAt",
         c.voided_at AS "voidedAt",
         o.order_number AS "orderNumber", o.payment_info AS "paymentInfo",
         i.quantity, i.ticket_type::text AS "lineTicketType", t.fullname AS title,
         i.location, i.bundle_items AS "bundleItems",
         (SELECT coalesce(json_agg(json_build_object('code', lc.code, 'ticketType', lc.ticket_type)),
                          '[]'::json)
            FROM ticket_codes lc
           WHERE lc.order_id = c.order_id AND lc.order_item_id = c.order_item_id) AS "lineCodes"
    FROM order_items i
    JOIN orders o ON o.id = i.order_id
    JOIN ticket_codes c ON c.order_id = i.order_id AND c.order_item_id = i.id
    JOIN tickets t ON t.id = i.ticket_id`;

export async function findCheckin(db: Db | Tx, id: string): Promise<CheckinRow | null> {
  const rows = await db.$queryRaw<CheckinRow[]>`${CHECKIN_SELECT} WHERE c.id = ${id}::uuid`;
  return rows[0] ?? null;
}

/**
 * The last check-ins at a show's door, newest first: the door's history of who came
 * in, kept when the order is cancelled or refunded afterwards (its code voided).
 */
export function findRecentCheckins(
  db: Db | Tx,
  showId: string,
  limit: number,
): Promise<CheckinRow[]> {
  return db.$queryRaw<CheckinRow[]>`${CHECKIN_SELECT}
     WHERE i.show_id = ${showId}::uuid AND c.checked_in_at IS NOT NULL
     ORDER BY c.checked_in_at DESC, c.id DESC
     LIMIT ${limit}`;
}

/**
 * How many codes of the show's approved orders came in, out of how many: every
 * admission a door can take (online-only tickets never come to the door).
 */
export async function countAttendance(
  db: Db | Tx,
  showId: string,
): Promise<{ checkedIn: number; total: number }> {
  const rows = await db.$queryRaw<{ checkedIn: number; total: number }[]>`
    SELECT (count(*) FILTER (WHERE c.checked_in_at IS NOT NULL))::int AS "checkedIn",
           count(*)::int AS total
      FROM order_items i
      JOIN orders o ON o.id = i.order_id
      JOIN ticket_codes c ON c.order_id = i.order_id AND c.order_item_id = i.id
     WHERE i.show_id = ${showId}::uuid
       AND o.status = 'APPROVED'
       AND c.voided_at IS NULL
       AND c.ticket_type <> 'ONLINE'`;
  return rows[0] ?? { checkedIn: 0, total: 0 };
}
