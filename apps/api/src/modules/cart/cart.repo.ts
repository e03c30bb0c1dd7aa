import type { Tx } from '../../infra/db.ts';
import { CART_LOCK_TIMEOUT } from '../inventory/inventory.hold.ts';

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
