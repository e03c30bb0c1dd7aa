import { RELEASED_ORDER_STATUSES } from '@taquilla/domain';
import type { PaymentType } from '@taquilla/contract';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { liveCartItems } from '../admin/admin.inventory.ts';

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
