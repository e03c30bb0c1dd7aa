import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { liveCartItems, takenSeatReservations } from './inventory.live.ts';

/*
 * What the organiser's changes do to the inventory (decision 0080): a show, a ticket or a
 * map is removed or replaced only while nothing of it is held or sold (each check runs
 * under the organiser write's lock on that show or ticket), and then the lines whose
 * holds have passed go first, since they would block the deletion (restrict keys).
 */

const cartItemsOfShow = (id: string): Prisma.CartItemWhereInput => ({
  OR: [{ showId: id }, { ticket: { showId: id } }, { seat: { showId: id } }],
});

export async function hasLiveHoldsOnShow(db: Db | Tx, id: string, now: Date): Promise<boolean> {
  const lines = await db.cartItem.count({
    where: { AND: [cartItemsOfShow(id), liveCartItems(now)] },
  });
  if (lines > 0) return true;
  const seats = await db.seatReservation.count({
    where: {
      AND: [{ OR: [{ showId: id }, { seat: { showId: id } }] }, takenSeatReservations(now)],
    },
  });
  return seats > 0;
}

/** Cart lines whose hold has passed would block the deletion (restrict keys); they go first. */
export function deleteDeadCartItemsOfShow(tx: Tx, id: string) {
  return tx.cartItem.deleteMany({ where: cartItemsOfShow(id) });
}

export async function hasLiveHoldsOnTicket(
  db: Db | Tx,
  ticketId: string,
  now: Date,
): Promise<boolean> {
  const lines = await db.cartItem.count({ where: { ticketId, ...liveCartItems(now) } });
  if (lines > 0) return true;
  const seats = await db.seatReservation.count({
    where: { AND: [{ seat: { ticketId } }, takenSeatReservations(now)] },
  });
  return seats > 0;
}

/** Expired cart lines of the ticket would block its deletion (restrict key). */
export function deleteCartItemsOfTicket(tx: Tx, ticketId: string) {
  return tx.cartItem.deleteMany({ where: { ticketId } });
}

/** A seat of the map is sold (in any order line) or held (a live hold or cart line). */
export async function hasTakenSeats(tx: Db | Tx, showId: string, now: Date): Promise<boolean> {
  const reservations = await tx.seatReservation.count({
    where: { AND: [{ seat: { showId } }, takenSeatReservations(now)] },
  });
  if (reservations > 0) return true;
  const orderLines = await tx.orderItem.count({ where: { seat: { showId } } });
  if (orderLines > 0) return true;
  const cartLines = await tx.cartItem.count({ where: { seat: { showId }, ...liveCartItems(now) } });
  return cartLines > 0;
}

/** Expired cart lines on the old seats would block their deletion (restrict key). */
export function deleteCartItemsOnSeatsOfShow(tx: Tx, showId: string) {
  return tx.cartItem.deleteMany({ where: { seat: { showId } } });
}
