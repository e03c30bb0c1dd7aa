import { useId, useState } from 'react';
import type { Show, Ticket } from '@taquilla/contract';
import {
  availabilityLabel,
  formatMoney,
  quantityOptions,
  ticketAvailability,
} from '@taquilla/domain';
import type { Currency } from '@taquilla/domain';
import type { ApiQuery } from '../../api/use-api-query';
import { es } from '../../i18n/es';
import { LoadError } from '../load-error';
import { QuantitySelect } from '../quantity-select';
import { showTimeZone } from '../shows/show-presentation';
import './ticket-list.css';

const t = es.purchase;

/** What a row says a ticket costs, in minor units: the caller's pricing decides it. */
export type TicketRowPrice = {
  currency: Currency;
  unit: number;
  fee: number;
  /** "Desde N boletos: Q … cada uno". */
  offers: readonly { quantityMin: number; unit: number }[];
};

type TicketListProps = {
  show: Show;
  /** GET /shows/{id}/tickets?paymentType=A|B (000 §7), as loaded. */
  tickets: ApiQuery<{ items: Ticket[] }>;
  /** Said when the show sells no ticket this way (000 §8 "No tickets"). */
  emptyMessage: string;
  priceOf: (ticket: Ticket) => TicketRowPrice;
  quantityOf: (ticket: Ticket) => number;
  onQuantity: (ticket: Ticket, quantity: number) => void;
  /**
   * The level of each ticket's name: one below the heading the list sits under (a
   * show page's h2 "Comprar boletos", a form's h3), so no level is skipped.
   */
  headingLevel?: 3 | 4;
};

/** A show's tickets: each with its price and a quantity, or why it is not on sale. */
export function TicketList({
  show,
  tickets,
  emptyMessage,
  priceOf,
  quantityOf,
  onQuantity,
  headingLevel = 4,
}: TicketListProps) {
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
    <ul className="ticket-list" aria-label={t.ticketsLabel}>
      {tickets.data.items.map((ticket) => (
        <TicketRow
          key={ticket._id}
          show={show}
          ticket={ticket}
          price={priceOf(ticket)}
          now={now}
          quantity={quantityOf(ticket)}
          onQuantity={(quantity) => onQuantity(ticket, quantity)}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  );
}

type TicketRowProps = {
  show: Show;
  ticket: Ticket;
  price: TicketRowPrice;
  now: Date;
  quantity: number;
  onQuantity: (quantity: number) => void;
  headingLevel: 3 | 4;
};

function TicketRow({
  show,
  ticket,
  price,
  now,
  quantity,
  onQuantity,
  headingLevel,
}: TicketRowProps) {
  const Name = headingLevel === 3 ? 'h3' : 'h4';
  const selectId = useId();
  const unavailable = availabilityLabel(ticketAvailability({ now, ...ticket }), showTimeZone(show));
  const options = quantityOptions({
    max_ticket_quantity: show.settings.max_ticket_quantity,
    real_available: ticket.real_available,
  });

  return (
    <li className="ticket-row">
      <div className="ticket-row__info">
        <Name className="ticket-row__name">{ticket.fullname}</Name>
        {ticket.description && <p className="ticket-row__description">{ticket.description}</p>}
        {ticket.note && <p className="ticket-row__note">{ticket.note}</p>}
        {ticket.bundle.length > 0 && (
          <p className="ticket-row__bundle">
            {t.bundle(ticket.bundle.map((item) => `${item.ammount} × ${item.fullname}`))}
          </p>
        )}
        <p className="ticket-row__price">
          <strong>{price.unit === 0 ? t.free : formatMoney(price.unit, price.currency)}</strong>
          {price.fee > 0 && (
            <span className="ticket-row__fee">{t.fee(formatMoney(price.fee, price.currency))}</span>
          )}
        </p>
        {price.offers.map((offer) => (
          <p key={offer.quantityMin} className="ticket-row__offer">
            {t.quantityDiscount(offer.quantityMin, formatMoney(offer.unit, price.currency))}
          </p>
        ))}
      </div>
      <div className="ticket-row__quantity">
        {unavailable ? (
          <span className="ticket-row__unavailable">{unavailable}</span>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={selectId}>
              {t.quantityOf(ticket.fullname)}
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
