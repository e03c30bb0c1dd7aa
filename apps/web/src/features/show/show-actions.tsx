import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { areSalesShown, calendarUrl, parseDate, showsEnterButton } from '@taquilla/domain';
import { ExternalLink } from '../../components/external-link';
import { CalendarIcon, PlayIcon } from '../../components/icons';
import { showPlayerPath } from '../../components/shows/show-presentation';
import { es } from '../../i18n/es';

function showCalendarUrl(show: Show): string | null {
  const start = parseDate(show.show_date);
  if (!start) return null;
  const place = show.venue_address ? `${show.venue}, ${show.venue_address}` : show.venue;
  return calendarUrl({
    title: show.fullname,
    details: [show.subtitle, place].filter(Boolean).join('\n'),
    start,
    durationHours: show.settings.duration,
  });
}

/** The action box: "Entrar" while live, the calendar link, and why tickets are not on sale. */
export function ShowActions({ show }: { show: Show }) {
  const calendarHref = showCalendarUrl(show);
  const salesNotice =
    show.status === 'SOON'
      ? es.showPage.salesSoon
      : show.status === 'CANCELLED'
        ? es.showPage.cancelled
        : areSalesShown(show.status)
          ? null
          : es.showPage.salesClosed;

  return (
    <div className="show-actions">
      {showsEnterButton(show.status) && (
        <Link to={showPlayerPath(show)} className="button button--primary button--large">
          <PlayIcon />
          {es.showPage.enter}
        </Link>
      )}
      {calendarHref && (
        <ExternalLink href={calendarHref} className="button button--secondary">
          <CalendarIcon />
          {es.showPage.addToCalendar}
        </ExternalLink>
      )}
      {salesNotice && <p className="show-actions__notice">{salesNotice}</p>}
    </div>
  );
}
