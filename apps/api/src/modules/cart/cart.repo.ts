import { RELEASED_ORDER_STATUSES } from '@taquilla/domain';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { liveCartItems } from '../admin/admin.inventory.ts';

/** How long a hold waits for another buyer's lock on the same ticket before answering "busy". */
const LOCK_TIMEOUT = '2s';

export const CART_INCLUDE = {
  items: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  promoCodes: {
    include: { promoCode: { select: { code: true, discountType: true, discountValue: true } } },
    orderBy: [{ appliedAt: 'asc' }, { id: 'asc' }],
  },
} satisfies Prisma.CartInclude;
export type CartRow = Prisma.CartGetPayload<{ include: typeof CART_INCLUDE }>;

/**
 * Serialises the writes of one browser's cart (two tabs adding at once would
 * otherwise open two carts). Different carts never wait on each other here.
 */
export async function lockCartSession(tx: Tx, sessionKey: string): Promise<void> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('taquilla:cart'), hashtext(${sessionKey}))`;
}

export function findOpenCart(db: Db | Tx, sessionKey: string): Promise<CartRow | null> {
  return db.cart.findFirst({
    where: { sessionKey, status: 'OPEN' },
    include: CART_INCLUDE,
    orderBy: { createdAt: 'desc' },
  });
}

export function expireCart(tx: Tx, cartId: string) {
  return tx.cart.update({ where: { id: cartId }, data: { status: 'EXPIRED' } });
}

export function createCart(
  tx: Tx,
  data: { sessionKey: string; userId: string | null; clientKey: string; currency: 'GTQ' | 'USD' },
) {
  return tx.cart.create({ data, include: CART_INCLUDE });
}

export const SALE_TICKET_INCLUDE = {
  show: true,
  priceRules: { orderBy: [{ quantityMin: 'asc' }, { id: 'asc' }] },
  bundleItems: { orderBy: { id: 'asc' } },
  showDates: { include: { show: true } },
} satisfies Prisma.TicketInclude;
export type SaleTicket = Prisma.TicketGetPayload<{ include: typeof SALE_TICKET_INCLUDE }>;

export function findSaleTickets(db: Db | Tx, ids: string[]): Promise<SaleTicket[]> {
  return db.ticket.findMany({ where: { id: { in: ids } }, include: SALE_TICKET_INCLUDE });
}

export function findSeatsWithSection(db: Db | Tx, ids: string[]) {
  return db.seat.findMany({ where: { id: { in: ids } }, include: { section: true } });
}

/**
 * Serialises one client's adds across its carts (several tabs or sessions of
 * one bot), so the per-client cap is one decision. Taken after the session
 * lock and before any ticket lock: always the same order.
 */
export async function lockClient(tx: Tx, clientKey: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('taquilla:client'), hashtext(${clientKey}))`;
}

/** Places a client holds live across its open carts. */
export async function placesHeldBy(tx: Tx, clientKey: string, now: Date): Promise<number> {
  const sum = await tx.cartItem.aggregate({
    where: { expiresAt: { gt: now }, cart: { clientKey, status: 'OPEN' } },
    _sum: { quantity: true },
  });
  return sum._sum.quantity ?? 0;
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
 */
export async function lockTicket(tx: Tx, ticketId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM tickets WHERE id = ${ticketId}::uuid FOR UPDATE`;
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

/**
 * Holds a seat for a date with one statement: the unique (show, seat) pair
 * decides between carts racing for it. An expired hold left by a cart is
 * taken over in place; a live hold or a sale leaves the row untouched and
 * the statement returns nothing.
 */
export async function holdSeat(
  tx: Tx,
  hold: { showId: string; seatId: string; cartId: string; cartItemId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO seat_reservations (id, show_id, seat_id, kind, cart_id, cart_item_id, expires_at)
    VALUES (gen_random_uuid(), ${hold.showId}::uuid, ${hold.seatId}::uuid, 'HOLD',
            ${hold.cartId}::uuid, ${hold.cartItemId}::uuid, ${hold.expiresAt})
    ON CONFLICT (show_id, seat_id) DO UPDATE
      SET cart_id = EXCLUDED.cart_id, cart_item_id = EXCLUDED.cart_item_id,
          expires_at = EXCLUDED.expires_at, created_at = now()
      WHERE seat_reservations.kind = 'HOLD' AND seat_reservations.expires_at <= ${now}
    RETURNING id`;
  return rows.length === 1;
}
