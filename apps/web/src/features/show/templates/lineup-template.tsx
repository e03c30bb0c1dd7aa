import type { Show } from '@taquilla/contract';
import { isListedOnLanding } from '@taquilla/domain';
import { ChildShows } from './event-parts/child-shows';
import { EventHero } from './event-parts/event-hero';
import { festivalTexts as t } from './festival-pages.texts';
import {
  LandingChildCard,
  LandingDocumentTitle,
  LandingEmpty,
  LandingSection,
} from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

function LineupShows({ shows }: { shows: Show[] }) {
  const listed = shows.filter((child) => isListedOnLanding('lineup', child.status));
  if (listed.length === 0) return <LandingEmpty>{t.lineup.empty}</LandingEmpty>;
  return (
    <ul className="landing-cards">
      {listed.map((child) => (
        <LandingChildCard key={child._id} template="lineup" show={child} />
      ))}
    </ul>
  );
}

/**
 * Comedy festival (002 §2.8): its child shows (ACTIVE, SOON, LIVE, REPLAY, 001 §2),
 * each linking to its own page, with the channel cards' live badge, soon overlay and
 * play link.
 */
export function LineupTemplate({ show, preview }: LandingTemplateProps) {
  return (
    <article className="page landing lineup-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview} />
      <LandingSection title={t.lineup.title}>
        <ChildShows parentId={show._id} loadingLabel={t.lineup.loading}>
          {(shows) => <LineupShows shows={shows} />}
        </ChildShows>
      </LandingSection>
    </article>
  );
}
