import { useState } from 'react';
import type { Dispatch } from 'react';
import type { PaymentType, Show, Ticket } from '@taquilla/contract';
import {
  availabilityLabel,
  formatMoney,
  quantityOptions,
  ticketAvailability,
} from '@taquilla/domain';
import { LoadError } from '../../../components/load-error';
import { showTimeZone } from '../../../components/shows/show-presentation';
import { es } from '../../../i18n/es';
import { useShowTickets } from '../api/use-show-tickets';
import { QuantitySelect } from '../quantity-select';
import { formatTicketPrice, quantityDiscounts, ticketPrice } from './pricing';
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
  const tickets = useShowTickets(saleShowId, paymentTypes);
  const [now] = useState(() => new Date());

  if (tickets.status === 'loading') {
    return (
      <p className="ticket-list__loading" role="status">
        {es.status.loading}
      </p>
    );
  }
  if (tickets.status === 'error') {
    return <LoadError message={tickets.error.message} onRetry={tickets.retry} />;
  }
  if (tickets.data.items.length === 0) {
    return (
      <p className="notice notice--warning" role="alert">
        {emptyMessage}
      </p>
    );
  }
  return (
    <ul className="ticket-list" aria-label={es.purchase.ticketsLabel}>
      {tickets.data.items.map((ticket) => (
        <TicketRow
          key={ticket._id}
          show={show}
          ticket={ticket}
          now={now}
          quantity={selection.tickets[ticket._id]?.quantity ?? 0}
          onQuantity={(quantity) => dispatch({ type: 'setTicketQuantity', ticket, quantity })}
        />
      ))}
    </ul>
  );
}

type TicketRowProps = {
  show: Show;
  ticket: Ticket;
  now: Date;
  quantity: number;
  onQuantity: (quantity: number) => void;
};

function TicketRow({ show, ticket, now, quantity, onQuantity }: TicketRowProps) {
  const price = ticketPrice(ticket, show.settings.currency);
  const unavailable = availabilityLabel(ticketAvailability({ now, ...ticket }), showTimeZone(show));
  const options = quantityOptions({
    max_ticket_quantity: show.settings.max_ticket_quantity,
    real_available: ticket.real_available,
  });
  const selectId = `quantity-${ticket._id}`;

  return (
    <li className="ticket-row">
      <div className="ticket-row__info">
        <h4 className="ticket-row__name">{ticket.fullname}</h4>
        {ticket.description && <p className="ticket-row__description">{ticket.description}</p>}
        {ticket.note && <p className="ticket-row__note">{ticket.note}</p>}
        {ticket.bundle.length > 0 && (
          <p className="ticket-row__bundle">
            {es.purchase.bundle(ticket.bundle.map((item) => `${item.ammount} × ${item.fullname}`))}
          </p>
        )}
        <p className="ticket-row__price">
          <strong>{formatTicketPrice(price, es.purchase.free)}</strong>
          {price.fee > 0 && (
            <span className="ticket-row__fee">
              {es.purchase.fee(formatMoney(price.fee, price.currency))}
            </span>
          )}
        </p>
        {quantityDiscounts(price).map((offer) => (
          <p key={offer.quantityMin} className="ticket-row__offer">
            {es.purchase.quantityDiscount(
              offer.quantityMin,
              formatMoney(offer.unit, price.currency),
            )}
          </p>
        ))}
      </div>
      <div className="ticket-row__quantity">
        {unavailable ? (
          <span className="ticket-row__unavailable">{unavailable}</span>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={selectId}>
              {es.purchase.quantityOf(ticket.fullname)}
            </label>
            <QuantitySelect
              id={selectId}
              options={options}
              quantity={quantity}
              onQuantity={onQuantity}
            />
          </>
        )}
      </div>
    </li>
  );
}
