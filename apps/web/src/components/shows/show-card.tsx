import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { es } from '../../i18n/es';
import { ShowImage } from './show-image';
import { formatShowDate, isOnlineShow, showPath } from './show-presentation';
import { ShowStatusBadges } from './show-status-badges';
import './show-card.css';

type ShowCardProps = {
  show: Show;
  /** The card title's heading level under the section holding it. */
  headingLevel?: 3 | 4;
};

export function ShowCard({ show, headingLevel = 3 }: ShowCardProps) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <article className="show-card">
      <div className="show-card__media">
        <ShowImage
          src={show.main_image}
          imageClassName="show-card__image"
          placeholderClassName="show-card__placeholder"
          iconSize={40}
        />
        <div className="show-card__badges">
          <ShowStatusBadges show={show} />
        </div>
      </div>
      <div className="show-card__body">
        <Heading className="show-card__title">
          {/* The link is stretched over the whole card by CSS, so the card is one target. */}
          <Link to={showPath(show)} className="show-card__link">
            {show.fullname}
          </Link>
        </Heading>
        <p className="show-card__date">
          <time dateTime={show.show_date}>{formatShowDate(show)}</time>
        </p>
        <p className="show-card__venue">
          {isOnlineShow(show) ? (
            <span className="badge badge--online">{es.show.online}</span>
          ) : (
            show.venue
          )}
        </p>
      </div>
    </article>
  );
}

export function ShowCardSkeleton() {
  return (
    <div className="show-card show-card--loading" aria-hidden="true">
      <div className="show-card__media skeleton" />
      <div className="show-card__body">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}
