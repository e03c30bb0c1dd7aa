import type { Db } from '../../infra/db.ts';

export interface ExpirySweepResult {
  releasedSeats: number;
  expiredCarts: number;
  purgedIdempotencyKeys: number;
}

/**
 * Releases what ten-minute holds left behind (ARCHITECTURE §4, third line of
 * defence after availability queries and the per-cart delayed job): seat
 * holds past their time, open carts past valid_thru, idempotency keys past
 * their retention. Safe to run twice: the second run finds nothing to do.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<ExpirySweepResult> {
  return db.$transaction(async (tx) => {
    const seats = await tx.seatReservation.deleteMany({
      where: { kind: 'HOLD', expiresAt: { lte: now } },
    });
    const carts = await tx.cart.updateMany({
      where: { status: 'OPEN', validThru: { lte: now } },
      data: { status: 'EXPIRED' },
    });
    const keys = await tx.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
    return {
      releasedSeats: seats.count,
      expiredCarts: carts.count,
      purgedIdempotencyKeys: keys.count,
    };
  });
}
