import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { ContentImage, WIDE_BOX } from '../../components/content-image';
import { InfoIcon, PlayIcon } from '../../components/icons';
import { es } from '../../i18n/es';
import { formatShowDate, showPath, showPlayerPath } from '../../components/shows/show-presentation';
import { ShowStatusBadges } from '../../components/shows/show-status-badges';

export function BillboardHero({ show }: { show: Show }) {
  const summary = show.settings.billboard_summary ?? show.subtitle;
  return (
    <section className="billboard" aria-labelledby="billboard-title">
      {show.main_image && (
        <ContentImage
          className="billboard__image"
          src={show.main_image}
          alt=""
          box={WIDE_BOX}
          sizes="100vw"
          priority
        />
      )}
      <div className="billboard__content">
        <p className="billboard__meta">
          <ShowStatusBadges show={show} />
          <time dateTime={show.show_date}>{formatShowDate(show)}</time>
        </p>
        <h1 className="billboard__title" id="billboard-title">
          {show.fullname}
        </h1>
        {summary && <p className="billboard__summary">{summary}</p>}
        <div className="billboard__actions">
          {show.settings.vod && (
            <Link to={showPlayerPath(show)} className="button button--primary button--large">
              <PlayIcon />
              {es.home.play}
            </Link>
          )}
          <Link to={showPath(show)} className="button button--glass button--large">
            <InfoIcon />
            {es.home.moreInfo}
            {/* Said to a screen reader and a search engine: information of what. */}
            <span className="visually-hidden"> {es.home.moreInfoOf(show.fullname)}</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

export function BillboardHeroSkeleton() {
  return (
    <section className="billboard billboard--loading" aria-busy="true">
      <div className="billboard__content">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line" />
        <span className="visually-hidden">{es.status.loading}</span>
      </div>
    </section>
  );
}
