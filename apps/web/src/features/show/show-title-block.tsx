import type { ReactNode } from 'react';
import type { Show } from '@taquilla/contract';
import { CalendarIcon, ClockIcon, MapPinIcon } from '../../components/icons';
import { formatShowDate, isOnlineShow } from '../../components/shows/show-presentation';
import { es } from '../../i18n/es';

/**
 * Tags, title, subtitle, date, time, place and address (000 §2). `children` follow the
 * subtitle (a landing's headline and intro); `preview` makes the title an h2 (the console's
 * preview sits under the console's own h1).
 */
export function ShowTitleBlock({
  show,
  preview,
  children,
}: {
  show: Show;
  preview?: boolean;
  children?: ReactNode;
}) {
  const Heading = preview ? 'h2' : 'h1';
  const isOnline = isOnlineShow(show);
  return (
    <header className="show-title">
      {show.tags.length > 0 && (
        <ul className="show-title__tags" aria-label={es.showPage.tags}>
          {show.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <Heading className="show-title__name">{show.fullname}</Heading>
      {show.subtitle && <p className="show-title__subtitle">{show.subtitle}</p>}
      {children}
      <dl className="show-facts">
        <div className="show-facts__item">
          <dt>
            <CalendarIcon />
            {es.showPage.date}
          </dt>
          <dd>
            <time dateTime={show.show_date}>{formatShowDate(show, 'day')}</time>
          </dd>
        </div>
        <div className="show-facts__item">
          <dt>
            <ClockIcon />
            {es.showPage.time}
          </dt>
          <dd>{formatShowDate(show, 'time')}</dd>
        </div>
        <div className="show-facts__item">
          <dt>
            <MapPinIcon />
            {es.showPage.place}
          </dt>
          <dd>
            {isOnline ? <span className="badge badge--online">{es.show.online}</span> : show.venue}
          </dd>
        </div>
        {show.venue_address && !isOnline && (
          <div className="show-facts__item show-facts__item--wide">
            <dt className="visually-hidden">{es.showPage.address}</dt>
            <dd className="show-facts__address">{show.venue_address}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}
