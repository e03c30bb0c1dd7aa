import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { activationEndpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../api/use-api-query';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { MyTicketCard } from './my-ticket-card';
import { myShowsTexts as t } from './my-shows.texts';
import './my-shows.css';

function EmptyState() {
  return (
    <div className="my-tickets__empty">
      <p className="my-tickets__empty-title">{t.empty}</p>
      <p>{t.emptyHint}</p>
      <Link className="button button--primary" to="/activate">
        {t.activate}
      </Link>
    </div>
  );
}

function MyTicketsList({ viewerId }: { viewerId: string }) {
  const { refresh } = useSession();
  const tickets = useApiQuery(activationEndpoints.listViewerShows, { params: { viewerId } });
  // The clock the watch buttons are decided on, once per load.
  const [now] = useState(() => new Date());
  const sessionGone =
    tickets.status === 'error' && (tickets.error.status === 401 || tickets.error.status === 440);

  useEffect(() => {
    // The session ended meanwhile: reading it again sends the login guard to /login.
    if (sessionGone) void refresh();
  }, [sessionGone, refresh]);

  if (tickets.status === 'loading') {
    return (
      <div className="my-tickets__list" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t.loading}
        </span>
        <div className="my-ticket my-ticket--skeleton skeleton" />
        <div className="my-ticket my-ticket--skeleton skeleton" />
      </div>
    );
  }
  if (tickets.status === 'error') {
    return (
      <div className="my-tickets__error" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="button button--secondary" onClick={tickets.retry}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (tickets.data.items.length === 0) return <EmptyState />;
  return (
    <ul className="my-tickets__list" aria-label={t.listLabel}>
      {tickets.data.items.map((ticket) => (
        <li key={ticket._id}>
          <MyTicketCard ticket={ticket} now={now} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /user/shows, "Mis boletos" (002 §2.1, login required): every code the session's viewer
 * activated, newest first, with its show and the way into its player. A session without
 * a viewer (an organiser's) has activated nothing.
 */
export function MyShowsPage() {
  const { viewer } = useSession();
  return (
    <section className="page page--narrow my-tickets">
      <title>{es.documentTitle(t.title)}</title>
      <h1 className="my-tickets__title">{t.title}</h1>
      <p className="my-tickets__intro">{t.intro}</p>
      {viewer ? <MyTicketsList viewerId={viewer._id} /> : <EmptyState />}
    </section>
  );
}
