import type { Db } from '../../infra/db.ts';
import { findHoldingCarts } from './inventory.expiry.ts';
import type { CartExpiryScheduler } from './inventory-expiry.queue.ts';

/**
 * Schedules the release of every cart still holding: at worker start, so that
 * jobs lost with Redis come back (a job that exists is kept as it is).
 */
export async function rescheduleHoldingCarts(
  db: Db,
  scheduler: Pick<CartExpiryScheduler, 'schedule'>,
  now: Date,
): Promise<number> {
  const carts = await findHoldingCarts(db, now);
  for (const cart of carts) await scheduler.schedule(cart.id, cart.validThru as Date);
  return carts.length;
}
