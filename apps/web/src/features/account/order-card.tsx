import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { AccountOrder } from '@taquilla/contract';
import {
  formatMoney,
  formatOrderDate,
  orderStatusLabel,
  parseDate,
  toMinorUnits,
} from '@taquilla/domain';
import { orderStatusTone } from '../../components/orders/order-status-tone';
import { es } from '../../i18n/es';

/** One order of the account lists (002 §2.6). */
export function OrderCard({ order }: { order: AccountOrder }) {
  const titleId = useId();
  const number = order.order_number === null ? order._id : String(order.order_number);
  const createdAt = parseDate(order.createdAt);
  const ticketCount = order.tickets.reduce((sum, ticket) => sum + ticket.quantity, 0);
  const tone = orderStatusTone(order.status);

  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <h3 className="order-card__title" id={titleId}>
          {es.orders.number(number)}
        </h3>
        <span className={`order-status order-status--${tone}`}>
          {orderStatusLabel(order.status, 'list')}
        </span>
      </header>
      <p className="order-card__meta">
        {createdAt && <time dateTime={order.createdAt}>{formatOrderDate(createdAt)}</time>}
        <span>{es.orders.ticketCount(ticketCount)}</span>
      </p>
      {order.tickets.length > 0 && (
        <ul className="order-card__tickets">
          {order.tickets.map((ticket) => (
            <li key={ticket._id} className="order-card__ticket">
              <span className="order-card__show">{ticket.show_name}</span>
              {ticket.description && (
                <span className="order-card__description">{ticket.description}</span>
              )}
              <span className="order-card__quantity">{es.orders.quantity(ticket.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      <footer className="order-card__footer">
        <p className="order-card__total">
          {es.orders.total}{' '}
          <strong>{formatMoney(toMinorUnits(order.total), order.currency)}</strong>
        </p>
        <Link
          to={`/orders/${encodeURIComponent(order._id)}`}
          className="button button--secondary"
          aria-label={es.orders.detailsOf(number)}
        >
          {es.orders.details}
        </Link>
      </footer>
    </article>
  );
}
