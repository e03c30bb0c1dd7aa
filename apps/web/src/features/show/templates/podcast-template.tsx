import { useState } from 'react';
import type { ShowChannel } from '@taquilla/contract';
import { defaultPodcastSeason, isListedOnLanding, podcastSeasons } from '@taquilla/domain';
import { ChannelLoader } from './channel-loader';
import { LandingHero } from './landing-hero';
import {
  LandingChildCard,
  LandingDocumentTitle,
  LandingEmpty,
  LandingSection,
} from './landing-parts';
import { landingTexts as t } from './landing.texts';
import { SeasonTabs } from './season-tabs';
import type { LandingTemplateProps } from './template-types';

type Child = ShowChannel['children'][number];

function EpisodeCards({ episodes }: { episodes: Child[] }) {
  return (
    <ul className="landing-cards">
      {episodes.map((child) => (
        <LandingChildCard key={child.show._id} template="podcast" show={child.show} />
      ))}
    </ul>
  );
}

/** The episodes the podcast rule lists, in season tabs that open on the latest season. */
function PodcastEpisodes({ channel }: { channel: ShowChannel }) {
  const listed = channel.children.filter((child) =>
    isListedOnLanding('podcast', child.show.status),
  );
  const seasons = podcastSeasons(listed.map((child) => child.show));
  const [chosen, setChosen] = useState<number | null>(null);
  if (listed.length === 0) return <LandingEmpty>{t.channel.empty}</LandingEmpty>;
  const season = chosen ?? defaultPodcastSeason(seasons);
  // Without seasons there is nothing to choose between: one list.
  if (season === null) return <EpisodeCards episodes={listed} />;
  const episodes = listed.filter((child) => child.show.settings.season === season);
  return (
    <SeasonTabs seasons={seasons} value={season} onChange={setChosen}>
      {episodes.length > 0 ? (
        <EpisodeCards episodes={episodes} />
      ) : (
        <LandingEmpty>{t.podcast.emptySeason}</LandingEmpty>
      )}
    </SeasonTabs>
  );
}

/**
 * The podcast channel (002 §2.8, §9): its episodes (ACTIVE, SOON, LIVE, REPLAY and TEST)
 * by season, the latest first; each card links to the episode's page and, with the play
 * overlay, to its player in a new tab.
 */
export function PodcastTemplate({ show, preview }: LandingTemplateProps) {
  return (
    <article className="page landing">
      <LandingDocumentTitle show={show} preview={preview} />
      <LandingHero show={show} preview={preview} />
      <LandingSection title={t.podcast.episodes}>
        <ChannelLoader show={show}>
          {(channel) => <PodcastEpisodes channel={channel} />}
        </ChannelLoader>
      </LandingSection>
    </article>
  );
}
