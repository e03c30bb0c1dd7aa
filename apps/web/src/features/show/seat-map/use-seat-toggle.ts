import { useState } from 'react';
import type { SeatState, Show, Ticket } from '@taquilla/contract';
import { heldSeatIds, useCart } from '../../../cart/cart-context';
import { useToast } from '../../../components/toast/toast-context';
import { es } from '../../../i18n/es';
import { cardCartBody, cartFailure } from '../purchase/cart-add';

const t = es.cart.add;

/**
 * Seat clicks go straight to the cart (000 §4): an available seat shows as reserved at
 * once and is held for ten minutes, or goes back with "No fue posible agregar el boleto
 * al carrito"; a reserved seat is released. A click on a seat whose change is still on
 * its way does nothing.
 */
export function useSeatToggle(show: Show, saleShowId: string) {
  const { cart, addItems, removeSeats } = useCart();
  const toast = useToast();
  // Seats on their way: true while being held, false while being released.
  const [inFlight, setInFlight] = useState<ReadonlyMap<string, boolean>>(new Map());

  const mine = new Set(heldSeatIds(cart, saleShowId));
  for (const [seatId, isHolding] of inFlight) {
    if (isHolding) mine.add(seatId);
    else mine.delete(seatId);
  }

  function settle(seatId: string, isHolding: boolean | null) {
    setInFlight((current) => {
      const next = new Map(current);
      if (isHolding === null) next.delete(seatId);
      else next.set(seatId, isHolding);
      return next;
    });
  }

  async function toggle(seat: SeatState, ticket: Ticket | null) {
    if (inFlight.has(seat._id)) return;
    const isReleasing = mine.has(seat._id);
    settle(seat._id, !isReleasing);
    try {
      if (isReleasing) {
        await removeSeats([seat._id]);
        toast.success(t.seatRemoved(seat.name));
      } else {
        const ticketId = ticket?._id ?? seat.show_ticket_uid;
        if (!ticketId) throw new Error('seat without a ticket');
        await addItems(
          cardCartBody(show, [
            { ticket_uid: ticketId, show_uid: saleShowId, quantity: 1, seat: seat._id },
          ]),
        );
        toast.success(t.seatAdded(seat.name));
      }
    } catch (error) {
      if (isReleasing) {
        toast.error(es.cart.removeFailed);
      } else {
        const failure = cartFailure(t.seatFailed, error);
        toast.error(failure.message, failure.action);
      }
    } finally {
      settle(seat._id, null);
    }
  }

  return { mine, toggle: (seat: SeatState, ticket: Ticket | null) => void toggle(seat, ticket) };
}
