import { useId } from 'react';
import type { Order } from '@taquilla/contract';
import { DEFAULT_TIME_ZONE, isOrderApproved } from '@taquilla/domain';
import { money } from '../../cart/cart-money';
import { formatShowDate } from '../../components/shows/show-presentation';
import { env } from '../../config/env';
import { orderTexts } from './orders.texts';

const t = orderTexts.items;

type OrderTicket = Order['tickets'][number];
type OrderCode = Order['codes'][number];

/** The QR image's address: the gateway's path (GET /etickets/qr/{code}) on the API's origin. */
function qrSource(code: OrderCode): string {
  return code.qrcode.startsWith('/') ? `${env.apiBaseUrl}${code.qrcode}` : code.qrcode;
}

type OrderItemsProps = {
  order: Order;
  isReloading: boolean;
  onReload: () => void;
};

/**
 * The order's lines and, once the order is approved and its codes are issued, each
 * place's code with its QR image (000 §4). Until then: "Tus códigos aún se están
 * generando" with a reload link, or, for a deposit under review, when they will come.
 */
export function OrderItems({ order, isReloading, onReload }: OrderItemsProps) {
  const titleId = useId();
  const showsCodes = isOrderApproved(order.status) && order.codes.length > 0;
  const awaitsCodes = !showsCodes && ['APPROVED', 'PENDING'].includes(order.status);
  // A deposit's codes are issued only once the organiser confirms it: nothing to reload yet.
  const awaitsDeposit = order.status === 'WAITING_CONFIRMATION';
  const lineIds = new Set(order.tickets.map((ticket) => ticket._id));
  const loose = order.codes.filter((code) => !lineIds.has(code.order_ticket_uid));

  return (
    <section className="order-items" aria-labelledby={titleId}>
      <h2 className="order-items__title" id={titleId}>
        {t.title}
      </h2>
      {awaitsDeposit && <p className="notice order-items__pending">{t.depositPending}</p>}
      {awaitsCodes && (
        <p className="notice order-items__pending">
          {isReloading ? t.reloading : t.generating}{' '}
          <button type="button" className="link-button" onClick={onReload} disabled={isReloading}>
            {t.reload}
          </button>
        </p>
      )}
      <ul className="order-items__list" aria-label={t.listLabel}>
        {order.tickets.map((ticket) => (
          <OrderLine
            key={ticket._id}
            ticket={ticket}
            currency={order.currency}
            codes={
              showsCodes ? order.codes.filter((code) => code.order_ticket_uid === ticket._id) : []
            }
          />
        ))}
      </ul>
      {showsCodes && loose.length > 0 && <CodeGrid codes={loose} label={t.title} />}
    </section>
  );
}

function OrderLine({
  ticket,
  currency,
  codes,
}: {
  ticket: OrderTicket;
  currency: Order['currency'];
  codes: readonly OrderCode[];
}) {
  const { section, row, seat, door } = ticket.location ?? {};
  const place = [
    section ? t.section(section) : null,
    seat ? t.seat(row ?? null, seat) : null,
    door ? t.door(door) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="order-line card">
      <div className="order-line__head">
        <div className="order-line__body">
          <h3 className="order-line__show">{ticket.show_name}</h3>
          <p className="order-line__date">
            <time dateTime={ticket.show_date}>
              {formatShowDate({ show_date: ticket.show_date, timezone: DEFAULT_TIME_ZONE })}
            </time>
          </p>
          {ticket.description && <p className="order-line__description">{ticket.description}</p>}
          {place && <p className="order-line__place">{place}</p>}
        </div>
        <div className="order-line__money">
          <span className="order-line__quantity">{t.quantity(ticket.quantity)}</span>
          <strong>{money(ticket.total_price + ticket.total_fee, currency)}</strong>
        </div>
      </div>
      {codes.length > 0 && <CodeGrid codes={codes} label={t.codesLabel(ticket.show_name)} />}
    </li>
  );
}

function CodeGrid({ codes, label }: { codes: readonly OrderCode[]; label: string }) {
  return (
    <ul className="order-codes" aria-label={label}>
      {codes.map((code) => (
        <li key={code._id} className="order-code">
          <img
            className="order-code__qr"
            src={qrSource(code)}
            alt={t.qrAlt(code.code)}
            width={148}
            height={148}
            loading="lazy"
          />
          <span className="order-code__text">{code.code}</span>
        </li>
      ))}
    </ul>
  );
}
