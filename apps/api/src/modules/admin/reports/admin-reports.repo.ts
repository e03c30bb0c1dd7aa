import { DEFAULT_TIME_ZONE } from '@taquilla/domain';
import { Prisma } from '../../../generated/prisma/client.ts';
import type { Currency, PaymentType } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';

// A show's sales, aggregated in PostgreSQL (decision 0030). Every figure comes
// from `lines`: the lines of APPROVED orders for the report's shows, each with
// its share of its order's promo discount.

/** Sums in centavos as float8: exact up to 2^53, and read as numbers, not BigInt. */
const FIGURES = Prisma.sql`
  count(DISTINCT l.order_id)::int AS orders,
  coalesce(sum(l.quantity), 0)::int AS places,
  coalesce(sum(l.total_price), 0)::float8 AS gross,
  coalesce(sum(l.total_fee), 0)::float8 AS fees,
  coalesce(sum(l.discount), 0)::float8 AS discounts`;

export interface FiguresRow {
  currency: Currency;
  orders: number;
  places: number;
  gross: number;
  fees: number;
  discounts: number;
}

/**
 * `lines`: one row per line of an APPROVED order on one of `showIds`. An
 * order's promo discount is shared among all its lines (of any show) in
 * proportion to what each line charged (price + fee), rounding on the running
 * sum, so the shares of an order add up to its discount to the centavo.
 */
function withLines(showIds: readonly string[], query: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    WITH priced AS (
      SELECT oi.id, oi.order_id, oi.ticket_id, oi.show_id, oi.show_name, oi.quantity, oi.price,
             oi.total_price, oi.total_fee, o.order_number, o.currency, o.payment_type,
             o.created_at, o.total_discount, o.payment_info->>'referral' AS referral,
             sum(oi.total_price + oi.total_fee) OVER (
               PARTITION BY oi.order_id ORDER BY oi.id ROWS UNBOUNDED PRECEDING) AS running,
             sum(oi.total_price + oi.total_fee) OVER (PARTITION BY oi.order_id) AS order_amount
        FROM orders o
        JOIN order_items oi ON oi.order_id = o.id
       WHERE o.status = 'APPROVED'
         AND o.id IN (SELECT s.order_id FROM order_items s
                       WHERE s.show_id = ANY(${showIds}::uuid[]))
    ),
    lines AS (
      SELECT p.*,
             CASE WHEN p.order_amount = 0 THEN 0
                  ELSE round(p.total_discount::numeric * p.running / p.order_amount)
                     - round(p.total_discount::numeric * (p.running - p.total_price - p.total_fee)
                             / p.order_amount)
             END::bigint AS discount
        FROM priced p
       WHERE p.show_id = ANY(${showIds}::uuid[])
    )
    ${query}`;
}

const DAY = Prisma.sql`to_char(l.created_at AT TIME ZONE ${DEFAULT_TIME_ZONE}, 'YYYY-MM-DD')`;

export interface TicketStockRow {
  id: string;
  fullname: string;
  capacity: number;
  sold: number;
  held: number;
}

/**
 * The owner's tickets that sell any of `showIds`, with capacity, sold (orders
 * still standing: not rejected, cancelled or refunded) and live holds counted
 * over those shows. A dated ticket's capacity is per date; one without dates
 * sells its owner only.
 */
function ticketStock(db: Db | Tx, ownerId: string, showIds: readonly string[], now: Date) {
  return db.$queryRaw<TicketStockRow[]>`
    WITH scope AS (SELECT unnest(${showIds}::uuid[]) AS show_id),
    stock AS (
      SELECT t.id, t.fullname, t.position,
             CASE WHEN NOT EXISTS (SELECT 1 FROM ticket_show_dates d WHERE d.ticket_id = t.id)
                  THEN CASE WHEN t.show_id IN (SELECT show_id FROM scope) THEN t.capacity ELSE 0 END
                  ELSE t.capacity * (SELECT count(*) FROM ticket_show_dates d
                                      WHERE d.ticket_id = t.id
                                        AND d.show_id IN (SELECT show_id FROM scope))
             END::int AS capacity,
             coalesce((SELECT sum(oi.quantity) FROM order_items oi
                         JOIN orders o ON o.id = oi.order_id
                        WHERE oi.ticket_id = t.id AND oi.show_id IN (SELECT show_id FROM scope)
                          AND o.status NOT IN ('REJECTED', 'CANCELLED', 'REFUND')), 0)::int AS sold,
             coalesce((SELECT sum(ci.quantity) FROM cart_items ci
                         JOIN carts c ON c.id = ci.cart_id
                        WHERE ci.ticket_id = t.id AND ci.show_id IN (SELECT show_id FROM scope)
                          AND ci.expires_at > ${now} AND c.status = 'OPEN'), 0)::int AS held
        FROM tickets t
       WHERE t.show_id = ${ownerId}::uuid
    )
    SELECT id::text AS id, fullname, capacity, sold, held FROM stock
     WHERE capacity > 0 OR sold > 0 OR held > 0
     ORDER BY position, id`;
}

export interface SalesReportRows {
  totals: FiguresRow[];
  byTicket: (FiguresRow & { ticket_id: string })[];
  byDay: (FiguresRow & { day: string })[];
  byPaymentType: (FiguresRow & { payment_type: PaymentType })[];
  stock: TicketStockRow[];
  attendance: { issued: number; checked_in: number; activated: number };
}

/**
 * Every figure of the report, read in one REPEATABLE READ transaction so the
 * tables agree with each other (a sale committing meanwhile is in none or all).
 */
export async function readSalesReport(
  db: Db,
  input: { ownerId: string; showIds: readonly string[]; now: Date },
): Promise<SalesReportRows> {
  const { showIds } = input;
  const [totals, byTicket, byDay, byPaymentType, stock, attendance] = await db.$transaction(
    [
      db.$queryRaw<FiguresRow[]>(
        withLines(
          showIds,
          Prisma.sql`SELECT l.currency, ${FIGURES} FROM lines l GROUP BY l.currency
                      ORDER BY l.currency`,
        ),
      ),
      db.$queryRaw<(FiguresRow & { ticket_id: string })[]>(
        withLines(
          showIds,
          Prisma.sql`SELECT l.ticket_id::text AS ticket_id, l.currency, ${FIGURES} FROM lines l
                      GROUP BY l.ticket_id, l.currency ORDER BY l.ticket_id, l.currency`,
        ),
      ),
      db.$queryRaw<(FiguresRow & { day: string })[]>(
        withLines(
          showIds,
          Prisma.sql`SELECT ${DAY} AS day, l.currency, ${FIGURES} FROM lines l
                      GROUP BY 1, l.currency ORDER BY 1, l.currency`,
        ),
      ),
      db.$queryRaw<(FiguresRow & { payment_type: PaymentType })[]>(
        withLines(
          showIds,
          Prisma.sql`SELECT l.payment_type, l.currency, ${FIGURES} FROM lines l
                      GROUP BY l.payment_type, l.currency ORDER BY l.payment_type, l.currency`,
        ),
      ),
      ticketStock(db, input.ownerId, showIds, input.now),
      db.$queryRaw<{ issued: number; checked_in: number; activated: number }[]>`
        SELECT count(*)::int AS issued,
               count(tc.checked_in_at)::int AS checked_in,
               count(tc.activated_at)::int AS activated
          FROM ticket_codes tc
          JOIN order_items oi ON oi.id = tc.order_item_id
          JOIN orders o ON o.id = tc.order_id
         WHERE oi.show_id = ANY(${showIds}::uuid[]) AND o.status = 'APPROVED'
           AND tc.voided_at IS NULL`,
    ],
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
  return {
    totals,
    byTicket,
    byDay,
    byPaymentType,
    stock,
    attendance: attendance[0] ?? { issued: 0, checked_in: 0, activated: 0 },
  };
}

export interface SalesLineRow {
  day: string;
  time: string;
  order_number: number;
  show_name: string;
  ticket_name: string;
  payment_type: PaymentType;
  currency: Currency;
  quantity: number;
  price: number;
  total_price: number;
  total_fee: number;
  discount: number;
  /** The referral the buyer's browser carried (002 §3); null without one. */
  referral: string | null;
}

/** Every sold line, oldest first: the CSV export. */
export function readSalesLines(db: Db, showIds: readonly string[]) {
  return db.$queryRaw<SalesLineRow[]>(
    withLines(
      showIds,
      Prisma.sql`SELECT ${DAY} AS day,
                        to_char(l.created_at AT TIME ZONE ${DEFAULT_TIME_ZONE}, 'HH24:MI') AS time,
                        l.order_number, l.show_name, t.fullname AS ticket_name, l.payment_type,
                        l.currency, l.quantity, l.price, l.total_price, l.total_fee,
                        l.discount::float8 AS discount, l.referral
                   FROM lines l JOIN tickets t ON t.id = l.ticket_id
                  ORDER BY l.created_at, l.order_number, l.id`,
    ),
  );
}

/** The show's child dates (funciones), earliest first. */
export function findChildDates(db: Db | Tx, showId: string) {
  return db.show.findMany({
    where: { parentShowId: showId },
    orderBy: [{ showDate: 'asc' }, { id: 'asc' }],
    select: { id: true, fullname: true, showDate: true, status: true },
  });
}
