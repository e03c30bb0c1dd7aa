import type { Show } from '@taquilla/contract';
import { festivalTexts as t } from '../festival-pages.texts';
import { LandingSection } from '../landing-parts';

/**
 * A public clip of the page (trailer, promo video) with the browser's controls, and a
 * text alternative for a browser that plays no video: the file itself.
 */
export function EventVideo({
  title,
  src,
  label,
  fallback,
  fallbackLink,
}: {
  title: string;
  src: string;
  label: string;
  fallback: string;
  fallbackLink: string;
}) {
  return (
    <LandingSection title={title}>
      <video
        className="event-video"
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
      >
        <p>
          {fallback} <a href={src}>{fallbackLink}</a>
        </p>
      </video>
    </LandingSection>
  );
}

/** The page's promo video (`settings.landing.promo_video`) under `title`; nothing without one. */
export function PromoVideo({ show, title }: { show: Show; title: string }) {
  const src = show.settings.landing?.promo_video;
  if (!src) return null;
  return (
    <EventVideo
      title={title}
      src={src}
      label={t.gallery.videoLabel(show.fullname)}
      fallback={t.gallery.videoFallback}
      fallbackLink={t.gallery.videoLink}
    />
  );
}
