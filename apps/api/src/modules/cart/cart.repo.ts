import { randomUUID } from 'node:crypto';
import { RELEASED_ORDER_STATUSES } from '@taquilla/domain';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { liveCartItems } from '../admin/admin.inventory.ts';

/** How long a hold waits for another buyer's lock on the same ticket before answering "busy". */
export const CART_LOCK_TIMEOUT = '2s';

export type { CartRow } from './cart.view.ts';
export { findCartById, findOpenCart } from './cart.view.ts';

/**
 * Serialises the writes of one browser's cart (two tabs adding at once would
 * otherwise open two carts). Different carts never wait on each other here.
 * With a client key, the client's lock (the hold cap's) is taken next in the
 * same statement: session first, then client, always in that order.
 */
export async function lockCartSession(
  tx: Tx,
  sessionKey: string,
  clientKey?: string,
): Promise<void> {
  // One round trip: the timeout is set (for this transaction) before the locks are asked for.
  if (clientKey === undefined) {
    await tx.$queryRaw`
      SELECT pg_advisory_xact_lock(hashtext('taquilla:cart'), hashtext(${sessionKey}))::text AS locked
        FROM (SELECT set_config('lock_timeout', ${CART_LOCK_TIMEOUT}, true)) AS timeout`;
    return;
  }
  await tx.$queryRaw`
    SELECT pg_advisory_xact_lock(hashtext('taquilla:cart'), hashtext(${sessionKey}))::text AS session,
           pg_advisory_xact_lock(hashtext('taquilla:client'), hashtext(${clientKey}))::text AS client
      FROM (SELECT set_config('lock_timeout', ${CART_LOCK_TIMEOUT}, true)) AS timeout`;
}

/** A cart line as a write needs it: what it holds and until when. */
export interface CartLineHead {
  id: string;
  ticketId: string;
  showId: string;
  seatId: string | null;
  quantity: number;
  expiresAt: Date;
}

/** The open cart as a write needs it, read in one statement. */
export interface CartHead {
  id: string;
  userId: string | null;
  validThru: Date | null;
  currency: 'GTQ' | 'USD';
  /** How many promo codes are applied (they are re-priced when lines change). */
  promos: number;
  items: CartLineHead[];
}

const CART_HEAD_JSON = Prisma.sql`
  json_build_object(
    'id', c.id, 'userId', c.user_id, 'validThru', c.valid_thru, 'currency', c.currency,
    'promos', (SELECT count(*) FROM promo_code_applications p WHERE p.cart_id = c.id),
    'items', coalesce((SELECT json_agg(json_build_object(
                 'id', i.id, 'ticketId', i.ticket_id, 'showId', i.show_id,
                 'seatId', i.seat_id, 'quantity', i.quantity, 'expiresAt', i.expires_at)
               ORDER BY i.created_at, i.id)
                FROM cart_items i WHERE i.cart_id = c.id), '[]'::json))`;

function toCartHead(row: Record<string, unknown> | null): CartHead | null {
  if (!row) return null;
  const items = row.items as Record<string, unknown>[];
  return {
    id: String(row.id),
    userId: row.userId === null ? null : String(row.userId),
    validThru: row.validThru === null ? null : new Date(String(row.validThru)),
    currency: row.currency as CartHead['currency'],
    promos: Number(row.promos),
    items: items.map((i) => ({
      id: String(i.id),
      ticketId: String(i.ticketId),
      showId: String(i.showId),
      seatId: i.seatId === null ? null : String(i.seatId),
      quantity: Number(i.quantity),
      expiresAt: new Date(String(i.expiresAt)),
    })),
  };
}

/** What an add needs before it writes, read in one statement under the session and client locks. */
export interface AddContext {
  cart: CartHead | null;
  /** Places the client holds live across its open carts (the hold cap). */
  heldByClient: number;
  /** The seats the request names, with what a hold needs of their sections. */
  seats: Map<string, SeatForHold>;
}

export async function findAddContext(
  tx: Tx,
  input: { sessionKey: string; clientKey: string; now: Date; seatIds: string[] },
): Promise<AddContext> {
  const rows = await tx.$queryRaw<
    { head: Record<string, unknown> | null; held: number; seats: SeatForHold[] }[]
  >`
    SELECT
      (SELECT ${CART_HEAD_JSON}
         FROM carts c
        WHERE c.session_key = ${input.sessionKey} AND c.status = 'OPEN'
        ORDER BY c.created_at DESC
        LIMIT 1) AS head,
      (SELECT coalesce(sum(ci.quantity), 0)::int
         FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
        WHERE c.client_key = ${input.clientKey} AND c.status = 'OPEN'
          AND ci.expires_at > ${input.now}) AS held,
      (SELECT coalesce(json_agg(json_build_object(
                'id', s.id, 'showId', s.show_id, 'ticketId', s.ticket_id,
                'sectionId', s.section_id, 'name', s.name, 'rowName', s.row_name,
                'sectionType', sec.type, 'sectionName', sec.name, 'door', sec.door)), '[]'::json)
         FROM seats s JOIN sections sec ON sec.id = s.section_id
        WHERE s.id = ANY(${input.seatIds}::uuid[])) AS seats`;
  const row = rows[0];
  return {
    cart: toCartHead(row?.head ?? null),
    heldByClient: Number(row?.held ?? 0),
    seats: new Map((row?.seats ?? []).map((seat) => [seat.id, seat])),
  };
}

/**
 * The open cart of a browser becomes the user's, with its holds counted on the
 * user's cap; a cart that already has an owner (this user or another) is left alone.
 */
export function claimAnonymousCart(
  tx: Tx,
  input: { sessionKey: string; userId: string; clientKey: string },
) {
  return tx.$executeRaw`
    UPDATE carts SET user_id = ${input.userId}::uuid, client_key = ${input.clientKey},
                     updated_at = now()
     WHERE id = (SELECT id FROM carts
                  WHERE session_key = ${input.sessionKey} AND status = 'OPEN'
                  ORDER BY created_at DESC
                  LIMIT 1)
       AND user_id IS NULL`;
}

export function expireCart(tx: Tx, cartId: string) {
  return tx.cart.update({ where: { id: cartId }, data: { status: 'EXPIRED' } });
}

export async function createCart(
  tx: Tx,
  data: {
    sessionKey: string;
    userId: string | null;
    clientKey: string;
    currency: 'GTQ' | 'USD';
    validThru: Date;
  },
): Promise<CartHead> {
  const id = randomUUID();
  await tx.$executeRaw`
    INSERT INTO carts (id, session_key, user_id, client_key, currency, valid_thru, updated_at)
    VALUES (${id}::uuid, ${data.sessionKey}, ${data.userId}::uuid, ${data.clientKey},
            ${data.currency}::"Currency", ${data.validThru}, now())`;
  return {
    id,
    userId: data.userId,
    validThru: data.validThru,
    currency: data.currency,
    promos: 0,
    items: [],
  };
}

export const SALE_TICKET_INCLUDE = {
  show: true,
  priceRules: { orderBy: [{ quantityMin: 'asc' }, { id: 'asc' }] },
  bundleItems: { orderBy: { id: 'asc' } },
  showDates: { include: { show: true } },
  // The open section a VENUE_OPEN ticket sells: its line shows the section and its door.
  sections: {
    where: { type: 'OPEN' },
    select: { name: true, door: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    take: 1,
  },
} satisfies Prisma.TicketInclude;
export type SaleTicket = Prisma.TicketGetPayload<{ include: typeof SALE_TICKET_INCLUDE }>;

export function findSaleTickets(db: Db | Tx, ids: string[]): Promise<SaleTicket[]> {
  return db.ticket.findMany({ where: { id: { in: ids } }, include: SALE_TICKET_INCLUDE });
}

export function findSaleTicket(db: Db | Tx, id: string): Promise<SaleTicket | null> {
  return db.ticket.findUnique({ where: { id }, include: SALE_TICKET_INCLUDE });
}

export interface SeatForHold {
  id: string;
  showId: string;
  ticketId: string | null;
  sectionId: string;
  name: string;
  rowName: string;
  sectionType: string;
  sectionName: string;
  door: string | null;
}

/** The seats a cart's lines hold (all of them, or the lines named), for the release announcement. */
export function findHeldSeatsOf(
  tx: Tx,
  cartId: string,
  which?: { items?: string[]; seats?: string[] },
) {
  return tx.seatReservation.findMany({
    where: {
      cartId,
      kind: 'HOLD',
      ...(which
        ? {
            OR: [
              ...(which.items ? [{ cartItemId: { in: which.items } }] : []),
              ...(which.seats ? [{ seatId: { in: which.seats } }] : []),
            ],
          }
        : {}),
    },
    select: { showId: true, seatId: true, seat: { select: { sectionId: true } } },
  });
}

/**
 * The row lock that makes "held + sold ≤ capacity" one decision per ticket:
 * callers take it in ticket-id order, and a wait past the lock timeout
 * surfaces as a Postgres 55P03 error (turned into CART_BUSY), never a deadlock.
 * It answers the capacity and sales as they are under the lock.
 */
export async function lockTicket(
  tx: Tx,
  ticketId: string,
): Promise<{ capacity: number; sold: number }> {
  const rows = await tx.$queryRaw<{ capacity: number; sold: number }[]>`
    SELECT capacity, sold FROM tickets WHERE id = ${ticketId}::uuid FOR UPDATE`;
  return rows[0] ?? { capacity: 0, sold: 0 };
}

/** Units of a ticket held for a show (a date) by live lines, other carts and this one alike. */
export async function heldUnits(tx: Tx, ticketId: string, showId: string, now: Date) {
  const sum = await tx.cartItem.aggregate({
    where: { ticketId, showId, ...liveCartItems(now) },
    _sum: { quantity: true },
  });
  return sum._sum.quantity ?? 0;
}

/** Units of a dated ticket sold for one date (orders not released). */
export async function soldUnitsForDate(tx: Tx, ticketId: string, showId: string) {
  const sum = await tx.orderItem.aggregate({
    where: {
      ticketId,
      showId,
      order: { status: { notIn: [...RELEASED_ORDER_STATUSES] } },
    },
    _sum: { quantity: true },
  });
  return sum._sum.quantity ?? 0;
}

/** A new cart line, priced and described from its ticket. */
export interface NewCartLine {
  cartId: string;
  ticketId: string;
  showId: string;
  seatId: string | null;
  code: string;
  showName: string;
  showDate: Date;
  showType: string;
  venue: string;
  title: string;
  description: string | null;
  note: string | null;
  ticketType: string;
  image: string | null;
  quantity: number;
  price: number;
  discountPrice: number;
  fee: number;
  feeIncluded: boolean;
  totalPrice: number;
  totalFee: number;
  priceUsd: number | null;
  discountPriceUsd: number | null;
  feeUsd: number | null;
  totalPriceUsd: number | null;
  totalFeeUsd: number | null;
  location: object;
  bundleItems: object[];
  expiresAt: Date;
}

/**
 * Writes a cart line and, for a seat, its hold in the same statement: the
 * unique (show, seat) pair decides between carts racing for it, and an
 * expired hold left by a cart is taken over in place. `held` is false when a
 * live hold or a sale has the seat (the caller rolls the line back).
 */
export async function insertCartLine(
  tx: Tx,
  line: NewCartLine,
  now: Date,
): Promise<{ id: string; held: boolean }> {
  const id = randomUUID();
  const insertItem = Prisma.sql`
    INSERT INTO cart_items (id, cart_id, ticket_id, show_id, seat_id, code, show_name, show_date,
      show_type, venue, title, description, note, ticket_type, image, quantity, price,
      discount_price, fee, fee_included, total_price, total_fee, price_usd, discount_price_usd,
      fee_usd, total_price_usd, total_fee_usd, location, bundle_items, expires_at)
    VALUES (${id}::uuid, ${line.cartId}::uuid, ${line.ticketId}::uuid, ${line.showId}::uuid,
      ${line.seatId}::uuid, ${line.code}, ${line.showName}, ${line.showDate}, ${line.showType},
      ${line.venue}, ${line.title}, ${line.description}, ${line.note},
      ${line.ticketType}::"TicketType", ${line.image}, ${line.quantity}, ${line.price},
      ${line.discountPrice}, ${line.fee}, ${line.feeIncluded}, ${line.totalPrice},
      ${line.totalFee}, ${line.priceUsd}, ${line.discountPriceUsd}, ${line.feeUsd},
      ${line.totalPriceUsd}, ${line.totalFeeUsd}, ${JSON.stringify(line.location)}::jsonb,
      ${JSON.stringify(line.bundleItems)}::jsonb, ${line.expiresAt})
    RETURNING id`;
  if (line.seatId === null) {
    await tx.$queryRaw`${insertItem}`;
    return { id, held: true };
  }
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH item AS (${insertItem})
    INSERT INTO seat_reservations (id, show_id, seat_id, kind, cart_id, cart_item_id, expires_at)
    SELECT gen_random_uuid(), ${line.showId}::uuid, ${line.seatId}::uuid, 'HOLD',
           ${line.cartId}::uuid, item.id, ${line.expiresAt}
      FROM item
    ON CONFLICT (show_id, seat_id) DO UPDATE
      SET cart_id = EXCLUDED.cart_id, cart_item_id = EXCLUDED.cart_item_id,
          expires_at = EXCLUDED.expires_at, created_at = now()
      WHERE seat_reservations.kind = 'HOLD' AND seat_reservations.expires_at <= ${now}
    RETURNING id`;
  return { id, held: rows.length === 1 };
}
