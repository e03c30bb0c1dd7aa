import { useId } from 'react';

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
  const titleId = useId();
  return (
    <section className="landing-section" aria-labelledby={titleId}>
      <h2 className="landing-section__title" id={titleId}>
        {title}
      </h2>
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
    </section>
  );
}
