import { PAID_SHOW_PAYMENT_TYPES, UNPAID_SHOW_PAYMENT_TYPES } from '@taquilla/contract/plain';
import type { Show } from '@taquilla/contract';
import { isPaid } from '@taquilla/domain';
import { es } from '../../i18n/es';
import { useShowTickets } from './api/use-show-tickets';
import { formatTicketFee, formatTicketPrice, ticketPrice } from './purchase/pricing';

function TicketPriceList({ show }: { show: Show }) {
  const tickets = useShowTickets(
    show._id,
    isPaid(show.paid) ? PAID_SHOW_PAYMENT_TYPES : UNPAID_SHOW_PAYMENT_TYPES,
  );
  // A failure here is shown where the buyer chooses tickets; this list is only a summary.
  if (tickets.status !== 'success' || tickets.data.items.length === 0) return null;
  return (
    <div className="price-list">
      <h3 className="price-list__title">{es.showPage.prices}</h3>
      <ul>
        {tickets.data.items.map((ticket) => {
          const price = ticketPrice(ticket, show.settings.currency);
          const fee = formatTicketFee(price);
          return (
            <li key={ticket._id} className="price-list__item">
              <span>{ticket.fullname}</span>
              <span className="price-list__price">
                {formatTicketPrice(price, es.purchase.free)}
                {fee && (
                  <>
                    {' '}
                    <span className="price-list__fee">{fee}</span>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** "Acerca del evento" and "Información importante" (with the ticket prices). */
export function ShowInfoCards({ show }: { show: Show }) {
  const about = [show.description, show.description2].filter(Boolean);
  return (
    <div className="show-info">
      {about.length > 0 && (
        <section className="card show-info__card" aria-labelledby="show-about-title">
          <h2 className="card__title" id="show-about-title">
            {es.showPage.about}
          </h2>
          {about.map((text) => (
            <p key={text} className="show-info__text">
              {text}
            </p>
          ))}
        </section>
      )}
      <section className="card show-info__card" aria-labelledby="show-important-title">
        <h2 className="card__title" id="show-important-title">
          {es.showPage.importantInfo}
        </h2>
        {show.important_info && <p className="show-info__text">{show.important_info}</p>}
        <TicketPriceList show={show} />
      </section>
    </div>
  );
}
