import { showsWatchLink } from '@taquilla/domain';
import { EventHero } from './event-parts/event-hero';
import { PromoVideo } from './event-parts/event-video';
import { PlayerLink } from './event-parts/player-link';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingDocumentTitle, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/**
 * The Christmas page (002 §2.8): the promo video and the picture gallery, and the
 * watch link only while the show is LIVE or REPLAY.
 */
export function GalleryTemplate({ show, preview }: LandingTemplateProps) {
  const { gallery = [] } = show.settings.landing ?? {};

  return (
    <article className="page landing gallery-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview}>
        {showsWatchLink(show.status) && (
          <div className="landing-actions">
            <PlayerLink show={show} preview={preview}>
              {t.gallery.watch}
            </PlayerLink>
          </div>
        )}
      </EventHero>
      <PromoVideo show={show} title={t.gallery.videoTitle} />
      {gallery.length > 0 && (
        <LandingSection title={t.gallery.galleryTitle}>
          <ul className="event-gallery">
            {gallery.map((picture, index) => (
              <li key={`${index} ${picture.image}`}>
                <img src={picture.image} alt={picture.alt} loading="lazy" />
              </li>
            ))}
          </ul>
        </LandingSection>
      )}
    </article>
  );
}
