import { showsWatchLink } from '@taquilla/domain';
import { ContentImage } from '../../../components/content-image';
import type { ImageBox } from '../../../components/content-image';
import { EventHero } from './event-parts/event-hero';
import { PromoVideo } from './event-parts/event-video';
import { PlayerLink } from './event-parts/player-link';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingDocumentTitle, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/** The gallery's pictures are drawn 4:3 (festival-pages.css). */
const GALLERY_BOX: ImageBox = { width: 1200, height: 900 };

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
                <ContentImage
                  src={picture.image}
                  alt={picture.alt}
                  box={GALLERY_BOX}
                  sizes="(max-width: 599px) 100vw, 300px"
                />
              </li>
            ))}
          </ul>
        </LandingSection>
      )}
    </article>
  );
}
