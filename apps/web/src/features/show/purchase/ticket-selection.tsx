import type { Dispatch } from 'react';
import type { PaymentType, Show } from '@taquilla/contract';
import { TicketList } from '../../../components/tickets/ticket-list';
import { useLiveShowTickets } from '../api/use-show-tickets';
import { quantityDiscounts, ticketPrice } from './pricing';
import type { PurchaseSelection, SelectionAction } from './selection';

type TicketSelectionProps = {
  show: Show;
  /** The show or función whose tickets are listed. */
  saleShowId: string;
  paymentTypes: readonly PaymentType[];
  /** Said when the show sells no ticket this way. */
  emptyMessage: string;
  selection: PurchaseSelection;
  dispatch: Dispatch<SelectionAction>;
};

/** The plain ticket list: each ticket with its price and a quantity, or why it is not on sale. */
export function TicketSelection({
  show,
  saleShowId,
  paymentTypes,
  emptyMessage,
  selection,
  dispatch,
}: TicketSelectionProps) {
  return (
    <TicketList
      show={show}
      tickets={useLiveShowTickets(saleShowId, paymentTypes)}
      emptyMessage={emptyMessage}
      headingLevel={3}
      priceOf={(ticket) => {
        const price = ticketPrice(ticket, show.settings.currency);
        return { ...price, offers: quantityDiscounts(price) };
      }}
      quantityOf={(ticket) => selection.tickets[ticket._id]?.quantity ?? 0}
      onQuantity={(ticket, quantity) => dispatch({ type: 'setTicketQuantity', ticket, quantity })}
    />
  );
}
