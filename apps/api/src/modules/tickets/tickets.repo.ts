import { RELEASED_ORDER_STATUSES } from '@taquilla/domain';
import { currencySchema, ticketTypeSchema } from '@taquilla/contract';
import type { PaymentType } from '@taquilla/contract';
import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { liveCartItems } from '../inventory/inventory.live.ts';

/**
 * Where a show's tickets live. A child date (función) sells the tickets of its
 * parent that name it in ticket_show_dates; any other show sells its own.
 */
export interface TicketScope {
  /** tickets.show_id */
  ownerId: string;
  /** The child date asked for, or null for the owner's whole list. */
  dateId: string | null;
}

export const TICKET_INCLUDE = {
  priceRules: { orderBy: [{ quantityMin: 'asc' }, { id: 'asc' }] },
  bundleItems: { orderBy: { id: 'asc' } },
  showDates: {
    include: { show: { select: { status: true, showDate: true } } },
    orderBy: [{ show: { showDate: 'asc' } }, { showId: 'asc' }],
  },
} satisfies Prisma.TicketInclude;

export type TicketRow = Prisma.TicketGetPayload<{ include: typeof TICKET_INCLUDE }>;

/**
 * The visible tickets of every scope in one query (relations are batched by
 * Prisma, one query each), ordered by `position`. A draft owner sells nothing.
 */
export function findVisibleTickets(
  db: Db | Tx,
  scopes: TicketScope[],
  paymentTypes?: PaymentType[],
): Promise<TicketRow[]> {
  if (scopes.length === 0) return Promise.resolve([]);
  return db.ticket.findMany({
    where: {
      visible: true,
      show: { status: { not: 'NEW' } },
      ...(paymentTypes ? { paymentTypes: { hasSome: paymentTypes } } : {}),
      OR: scopes.map((scope) =>
        scope.dateId
          ? { showId: scope.ownerId, showDates: { some: { showId: scope.dateId } } }
          : { showId: scope.ownerId },
      ),
    },
    include: TICKET_INCLUDE,
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
}

export interface UnitsByDate {
  ticketId: string;
  /** cart_items.show_id / order_items.show_id: the date held or sold. */
  showId: string;
  quantity: number;
}

/**
 * Live holds: quantities of cart items whose own expiry is still ahead and whose
 * cart is OPEN. An expired hold never counts, whether or not the sweeper has run.
 */
export async function sumLiveHolds(
  db: Db | Tx,
  ticketIds: string[],
  now: Date,
): Promise<UnitsByDate[]> {
  if (ticketIds.length === 0) return [];
  const groups = await db.cartItem.groupBy({
    by: ['ticketId', 'showId'],
    where: { ticketId: { in: ticketIds }, ...liveCartItems(now) },
    _sum: { quantity: true },
  });
  return groups.map((g) => ({
    ticketId: g.ticketId,
    showId: g.showId,
    quantity: g._sum.quantity ?? 0,
  }));
}

/** Units sold per date for tickets with show dates (orders not released). */
export async function sumSalesByDate(db: Db | Tx, ticketIds: string[]): Promise<UnitsByDate[]> {
  if (ticketIds.length === 0) return [];
  const groups = await db.orderItem.groupBy({
    by: ['ticketId', 'showId'],
    where: {
      ticketId: { in: ticketIds },
      order: { status: { notIn: [...RELEASED_ORDER_STATUSES] } },
    },
    _sum: { quantity: true },
  });
  return groups.map((g) => ({
    ticketId: g.ticketId,
    showId: g.showId,
    quantity: g._sum.quantity ?? 0,
  }));
}

const unitsSchema = z.array(z.object({ showId: z.string(), quantity: z.number().int() }));

const ticketStockRowSchema = z.object({
  id: z.string(),
  fullname: z.string(),
  type: ticketTypeSchema,
  currency: currencySchema,
  price: z.number().int(),
  fee: z.number().int(),
  fee_included: z.boolean(),
  valid_since: z.date().nullable(),
  valid_thru: z.date().nullable(),
  capacity: z.number().int(),
  sold: z.number().int(),
  dates: z.array(z.object({ showId: z.string(), status: z.string() })),
  holds: unitsSchema,
  sales: unitsSchema,
});
export type TicketStockRow = z.infer<typeof ticketStockRowSchema>;

/**
 * A show's own visible tickets (not a date's: a date's page is its parent's) with what
 * real_available is counted from, in ONE statement: a page's head reads it on a
 * navigation (decision 0069), where findVisibleTickets and the two sums take six. The
 * same inputs as those, by the same rules: live holds are lines of OPEN carts whose
 * expiry is ahead (`liveCartItems`), and per-date sales are lines of orders not
 * released, read only for tickets with dates (`sumSalesByDate`). A draft owner sells
 * nothing. The arithmetic stays in tickets.service's availabilityCalculator.
 *
 * Each live line's cart is looked up by its primary key, never joined: in an on-sale the
 * tables grow faster than they are analysed, and a join planned early hashed every open
 * cart for each ticket (45 ms a read, read four times a second by the live counts,
 * decision 0079; docs/benchmarks.md, stop 27), as decision 0078 found for the hold.
 */
export async function findTicketStock(
  db: Db | Tx,
  ownerId: string,
  now: Date,
): Promise<TicketStockRow[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT t.id::text AS id, t.fullname, t.type::text AS type, t.currency::text AS currency,
           t.price, t.fee, t.fee_included, t.valid_since, t.valid_thru, t.capacity, t.sold,
           coalesce((SELECT json_agg(json_build_object('showId', d.show_id, 'status', ds.status))
                       FROM ticket_show_dates d JOIN shows ds ON ds.id = d.show_id
                      WHERE d.ticket_id = t.id), '[]'::json) AS dates,
           coalesce((SELECT json_agg(json_build_object('showId', h.show_id, 'quantity', h.quantity))
                       FROM (SELECT ci.show_id, sum(ci.quantity)::int AS quantity
                               FROM cart_items ci
                              WHERE ci.ticket_id = t.id AND ci.expires_at > ${now}
                                AND (SELECT c.status FROM carts c WHERE c.id = ci.cart_id) = 'OPEN'
                              GROUP BY ci.show_id) h), '[]'::json) AS holds,
           coalesce((SELECT json_agg(json_build_object('showId', u.show_id, 'quantity', u.quantity))
                       FROM (SELECT oi.show_id, sum(oi.quantity)::int AS quantity
                               FROM order_items oi JOIN orders o ON o.id = oi.order_id
                              WHERE oi.ticket_id = t.id
                                AND EXISTS (SELECT 1 FROM ticket_show_dates x WHERE x.ticket_id = t.id)
                                AND o.status::text <> ALL(${[...RELEASED_ORDER_STATUSES]}::text[])
                              GROUP BY oi.show_id) u), '[]'::json) AS sales
      FROM tickets t
      JOIN shows owner ON owner.id = t.show_id
     WHERE t.show_id = ${ownerId}::uuid AND t.visible AND owner.status <> 'NEW'
     ORDER BY t.position, t.id`;
  return rows.map((row) => ticketStockRowSchema.parse(row));
}
