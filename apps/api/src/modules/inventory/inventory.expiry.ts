import type { HeldSeat } from '@taquilla/contract';
import type { Db, Tx } from '../../infra/db.ts';
import { seatChangesByShow } from '../maps/seat-changes.ts';
import type { SeatChange } from '../maps/seat-changes.ts';

export interface ExpirySweepResult {
  releasedSeats: number;
  expiredCarts: number;
}

/** Shows (dates) whose ticket counts an expiry changed: its carts' lines (decision 0079). */
type Touched = { shows: string[] };

/** Deletes seat holds past their time (of one cart, or all) and says which seats they were. */
function deleteExpiredSeatHolds(tx: Tx, now: Date, cartId?: string): Promise<HeldSeat[]> {
  return cartId
    ? tx.$queryRaw<HeldSeat[]>`
        DELETE FROM seat_reservations r USING seats s
         WHERE s.id = r.seat_id AND r.kind = 'HOLD' AND r.expires_at <= ${now}
           AND r.cart_id = ${cartId}::uuid
        RETURNING r.show_id::text AS "showId", r.seat_id::text AS "seatId",
                  s.section_id::text AS "sectionId"`
    : tx.$queryRaw<HeldSeat[]>`
        DELETE FROM seat_reservations r USING seats s
         WHERE s.id = r.seat_id AND r.kind = 'HOLD' AND r.expires_at <= ${now}
        RETURNING r.show_id::text AS "showId", r.seat_id::text AS "seatId",
                  s.section_id::text AS "sectionId"`;
}

/** Closes open carts past their time (all, or one) and says which shows their lines were of. */
async function expireCarts(tx: Tx, now: Date, cartId?: string) {
  const [row] = await tx.$queryRaw<{ carts: number; shows: string[] }[]>`
    WITH gone AS (
      UPDATE carts SET status = 'EXPIRED', updated_at = now()
       WHERE status = 'OPEN' AND valid_thru <= ${now}
         AND (${cartId ?? null}::uuid IS NULL OR id = ${cartId ?? null}::uuid)
      RETURNING id)
    SELECT (SELECT count(*) FROM gone)::int AS carts,
           coalesce((SELECT array_agg(DISTINCT ci.show_id::text)
                       FROM cart_items ci WHERE ci.cart_id IN (SELECT id FROM gone)),
                    '{}') AS shows`;
  return row ?? { carts: 0, shows: [] };
}

/** Releases everything past its time in one transaction (the sweeper's work). */
async function releaseAllExpired(tx: Tx, now: Date) {
  const seats = await deleteExpiredSeatHolds(tx, now);
  const { carts, shows } = await expireCarts(tx, now);
  return { seats, carts, shows };
}

/**
 * Only one bulk release runs at a time (two would lock the same rows in
 * different orders); another caller skips it, or does only its own cart.
 */
async function tryBulkLock(tx: Tx): Promise<boolean> {
  const rows = await tx.$queryRaw<{ ok: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(hashtext('taquilla:release-expired')) AS ok`;
  return rows[0]?.ok === true;
}

/**
 * Releases what ten-minute holds left behind (ARCHITECTURE §4, third line of
 * defence after availability queries and the per-cart delayed job): seat
 * holds past their time and open carts past valid_thru. Safe to run twice:
 * the second run finds nothing to do. The released seats are answered for the
 * `show-seats` announcement.
 */
export async function releaseExpiredHolds(
  db: Db,
  now: Date,
): Promise<ExpirySweepResult & Touched & { changes: Map<string, SeatChange[]> }> {
  return db.$transaction(async (tx) => {
    // A per-cart job releasing everything due is doing this work right now.
    const { seats, carts, shows } = (await tryBulkLock(tx))
      ? await releaseAllExpired(tx, now)
      : { seats: [], carts: 0, shows: [] };
    return {
      releasedSeats: seats.length,
      expiredCarts: carts,
      shows,
      changes: seatChangesByShow(seats, 'released'),
    };
  });
}

export type CartRelease =
  | ({ state: 'released'; releasedSeats: number; changes: Map<string, SeatChange[]> } & Touched)
  /** The cart holds again until `due` (emptied and filled anew): try then. */
  | { state: 'later'; due: Date }
  /** Nothing left to do: the cart is gone, checked out, emptied, or released already. */
  | { state: 'none' };

/**
 * The per-cart delayed job (job id = cart id) at its time: the cart's holds
 * go and the cart expires. When many carts end in the same second, the first
 * job to run releases every hold that is due in one statement and the others
 * find their carts done. Releasing twice changes nothing.
 */
export async function releaseCart(db: Db, cartId: string, now: Date): Promise<CartRelease> {
  return db.$transaction(async (tx) => {
    const cart = await tx.cart.findUnique({
      where: { id: cartId },
      select: { status: true, validThru: true },
    });
    if (!cart || cart.status !== 'OPEN' || cart.validThru === null) return { state: 'none' };
    if (cart.validThru > now) return { state: 'later', due: cart.validThru };
    const { seats, shows } = (await tryBulkLock(tx))
      ? await releaseAllExpired(tx, now)
      : {
          seats: await deleteExpiredSeatHolds(tx, now, cartId),
          shows: (await expireCarts(tx, now, cartId)).shows,
        };
    return {
      state: 'released',
      releasedSeats: seats.length,
      shows,
      changes: seatChangesByShow(seats, 'released'),
    };
  });
}

/** Open carts still holding, with their time: the worker schedules their jobs at start. */
export function findHoldingCarts(db: Db, now: Date) {
  return db.cart.findMany({
    where: { status: 'OPEN', validThru: { gt: now } },
    select: { id: true, validThru: true },
  });
}
