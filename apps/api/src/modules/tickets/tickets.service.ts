import { showSettingsSchema } from '@taquilla/contract';
import type { PaymentType, Ticket, TicketCount } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Show as ShowRow, ShowStatus } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { findShowByIdOrPath } from '../shows/shows.repo.ts';
import { NEVER_PUBLIC } from '../shows/shows.service.ts';
import { toTicketResponse } from './tickets.mapper.ts';
import {
  findTicketStock,
  findVisibleTickets,
  sumLiveHolds,
  sumSalesByDate,
} from './tickets.repo.ts';
import type { TicketRow, TicketScope, TicketStockRow, UnitsByDate } from './tickets.repo.ts';

/**
 * Dates not on sale (a draft, or over): not offered in `show_dates`, and they
 * never make a parent's dated ticket look available.
 */
const DATES_NOT_ON_SALE: ReadonlySet<string> = new Set<ShowStatus>(['NEW', 'CLOSED', 'CANCELLED']);

/** What real_available is counted from: a TicketRow, or a stock row (findTicketStock). */
type CountedTicket = Pick<TicketRow, 'id' | 'capacity' | 'sold'> & {
  showDates: { showId: string; show: { status: string } }[];
};

const datesOnSale = <T extends CountedTicket>(ticket: T): T['showDates'] =>
  ticket.showDates.filter((date) => !DATES_NOT_ON_SALE.has(date.show.status));

/** A child date sells its parent's tickets; anything else sells its own. */
export function ticketScope(show: Pick<ShowRow, 'id' | 'parentShowId' | 'settings'>): TicketScope {
  const isDate = showSettingsSchema.parse(show.settings ?? {}).is_show_date === true;
  return isDate && show.parentShowId
    ? { ownerId: show.parentShowId, dateId: show.id }
    : { ownerId: show.id, dateId: null };
}

const key = (ticketId: string, showId: string) => `${ticketId}:${showId}`;

function tally(rows: UnitsByDate[]) {
  const byTicket = new Map<string, number>();
  const byDate = new Map<string, number>();
  for (const row of rows) {
    byTicket.set(row.ticketId, (byTicket.get(row.ticketId) ?? 0) + row.quantity);
    byDate.set(key(row.ticketId, row.showId), row.quantity);
  }
  return { byTicket, byDate };
}

/**
 * real_available (docs/decisions/0008-ticket-availability.md):
 * - a ticket without show dates: capacity − tickets.sold − live holds;
 * - a ticket with show dates, asked for one date: capacity − units sold for that
 *   date − live holds for that date (capacity is per date);
 * - the same ticket on its parent's list: the best of its dates still on sale.
 * Never below 0.
 */
function availabilityCalculator(holdRows: UnitsByDate[], saleRows: UnitsByDate[]) {
  const holds = tally(holdRows);
  const sales = tally(saleRows);
  const forDate = (ticket: CountedTicket, dateId: string) =>
    Math.max(
      0,
      ticket.capacity -
        (sales.byDate.get(key(ticket.id, dateId)) ?? 0) -
        (holds.byDate.get(key(ticket.id, dateId)) ?? 0),
    );
  return (ticket: CountedTicket, dateId: string | null): number => {
    if (ticket.showDates.length === 0) {
      return Math.max(0, ticket.capacity - ticket.sold - (holds.byTicket.get(ticket.id) ?? 0));
    }
    if (dateId) return forDate(ticket, dateId);
    return Math.max(0, ...datesOnSale(ticket).map((date) => forDate(ticket, date.showId)));
  };
}

/**
 * The tickets of several shows at once, in a fixed number of queries whatever
 * the number of shows or tickets: the ticket rows (with their rules, bundle
 * items and dates), the live holds and the per-date sales.
 */
export async function loadTicketsForShows(
  db: Db | Tx,
  shows: Pick<ShowRow, 'id' | 'parentShowId' | 'settings'>[],
  options: { now: Date; paymentTypes?: PaymentType[] },
): Promise<Map<string, Ticket[]>> {
  const scopes = new Map(shows.map((show) => [show.id, ticketScope(show)]));
  const rows = await findVisibleTickets(db, [...scopes.values()], options.paymentTypes);
  const datedIds = rows.filter((row) => row.showDates.length > 0).map((row) => row.id);
  const [holdRows, saleRows] = await Promise.all([
    sumLiveHolds(
      db,
      rows.map((row) => row.id),
      options.now,
    ),
    sumSalesByDate(db, datedIds),
  ]);
  const realAvailable = availabilityCalculator(holdRows, saleRows);

  const result = new Map<string, Ticket[]>();
  for (const [showId, scope] of scopes) {
    const tickets = rows
      .filter(
        (row) =>
          row.showId === scope.ownerId &&
          (scope.dateId === null || row.showDates.some((d) => d.showId === scope.dateId)),
      )
      .map((row) =>
        toTicketResponse(row, {
          realAvailable: realAvailable(row, scope.dateId),
          datesOnSale: new Set(datesOnSale(row).map((date) => date.showId)),
        }),
      );
    result.set(showId, tickets);
  }
  return result;
}

/** A ticket of a show's own list with its real_available: what a page's offers show. */
export type TicketStock = Omit<TicketStockRow, 'dates' | 'holds' | 'sales'> & {
  realAvailable: number;
};

/**
 * A show's own visible tickets with real_available, by the rule above, from one
 * statement (findTicketStock): for a page's head, which reads it on a navigation
 * (decision 0069). Not for a child date's page, which is its parent's.
 */
export async function loadTicketStock(
  db: Db | Tx,
  ownerId: string,
  now: Date,
): Promise<TicketStock[]> {
  const rows = await findTicketStock(db, ownerId, now);
  const realAvailable = stockCalculator(rows);
  return rows.map((row) => {
    const { dates: _dates, holds: _holds, sales: _sales, ...ticket } = row;
    return { ...ticket, realAvailable: realAvailable(row, null) };
  });
}

/** availabilityCalculator over findTicketStock's rows. */
function stockCalculator(rows: TicketStockRow[]) {
  const units = (pick: (row: TicketStockRow) => TicketStockRow['holds']) =>
    rows.flatMap((row) => pick(row).map((unit) => ({ ticketId: row.id, ...unit })));
  const realAvailable = availabilityCalculator(
    units((row) => row.holds),
    units((row) => row.sales),
  );
  return (row: TicketStockRow, dateId: string | null) =>
    realAvailable(
      {
        ...row,
        showDates: row.dates.map((date) => ({
          showId: date.showId,
          show: { status: date.status },
        })),
      },
      dateId,
    );
}

/**
 * real_available of an owner's own list (`null`) and of each of `dateIds`' lists (the
 * owner's tickets naming that date, counted for it), by the rule above, from one
 * statement (findTicketStock): what a live page keeps current (decision 0079).
 */
export async function loadTicketCounts(
  db: Db | Tx,
  ownerId: string,
  dateIds: readonly string[],
  now: Date,
): Promise<Map<string | null, TicketCount[]>> {
  const rows = await findTicketStock(db, ownerId, now);
  const realAvailable = stockCalculator(rows);
  const counts = new Map<string | null, TicketCount[]>();
  for (const dateId of [null, ...dateIds]) {
    counts.set(
      dateId,
      rows
        .filter((row) => dateId === null || row.dates.some((date) => date.showId === dateId))
        .map((row) => ({ ticket_uid: row.id, real_available: realAvailable(row, dateId) })),
    );
  }
  return counts;
}

export function createTicketsService(deps: { db: Db; clock: () => Date }) {
  return {
    /**
     * GET /shows/{id}/tickets: the visible tickets of a show (or, for a child
     * date, of its parent for that date), having any of `paymentTypes`.
     */
    async listTickets(
      idOrPath: string,
      paymentTypes?: PaymentType[],
    ): Promise<{ items: Ticket[] }> {
      const show = await findShowByIdOrPath(deps.db, idOrPath);
      if (!show || show.status === NEVER_PUBLIC) throw new AppError('SHOW_NOT_FOUND');
      const byShow = await loadTicketsForShows(deps.db, [show], {
        now: deps.clock(),
        ...(paymentTypes ? { paymentTypes } : {}),
      });
      return { items: byShow.get(show.id) ?? [] };
    },

    /**
     * GET /shows/{id}/tickets/counts: real_available of the list `listTickets` answers
     * (every payment type), read now: never cached, so a live page that reads it once
     * joined to `show-seats/{id}` misses no change (decisions 0077, 0079).
     */
    async countTickets(idOrPath: string): Promise<{ tickets: TicketCount[] }> {
      const show = await findShowByIdOrPath(deps.db, idOrPath);
      if (!show || show.status === NEVER_PUBLIC) throw new AppError('SHOW_NOT_FOUND');
      const { ownerId, dateId } = ticketScope(show);
      const counts = await loadTicketCounts(deps.db, ownerId, dateId ? [dateId] : [], deps.clock());
      return { tickets: counts.get(dateId) ?? [] };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
