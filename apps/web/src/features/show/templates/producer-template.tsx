import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { isListedOnProducerPage } from '@taquilla/domain';
import { ShowImage } from '../../../components/shows/show-image';
import {
  formatShowDate,
  isOnlineShow,
  showPath,
} from '../../../components/shows/show-presentation';
import { es } from '../../../i18n/es';
import { useProducerShows } from '../api/use-producer-shows';
import { LoadError } from '../../../components/load-error';
import { LandingCardsSkeleton } from './channel-loader';
import { LandingHero } from './landing-hero';
import {
  AccountActions,
  LandingDocumentTitle,
  LandingEmpty,
  LandingSection,
  LandingStatusMarks,
} from './landing-parts';
import { landingTexts as t } from './landing.texts';
import type { LandingTemplateProps } from './template-types';

function ProducerRow({ show, isFeatured }: { show: Show; isFeatured: boolean }) {
  return (
    <li className={`landing-row${isFeatured ? ' landing-row--featured' : ''}`}>
      <div className="landing-row__media">
        <ShowImage
          src={show.main_image}
          placeholderClassName="landing-card__placeholder"
          iconSize={32}
          sizes="(max-width: 639px) 100vw, 180px"
        />
        <LandingStatusMarks show={show} />
      </div>
      <div className="landing-row__body">
        {isFeatured && <p className="landing-hero__eyebrow">{t.producer.featured}</p>}
        <h3 className="landing-card__title">{show.fullname}</h3>
        <p className="landing-card__meta">
          <time dateTime={show.show_date}>{formatShowDate(show)}</time>
        </p>
        <p className="landing-card__meta">{isOnlineShow(show) ? es.show.online : show.venue}</p>
      </div>
      <Link
        to={showPath(show)}
        className="button button--primary"
        aria-label={t.producer.selectShow(show.fullname)}
      >
        {t.producer.select}
      </Link>
    </li>
  );
}

/**
 * The producer's shows: those pinned in settings.landing.featured first, then the rest of
 * the list; only ACTIVE, SOON, LIVE and REPLAY are listed, never the page's own show.
 */
function ProducerRows({ show }: { show: Show }) {
  const shows = useProducerShows(show.producer, show.settings.landing?.featured ?? []);
  if (shows.status === 'loading') return <LandingCardsSkeleton />;
  if (shows.status === 'error')
    return <LoadError message={shows.error.message} onRetry={shows.retry} />;
  const isListed = (candidate: Show) =>
    candidate._id !== show._id && isListedOnProducerPage(candidate.status);
  const featured = shows.featured.filter(isListed);
  const pinned = new Set(featured.map((candidate) => candidate._id));
  const rest = shows.shows.filter((candidate) => isListed(candidate) && !pinned.has(candidate._id));
  if (featured.length + rest.length === 0) return <LandingEmpty>{t.producer.empty}</LandingEmpty>;
  return (
    <ul className="landing-rows">
      {featured.map((candidate) => (
        <ProducerRow key={candidate._id} show={candidate} isFeatured />
      ))}
      {rest.map((candidate) => (
        <ProducerRow key={candidate._id} show={candidate} isFeatured={false} />
      ))}
    </ul>
  );
}

/**
 * The producer page (002 §2.8): one row per visible show of the producer (image, name,
 * date, venue and "Seleccionar" to its page), with the login and "Activar Código" buttons
 * of the generic landing.
 */
export function ProducerTemplate({ show, parts, preview }: LandingTemplateProps) {
  return (
    <article className="page landing">
      <LandingDocumentTitle show={show} preview={preview} />
      <LandingHero show={show} preview={preview} hasFacts={false}>
        <AccountActions parts={parts} preview={preview} />
      </LandingHero>
      <LandingSection title={t.producer.listTitle}>
        <ProducerRows show={show} />
      </LandingSection>
    </article>
  );
}
