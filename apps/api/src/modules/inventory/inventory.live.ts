import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';

/**
 * What "held" means everywhere in the organiser API (ARCHITECTURE §4): a
 * cart line counts against its ticket while its cart is open and its ten
 * minutes have not passed; a seat is taken while it has a sale or an
 * unexpired hold. Expired holds never count and may be removed.
 */
export function liveCartItems(now: Date): Prisma.CartItemWhereInput {
  return { expiresAt: { gt: now }, cart: { status: 'OPEN' } };
}

export function takenSeatReservations(now: Date): Prisma.SeatReservationWhereInput {
  return { OR: [{ kind: 'SALE' }, { kind: 'HOLD', expiresAt: { gt: now } }] };
}

/** Units held per ticket by live cart lines. */
export async function heldByTicket(
  db: Db | Tx,
  ticketIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (ticketIds.length === 0) return new Map();
  const groups = await db.cartItem.groupBy({
    by: ['ticketId'],
    where: { ticketId: { in: ticketIds }, ...liveCartItems(now) },
    _sum: { quantity: true },
  });
  return new Map(groups.map((g) => [g.ticketId, g._sum.quantity ?? 0]));
}
