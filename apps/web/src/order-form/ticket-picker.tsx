import { useId, useState } from 'react';
import { endpoints } from '@taquilla/contract';
import type { PaymentType, Show, Ticket } from '@taquilla/contract';
import {
  availabilityLabel,
  formatMoney,
  quantityOptions,
  ticketAvailability,
  toMinorUnits,
} from '@taquilla/domain';
import { useApiQuery } from '../api/use-api-query';
import { LoadError } from '../components/load-error';
import { showTimeZone } from '../components/shows/show-presentation';
import { es } from '../i18n/es';
import { esOrderForm } from './es-order-form';
import { unitCharge } from './order-pricing';
import type { TicketLine } from './order-pricing';

const t = esOrderForm.tickets;

type TicketPickerProps = {
  show: Show;
  /** GET /shows/{id}/tickets?paymentType=A|B (000 §7). */
  paymentTypes: readonly PaymentType[];
  /** Said when the show sells no ticket this way (000 §8 "No tickets"). */
  emptyMessage: string;
  lines: Readonly<Record<string, TicketLine>>;
  onQuantity: (ticket: Ticket, quantity: number) => void;
};

/** The form's ticket list: each ticket with its price and a quantity, or why it is not on sale. */
export function TicketPicker({
  show,
  paymentTypes,
  emptyMessage,
  lines,
  onQuantity,
}: TicketPickerProps) {
  const titleId = useId();
  const tickets = useApiQuery(endpoints.listTickets, {
    params: { id: show._id },
    query: { paymentType: paymentTypes.join('|') },
  });
  const [now] = useState(() => new Date());

  let body;
  if (tickets.status === 'loading') {
    body = (
      <p className="order-form__muted" role="status">
        {es.status.loading}
      </p>
    );
  } else if (tickets.status === 'error') {
    body = <LoadError message={tickets.error.message} onRetry={tickets.retry} />;
  } else if (tickets.data.items.length === 0) {
    body = (
      <p className="notice notice--warning" role="alert">
        {emptyMessage}
      </p>
    );
  } else {
    body = (
      <ul className="picker" aria-label={t.label}>
        {tickets.data.items.map((ticket) => (
          <TicketRow
            key={ticket._id}
            show={show}
            ticket={ticket}
            now={now}
            quantity={lines[ticket._id]?.quantity ?? 0}
            onQuantity={(quantity) => onQuantity(ticket, quantity)}
          />
        ))}
      </ul>
    );
  }
  return (
    <section className="order-form__section" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {t.title}
      </h3>
      {body}
    </section>
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
  const selectId = useId();
  const { currency } = show.settings;
  const { unit, fee } = unitCharge(ticket, currency);
  const unavailable = availabilityLabel(ticketAvailability({ now, ...ticket }), showTimeZone(show));
  const options = quantityOptions({
    max_ticket_quantity: show.settings.max_ticket_quantity,
    real_available: ticket.real_available,
  });
  return (
    <li className="picker__row">
      <div className="picker__info">
        <h4 className="picker__name">{ticket.fullname}</h4>
        {ticket.description && <p className="picker__text">{ticket.description}</p>}
        {ticket.note && <p className="picker__text picker__text--note">{ticket.note}</p>}
        <p className="picker__price">
          <strong>{unit === 0 ? t.free : formatMoney(unit, currency)}</strong>
          {fee > 0 && <span className="picker__fee">{t.fee(formatMoney(fee, currency))}</span>}
        </p>
        {ticket.price_rules.map((rule) => {
          const price =
            currency === 'USD' ? rule.item_discount_price_usd : rule.item_discount_price;
          if (price === null || price === undefined) return null;
          return (
            <p key={rule.quantity_min} className="picker__text picker__text--offer">
              {t.quantityDiscount(rule.quantity_min, formatMoney(toMinorUnits(price), currency))}
            </p>
          );
        })}
      </div>
      <div className="picker__quantity">
        {unavailable ? (
          <span className="picker__unavailable">{unavailable}</span>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={selectId}>
              {t.quantityOf(ticket.fullname)}
            </label>
            <select
              id={selectId}
              className="select"
              value={Math.min(quantity, options.length - 1)}
              onChange={(event) => onQuantity(Number(event.target.value))}
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
    </li>
  );
}
