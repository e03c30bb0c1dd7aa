import { useId } from 'react';
import { Link } from 'react-router-dom';
import { isShowStatus, statusPlays, statusRefusal } from '@taquilla/domain';
import type { MyTicket } from '@taquilla/contract';
import { ShowImage } from '../../components/shows/show-image';
import {
  formatShowDate,
  isOnlineShow,
  showPath,
  showPlayerPath,
} from '../../components/shows/show-presentation';
import { MyTicketAdmission } from './my-ticket-admission';
import { myShowsTexts as t } from './my-shows.texts';

/**
 * Whether the watch button opens the player: the player's own rule for an activated
 * ticket (STARTED, LIVE, REPLAY, TEST; decision 0022) while the access has not expired
 * (001 §3); otherwise what the player would answer.
 */
type WatchState = { open: true } | { open: false; reason: string };

export function watchState(ticket: MyTicket, now: Date): WatchState {
  const expiresOn = ticket.payment_info.expires_on;
  if (expiresOn !== null && Date.parse(expiresOn) <= now.getTime()) {
    return { open: false, reason: t.expired };
  }
  if (statusPlays('ticket', ticket.show.status)) return { open: true };
  return { open: false, reason: t.refusals[statusRefusal(ticket.show.status)] };
}

export function MyTicketCard({ ticket, now }: { ticket: MyTicket; now: Date }) {
  const { show } = ticket;
  const watch = watchState(ticket, now);
  const status = isShowStatus(show.status) ? t.statusLabels[show.status] : show.status;
  return (
    <article className="my-ticket">
      <div className="my-ticket__media">
        <ShowImage
          src={show.main_image}
          imageClassName="my-ticket__image"
          placeholderClassName="my-ticket__placeholder"
          iconSize={36}
          sizes="(max-width: 599px) 100vw, 200px"
        />
      </div>
      <div className="my-ticket__body">
        <h2 className="my-ticket__title">
          <Link to={showPath(show)}>{show.fullname}</Link>
        </h2>
        <p className="my-ticket__when">
          <time dateTime={show.show_date}>{formatShowDate(show)}</time>
          {' · '}
          {isOnlineShow(show) ? t.online : show.venue}
        </p>
        <dl className="my-ticket__facts">
          <div>
            <dt>{t.status}</dt>
            <dd>{status}</dd>
          </div>
          {ticket.ticket.fullname && (
            <div>
              <dt>{t.ticket}</dt>
              <dd>{ticket.ticket.fullname}</dd>
            </div>
          )}
          <div>
            <dt>{t.code}</dt>
            <dd className="my-ticket__code">{ticket.payment_info.code}</dd>
          </div>
        </dl>
        {!ticket.livestream && ticket.admission ? (
          <MyTicketAdmission code={ticket.payment_info.code} admission={ticket.admission} />
        ) : (
          <WatchAction show={show} watch={watch} />
        )}
      </div>
    </article>
  );
}

/** The way into the player of a ticket that opens the stream, or why it is closed. */
function WatchAction({ show, watch }: { show: MyTicket['show']; watch: WatchState }) {
  const reasonId = useId();
  return (
    <div className="my-ticket__actions">
      {watch.open ? (
        <Link className="button button--primary" to={showPlayerPath(show)}>
          {t.watch}
          <span className="visually-hidden"> {show.fullname}</span>
        </Link>
      ) : (
        <>
          <button
            type="button"
            className="button button--secondary"
            disabled
            aria-describedby={reasonId}
          >
            {t.watch}
            <span className="visually-hidden"> {show.fullname}</span>
          </button>
          <p className="my-ticket__reason" id={reasonId}>
            {watch.reason}
          </p>
        </>
      )}
    </div>
  );
}
