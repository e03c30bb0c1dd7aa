import type { ReactNode } from 'react';
import type { Show } from '@taquilla/contract';
import { HERO_IMAGE_SIZES } from '@taquilla/domain';
import { ContentImage, WIDE_BOX } from '../../../../components/content-image';
import { LandingHeading, LandingIntro } from '../landing-parts';

type EventHeroProps = {
  show: Show;
  preview?: boolean;
  /** The hero image; none gives a text-only hero. */
  image?: string | null;
  /** Shown under the welcome text (facts, buttons). */
  children?: ReactNode;
};

/**
 * The top of a festival or event page: its image, its one heading (the show's name),
 * and the organiser's headline and welcome text (`settings.landing.headline` / `intro`).
 */
export function EventHero({ show, preview, image = show.main_image, children }: EventHeroProps) {
  return (
    <header className={`landing-hero${image ? '' : ' landing-hero--text-only'}`}>
      {image && (
        <div className="landing-hero__media">
          <ContentImage
            className="landing-hero__image"
            src={image}
            alt=""
            box={WIDE_BOX}
            sizes={HERO_IMAGE_SIZES}
            priority
          />
        </div>
      )}
      <div className="landing-hero__text">
        <LandingHeading preview={preview}>{show.fullname}</LandingHeading>
        <LandingIntro show={show} />
        {children}
      </div>
    </header>
  );
}
