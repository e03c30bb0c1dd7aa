import { returnResultRowSchema } from '@taquilla/contract';
import type { ReturnResultRow } from '@taquilla/contract';
import type { Tx } from '../../infra/db.ts';

/**
 * An order gives its places back (`taquilla_return_places`, decision 0080), in the
 * caller's transaction, which holds the order's row and changes its status:
 * - to its cart (a declined card, a refused 3-D Secure, an abandoned payment): the seats
 *   are the cart's holds again until the cart's own ten minutes end;
 * - for good (`cartId` null: a rejected deposit, a cancellation, a refund): the seats are
 *   free.
 * Either way the units of tickets without dates come off `tickets.sold`. Answers the
 * seats now free to everyone and the shows of the order's lines (their ticket counts,
 * decision 0079), to announce once committed.
 */
export async function returnPlaces(
  tx: Tx,
  orderId: string,
  cartId: string | null,
): Promise<ReturnResultRow> {
  const [row] = await tx.$queryRaw<{ r: unknown }[]>`
    SELECT taquilla_return_places(${orderId}::uuid, ${cartId}::uuid) AS r`;
  return returnResultRowSchema.parse(row?.r);
}
