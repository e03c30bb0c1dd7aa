import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { filmPoster, isFilmPageShown, POSTER_IMAGE_SIZES } from '@taquilla/domain';
import { ContentImage, POSTER_BOX } from '../../../components/content-image';
import { showPath } from '../../../components/shows/show-presentation';
import { es } from '../../../i18n/es';
import { LazyPurchaseSection as PurchaseSection } from '../purchase/lazy-purchase-section';
import { EventVideo } from './event-parts/event-video';
import { FilmCredits } from './event-parts/film-credits';
import { filmPlayerPath, filmTitle, hasEntryAccess } from './event-parts/film-facts';
import { FilmTicket } from './event-parts/film-ticket';
import { OtherFilms } from './event-parts/other-films';
import { RegionBanner } from './event-parts/region-banner';
import { isViewerShowActive, useViewerShow } from './event-parts/use-viewer-show';
import { WatchLink } from './event-parts/watch-link';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingHeading } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/** 002 §4 "A film page is hidden when the status is CLOSED": a notice, and the way back. */
function FilmUnavailable({
  film,
  festival,
  preview,
}: {
  film: Show;
  festival: Show | null;
  preview?: boolean;
}) {
  const back = festival
    ? { to: showPath(festival), text: t.film.backTo(festival.fullname) }
    : film.parent_show_uid
      ? { to: showPath({ _id: film.parent_show_uid }), text: es.notFound.backToEvents }
      : { to: '/', text: es.notFound.backToEvents };
  return (
    <section className="page page--narrow message-page">
      {!preview && <title>{es.documentTitle(t.film.unavailableTitle)}</title>}
      <LandingHeading preview={preview} className="message-page__title">
        {t.film.unavailableTitle}
      </LandingHeading>
      <p className="landing-section__text">{t.film.unavailableText}</p>
      <Link to={back.to} className="button button--primary">
        {back.text}
      </Link>
    </section>
  );
}

function FilmPage({ show, parent, parts, preview = false }: LandingTemplateProps) {
  const title = filmTitle(show);
  const poster = filmPoster(show);
  const ticket = useViewerShow(show._id);
  const hasTicket = ticket.status === 'ready' && isViewerShowActive(ticket.viewerShow);
  const ticketId = useId();

  return (
    <article className="page landing film-page">
      {!preview && <title>{es.documentTitle(title)}</title>}
      <RegionBanner blockedCountries={show.settings.blocked_countries} />
      <header className={`film-hero${poster ? '' : ' film-hero--no-poster'}`}>
        {poster && (
          <div className="film-hero__poster">
            <ContentImage
              src={poster}
              alt={t.poster(title)}
              box={POSTER_BOX}
              sizes={POSTER_IMAGE_SIZES}
              priority
            />
          </div>
        )}
        <div className="landing-hero__text">
          {parent && (
            <p className="landing-hero__eyebrow">
              <Link to={showPath(parent)}>{parent.fullname}</Link>
            </p>
          )}
          <LandingHeading preview={preview}>{title}</LandingHeading>
          {show.description && <p className="landing-hero__intro">{show.description}</p>}
          <FilmCredits film={show} />
          <section className="film-hero__ticket" aria-labelledby={ticketId}>
            <h2 className="film-hero__ticket-title" id={ticketId}>
              {t.film.ticketTitle}
            </h2>
            <FilmTicket state={ticket} paid={show.paid} />
            <WatchLink
              to={filmPlayerPath(parent, show)}
              status={show.status}
              hasAccess={hasEntryAccess(show, hasTicket)}
              preview={preview}
            >
              {t.film.watch}
            </WatchLink>
          </section>
        </div>
      </header>
      {show.settings.trailer && (
        <EventVideo
          title={t.film.trailerTitle}
          src={show.settings.trailer}
          label={t.film.trailerLabel(title)}
          fallback={t.film.trailerFallback}
          fallbackLink={t.film.trailerDownload}
        />
      )}
      {/* The console's preview shows the ticket box but cannot fill a cart. */}
      <div className="event-purchase" inert={preview}>
        <PurchaseSection show={show} saleForms={parts.saleForms} />
      </div>
      <OtherFilms film={show} festival={parent} />
    </article>
  );
}

/**
 * Film page (002 §2.8, §4): poster, credits, trailer, the ticket box and the ticket held,
 * "Ver película" through the landing entry rule, the festival's other films and the
 * regional banner; hidden when CLOSED.
 */
export function FilmTemplate(props: LandingTemplateProps) {
  if (!isFilmPageShown(props.show.status)) {
    return <FilmUnavailable film={props.show} festival={props.parent} preview={props.preview} />;
  }
  return <FilmPage {...props} />;
}
