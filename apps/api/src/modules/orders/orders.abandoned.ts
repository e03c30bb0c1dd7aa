import type { HeldSeat } from '@taquilla/contract';
import type { Db } from '../../infra/db.ts';
import { seatChangesByShow } from '../maps/seat-changes.ts';
import type { SeatChange } from '../maps/seat-changes.ts';
import { returnOrderToCart } from './orders.checkout.ts';

/**
 * A card payment still PENDING this long was abandoned (a 3-D Secure page
 * closed, a gateway that never answered): the sandbox's challenge lives 15
 * minutes, so after 20 nobody can finish it.
 */
export const ABANDONED_PAYMENT_MINUTES = 20;

/**
 * The sweeper's part for checkout: abandoned card payments give their places
 * back (to the cart while its time lasts, else to everyone) and the order is
 * REJECTED with the reason. Runs any number of times: only PENDING orders change.
 */
export async function releaseAbandonedPayments(
  db: Db,
  now: Date,
): Promise<{ orders: number; changes: Map<string, SeatChange[]>; shows: Set<string> }> {
  const stale = await db.order.findMany({
    where: {
      status: 'PENDING',
      paymentType: 'CREDIT_CARD',
      createdAt: { lte: new Date(now.getTime() - ABANDONED_PAYMENT_MINUTES * 60_000) },
    },
    select: { id: true },
    take: 500,
  });
  const released: HeldSeat[] = [];
  const shows = new Set<string>();
  let orders = 0;
  for (const { id } of stale) {
    const returned = await db.$transaction((tx) =>
      returnOrderToCart(tx, id, {
        action: 'Payment abandoned',
        reason: 'El pago con tarjeta no se completó a tiempo',
        paymentResponse: { response_text: 'Pago no completado' },
      }),
    );
    if (returned) {
      orders += 1;
      released.push(...returned.released);
      for (const show of returned.shows) shows.add(show);
    }
  }
  return { orders, changes: seatChangesByShow(released, 'released'), shows };
}
