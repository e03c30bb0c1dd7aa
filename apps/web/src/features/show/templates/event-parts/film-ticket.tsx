import type { ViewerShow } from '@taquilla/contract';
import { festivalTexts as t } from '../festival-pages.texts';
import { isViewerShowActive } from './use-viewer-show';
import type { ViewerShowState } from './use-viewer-show';

/**
 * 002 §4: with a ticket, the film page shows its name, its code and "ACTIVADO";
 * without one, a note that free access needs a ticket requested first. A paid film is
 * not free: its note asks for a ticket bought below instead.
 */
export function FilmTicket({ state, paid }: { state: ViewerShowState; paid: boolean }) {
  if (state.status === 'loading') {
    return (
      <div className="film-ticket" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t.film.loading}
        </p>
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    );
  }
  const { viewerShow } = state;
  if (!isViewerShowActive(viewerShow)) {
    return <p className="notice film-ticket__note">{paid ? t.film.paidNote : t.film.freeNote}</p>;
  }
  return <ActiveTicket viewerShow={viewerShow as ViewerShow} />;
}

function ActiveTicket({ viewerShow }: { viewerShow: ViewerShow }) {
  return (
    <div className="film-ticket">
      {viewerShow.ticket.fullname && (
        <p className="film-ticket__name">{viewerShow.ticket.fullname}</p>
      )}
      <p className="landing-code">
        {t.film.ticketCode}: <code>{viewerShow.payment_info.code}</code>
      </p>
      <span className="badge film-ticket__badge">{t.film.activated}</span>
    </div>
  );
}
