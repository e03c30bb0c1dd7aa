import { useCallback, useState } from 'react';
import type { AddCartItemsBody, Ticket } from '@taquilla/contract';
import type { TicketLine } from './order-pricing';

/** The tickets chosen on a form's ticket list, by ticket: a quantity of 0 drops the line. */
export function useTicketLines() {
  const [lines, setLines] = useState<Readonly<Record<string, TicketLine>>>({});
  const chosen = Object.values(lines);

  const setQuantity = useCallback((ticket: Ticket, quantity: number) => {
    setLines(({ [ticket._id]: _previous, ...rest }) =>
      quantity > 0 ? { ...rest, [ticket._id]: { ticket, quantity } } : rest,
    );
  }, []);

  /** The chosen lines as the cart takes them (POST /cart/{sessionID}/items). */
  const cartItems = (showId: string): AddCartItemsBody['items'] =>
    chosen.map((line) => ({
      show_uid: showId,
      ticket_uid: line.ticket._id,
      quantity: line.quantity,
    }));

  return {
    lines,
    chosen,
    ticketCount: chosen.reduce((sum, line) => sum + line.quantity, 0),
    setQuantity,
    cartItems,
  };
}
