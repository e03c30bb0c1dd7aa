import { useId } from 'react';
import { Link } from 'react-router-dom';
import { showsWatchLink } from '@taquilla/domain';
import { PlayIcon } from '../../../components/icons';
import { showPlayerPath } from '../../../components/shows/show-presentation';
import { EventHero } from './event-parts/event-hero';
import { EventVideo } from './event-parts/event-video';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingDocumentTitle } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/**
 * The Christmas page (002 §2.8): the promo video and the picture gallery, and the
 * watch link only while the show is LIVE or REPLAY.
 */
export function GalleryTemplate({ show, preview }: LandingTemplateProps) {
  const { promo_video, gallery = [] } = show.settings.landing ?? {};
  const galleryId = useId();

  return (
    <article className="page landing gallery-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview}>
        {showsWatchLink(show.status) && (
          <div className="landing-actions">
            <Link
              to={showPlayerPath(show)}
              className="button button--primary button--large"
              onClick={preview ? (event) => event.preventDefault() : undefined}
            >
              <PlayIcon />
              {t.gallery.watch}
            </Link>
          </div>
        )}
      </EventHero>
      {promo_video && (
        <EventVideo
          title={t.gallery.videoTitle}
          src={promo_video}
          label={t.gallery.videoLabel(show.fullname)}
          fallback={t.gallery.videoFallback}
          fallbackLink={t.gallery.videoLink}
        />
      )}
      {gallery.length > 0 && (
        <section className="landing-section" aria-labelledby={galleryId}>
          <h2 className="landing-section__title" id={galleryId}>
            {t.gallery.galleryTitle}
          </h2>
          <ul className="event-gallery">
            {gallery.map((picture, index) => (
              <li key={`${index} ${picture.image}`}>
                <img src={picture.image} alt={picture.alt} loading="lazy" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
