import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Show, ShowChannel } from '@taquilla/contract';
import { artistBannerImage, isListedOnLanding, landingEntry, parseDate } from '@taquilla/domain';
import { ExternalLink } from '../../../components/external-link';
import { showPlayerPath } from '../../../components/shows/show-presentation';
import { ArtistTiers } from './artist-tiers';
import { ChannelLoader } from './channel-loader';
import { LandingBanner } from './landing-banner';
import { LandingFacts } from './landing-hero';
import {
  LandingChildCard,
  LandingDocumentTitle,
  LandingEmpty,
  LandingHeading,
  LandingIntro,
  LandingSection,
  useActivationModal,
} from './landing-parts';
import { landingTexts as t } from './landing.texts';
import type { LandingTemplateProps } from './template-types';

type Child = ShowChannel['children'][number];

/** 002 §3: a code grants access while `expires_on` is after now (none: no end). */
function hasAccess(child: Child, now: Date): boolean {
  if (!child.access) return false;
  const expires = parseDate(child.access.payment_info.expires_on);
  return !expires || expires.getTime() > now.getTime();
}

/** The header image: the mobile variant under 900 px, the desktop one above (002 §2.8). */
function ArtistBanner({ show }: { show: Show }) {
  const banner = artistBannerImage(show);
  return banner && <LandingBanner wide={banner.src} narrow={banner.narrow} />;
}

/**
 * "Ver ahora" with a ticket: the player when the status lets in (STARTED, LIVE, REPLAY),
 * otherwise the entry alert of 002 §8 (landingEntry).
 */
function WatchButton({ child }: { child: Child }) {
  const [alert, setAlert] = useState<string | null>(null);
  const entry = landingEntry({ status: child.show.status, hasAccess: true });
  const label = t.artist.watchShow(child.show.fullname);
  return (
    <>
      {entry.kind === 'enter' ? (
        <Link to={showPlayerPath(child.show)} className="button button--primary" aria-label={label}>
          {t.artist.watch}
        </Link>
      ) : (
        <button
          type="button"
          className="button button--primary"
          aria-label={label}
          onClick={() => setAlert(entry.message)}
        >
          {t.artist.watch}
        </button>
      )}
      {alert && (
        <p className="notice notice--warning" role="alert">
          {alert}
        </p>
      )}
    </>
  );
}

function Presentations({
  presentations,
  onActivate,
}: {
  presentations: Child[];
  onActivate: () => void;
}) {
  if (presentations.length === 0) return <LandingEmpty>{t.artist.empty}</LandingEmpty>;
  const now = new Date();
  return (
    <ul className="landing-cards">
      {presentations.map((child) => (
        <LandingChildCard key={child.show._id} template="artist" show={child.show}>
          {hasAccess(child, now) && child.access ? (
            <>
              <p className="landing-code">
                {t.artist.code} <code>{child.access.payment_info.code}</code>
              </p>
              <div className="landing-card__actions">
                <WatchButton child={child} />
              </div>
            </>
          ) : (
            <div className="landing-card__actions">
              <button
                type="button"
                className="button button--secondary"
                aria-label={t.artist.activateFor(child.show.fullname)}
                onClick={onActivate}
              >
                {t.activate}
              </button>
            </div>
          )}
        </LandingChildCard>
      ))}
    </ul>
  );
}

/**
 * The artist channel (002 §2.8): header images, title, description, social links, date
 * and venue, the tiers, and each presentation (ACTIVE, SOON, LIVE, REPLAY, TEST) with
 * "Ver ahora" and the ticket code for a viewer who has one, or "Activar Código".
 */
export function ArtistTemplate({ show, parts, preview }: LandingTemplateProps) {
  const activation = useActivationModal(parts, preview);
  const socials = show.settings.landing?.socials ?? [];
  return (
    <article className="page landing">
      <LandingDocumentTitle show={show} preview={preview} />
      <ArtistBanner show={show} />
      <header className="landing-hero landing-hero--text-only">
        <div className="landing-hero__text">
          <LandingHeading preview={preview}>{show.fullname}</LandingHeading>
          {show.subtitle && <p className="landing-hero__headline">{show.subtitle}</p>}
          <LandingFacts show={show} />
          <LandingIntro show={show} />
          {show.description && <p className="landing-hero__intro">{show.description}</p>}
          {socials.length > 0 && (
            <ul className="landing-socials" aria-label={t.artist.socials}>
              {socials.map((social) => (
                <li key={social.url}>
                  <ExternalLink href={social.url} className="button button--secondary">
                    {social.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </header>
      <ChannelLoader show={show}>
        {(channel) => {
          const listed = channel.children.filter((child) =>
            isListedOnLanding('artist', child.show.status),
          );
          return (
            <>
              <LandingSection title={t.artist.tiers}>
                <ArtistTiers presentations={listed} />
              </LandingSection>
              <LandingSection title={t.artist.shows}>
                <Presentations presentations={listed} onActivate={activation.open} />
              </LandingSection>
            </>
          );
        }}
      </ChannelLoader>
      {activation.modal}
    </article>
  );
}
