import type { Show } from '@taquilla/contract';
import { LoadError } from '../../../components/load-error';
import { EventHero } from './event-parts/event-hero';
import { CardsSkeleton, FilmCards, festivalFilms } from './event-parts/film-cards';
import { RegionBanner } from './event-parts/region-banner';
import { useChildShows } from './event-parts/use-child-shows';
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
  const children = useChildShows(show._id);

  return (
    <article className="page landing festival-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview} />
      <RegionBanner blockedCountries={show.settings.blocked_countries} />
      <LandingSection title={t.festival.filmsTitle}>
        {children.status === 'loading' && <CardsSkeleton label={t.festival.loading} poster />}
        {children.status === 'error' && (
          <LoadError message={children.error.message} onRetry={children.retry} />
        )}
        {children.status === 'success' && (
          <FestivalFilms festival={show} films={festivalFilms(children.data.items)} />
        )}
      </LandingSection>
    </article>
  );
}
