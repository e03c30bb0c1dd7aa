import type { Show } from '@taquilla/contract';
import { EventHero } from './event-parts/event-hero';
import { ChildShows } from './event-parts/child-shows';
import { FilmCards, festivalFilms } from './event-parts/film-cards';
import { RegionBanner } from './event-parts/region-banner';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingDocumentTitle, LandingEmpty, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

function FestivalFilms({ festival, films }: { festival: Show; films: Show[] }) {
  if (films.length === 0) return <LandingEmpty>{t.festival.empty}</LandingEmpty>;
  return <FilmCards festival={festival} films={films} />;
}

/**
 * Film festival home (002 §2.8): the headline and welcome, then its films as poster
 * cards, each at `/{festival}/{film}`; the regional banner for a blocked visitor.
 */
export function FestivalTemplate({ show, preview }: LandingTemplateProps) {
  return (
    <article className="page landing festival-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview} />
      <RegionBanner blockedCountries={show.settings.blocked_countries} />
      <LandingSection title={t.festival.filmsTitle}>
        <ChildShows parentId={show._id} loadingLabel={t.festival.loading} poster>
          {(shows) => <FestivalFilms festival={show} films={festivalFilms(shows)} />}
        </ChildShows>
      </LandingSection>
    </article>
  );
}
