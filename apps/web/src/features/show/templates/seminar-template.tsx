import type { Show } from '@taquilla/contract';
import { seminarBannerImage } from '@taquilla/domain';
import { DownloadList } from './event-parts/download-list';
import { EventPeople } from './event-parts/event-people';
import { EventHero } from './event-parts/event-hero';
import { PromoVideo } from './event-parts/event-video';
import { PlayerLink } from './event-parts/player-link';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingBanner } from './landing-banner';
import { LandingDocumentTitle, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/** The header image: `channel_image` on wide screens, `channel_image_mobile` under 900 px. */
function SeminarBanner({ show }: { show: Show }) {
  const banner = seminarBannerImage(show);
  return banner && <LandingBanner wide={banner.src} narrow={banner.narrow} />;
}

/**
 * The seminar (002 §2.8): header image, title and welcome, the way into its player
 * (a code-entry player, settings.nologin), the promo video, the speakers and the
 * workshop material through the counted redeem.
 */
export function SeminarTemplate({ show, preview }: LandingTemplateProps) {
  const { people = [], downloads = [] } = show.settings.landing ?? {};

  return (
    <article className="page landing seminar-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <SeminarBanner show={show} />
      <EventHero show={show} preview={preview} image={null}>
        <div className="landing-actions">
          <PlayerLink show={show} preview={preview}>
            {t.seminar.enter}
          </PlayerLink>
        </div>
      </EventHero>
      <PromoVideo show={show} title={t.seminar.videoTitle} />
      {people.length > 0 && (
        <LandingSection title={t.seminar.speakersTitle}>
          <EventPeople people={people} withBio={false} />
        </LandingSection>
      )}
      {downloads.length > 0 && (
        <LandingSection title={t.seminar.materialTitle}>
          <DownloadList
            items={downloads}
            action={t.seminar.download}
            separator=": "
            preview={preview}
          />
        </LandingSection>
      )}
    </article>
  );
}
