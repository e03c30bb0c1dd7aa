import type { ReactNode } from 'react';
import type { Show } from '@taquilla/contract';
import { HERO_IMAGE_SIZES } from '@taquilla/domain';
import { ContentImage, WIDE_BOX } from '../../../components/content-image';
import { formatShowDate, isOnlineShow } from '../../../components/shows/show-presentation';
import { es } from '../../../i18n/es';
import { LandingHeading, LandingIntro } from './landing-parts';

/** Date and place of a show, as a short list under its title. */
export function LandingFacts({ show }: { show: Show }) {
  return (
    <ul className="landing-hero__facts">
      <li>
        <span className="visually-hidden">{es.showPage.date}: </span>
        <time dateTime={show.show_date}>{formatShowDate(show)}</time>
      </li>
      <li>
        <span className="visually-hidden">{es.showPage.place}: </span>
        {isOnlineShow(show) ? es.show.online : show.venue}
      </li>
    </ul>
  );
}

/**
 * The top of a channel, producer or registration page: the show's image (when it has
 * one) beside its name (the page's h1), subtitle, date and place, description, the
 * landing's headline and intro, then `children` (the page's buttons).
 */
export function LandingHero({
  show,
  preview,
  hasFacts = true,
  hasDescription = true,
  children,
}: {
  show: Show;
  preview?: boolean;
  hasFacts?: boolean;
  /** Off where the page shows the description elsewhere ("Acerca del evento"). */
  hasDescription?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className={`landing-hero${show.main_image ? '' : ' landing-hero--text-only'}`}>
      {show.main_image && (
        <div className="landing-hero__media">
          <ContentImage
            className="landing-hero__image"
            src={show.main_image}
            alt=""
            box={WIDE_BOX}
            sizes={HERO_IMAGE_SIZES}
            priority
          />
        </div>
      )}
      <div className="landing-hero__text">
        <LandingHeading preview={preview}>{show.fullname}</LandingHeading>
        {show.subtitle && <p className="landing-hero__headline">{show.subtitle}</p>}
        {hasFacts && <LandingFacts show={show} />}
        <LandingIntro show={show} />
        {hasDescription && show.description && (
          <p className="landing-hero__intro">{show.description}</p>
        )}
        {children}
      </div>
    </header>
  );
}
