import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { collectTags, groupByMonth, groupShowsForHome, matchesAnyTag } from '@taquilla/domain';
import { LoadError } from '../../components/load-error';
import { es } from '../../i18n/es';
import { BillboardHero, BillboardHeroSkeleton } from './billboard-hero';
import { HomeSection, PagedMonthSections, PagedShowGrid, QueryFallback } from './show-sections';
import { ShowSearch } from './show-search';
import { TagFilter } from './tag-filter';
import {
  PAST_SHOWS_LIMIT,
  useBillboardShows,
  useDigitalShows,
  usePastShows,
  useUpcomingShows,
} from './use-home-shows';
import './home.css';

function Billboard() {
  const billboard = useBillboardShows();
  if (billboard.status === 'loading') return <BillboardHeroSkeleton />;
  if (billboard.status === 'error') {
    return (
      <div className="home__section">
        <h1 className="visually-hidden">{es.home.title}</h1>
        <LoadError message={billboard.error.message} onRetry={billboard.retry} />
      </div>
    );
  }
  const [featured] = billboard.data.items;
  // Without a featured show the page still needs its level-one heading.
  if (!featured) return <h1 className="visually-hidden">{es.home.title}</h1>;
  return <BillboardHero show={featured} />;
}

const NO_SHOWS: readonly Show[] = [];

function loaded(query: { status: string; data?: { items: Show[] } }): readonly Show[] {
  return query.status === 'success' && query.data ? query.data.items : NO_SHOWS;
}

/**
 * The catalogue (000 §2): search, tag chips and the sections in the specification's order.
 * A section with nothing to list is left out; "Esta semana" runs from today to Sunday, "En
 * curso" holds what began earlier and still runs, and the month sections split the shows
 * after this week, so a show is listed once among them (see groupShowsForHome). Each
 * section shows a first page and "Ver más".
 */
function Catalogue() {
  const [now] = useState(() => new Date());
  const [selectedTags, setSelectedTags] = useState<ReadonlySet<string>>(() => new Set());
  const upcomingQuery = useUpcomingShows();
  const digitalQuery = useDigitalShows();
  const pastQuery = usePastShows();

  const upcomingShows = loaded(upcomingQuery);
  const digitalShows = loaded(digitalQuery);
  const pastItems = loaded(pastQuery);
  const pastShows = useMemo(() => pastItems.slice(0, PAST_SHOWS_LIMIT), [pastItems]);

  const tags = useMemo(
    () => collectTags([...upcomingShows, ...digitalShows, ...pastShows]),
    [upcomingShows, digitalShows, pastShows],
  );

  const sections = useMemo(() => {
    const keep = (shows: readonly Show[]) =>
      shows.filter((show) => matchesAnyTag(show, selectedTags));
    const dated = groupShowsForHome(keep(upcomingShows), now);
    return {
      ongoing: dated.ongoing,
      thisWeek: dated.thisWeek,
      months: dated.months,
      digital: keep(digitalShows),
      past: groupByMonth(keep(pastShows)),
    };
  }, [upcomingShows, digitalShows, pastShows, selectedTags, now]);

  function toggleTag(tag: string) {
    setSelectedTags((current) => {
      const next = new Set(current);
      if (next.has(tag)) next.delete(tag);
      else next.add(tag);
      return next;
    });
  }

  const isEverythingLoaded =
    upcomingQuery.status === 'success' &&
    digitalQuery.status === 'success' &&
    pastQuery.status === 'success';
  const isEmpty =
    sections.ongoing.length === 0 &&
    sections.thisWeek.length === 0 &&
    sections.months.length === 0 &&
    sections.digital.length === 0 &&
    sections.past.length === 0;

  return (
    <>
      <div className="home__toolbar">
        <ShowSearch />
        <TagFilter
          tags={tags}
          selected={selectedTags}
          onToggle={toggleTag}
          onClear={() => setSelectedTags(new Set())}
        />
      </div>

      {upcomingQuery.status === 'success' ? (
        <>
          {sections.thisWeek.length > 0 && (
            <HomeSection title={es.home.thisWeek}>
              <PagedShowGrid shows={sections.thisWeek} />
            </HomeSection>
          )}
          {sections.ongoing.length > 0 && (
            <HomeSection title={es.home.ongoing}>
              <PagedShowGrid shows={sections.ongoing} />
            </HomeSection>
          )}
          {sections.months.length > 0 && (
            <HomeSection title={es.home.upcoming}>
              <PagedMonthSections groups={sections.months} level={3} />
            </HomeSection>
          )}
        </>
      ) : (
        <QueryFallback title={es.home.upcoming} query={upcomingQuery} />
      )}

      {digitalQuery.status === 'success' ? (
        sections.digital.length > 0 && (
          <HomeSection title={es.home.digital}>
            <PagedShowGrid shows={sections.digital} />
          </HomeSection>
        )
      ) : (
        <QueryFallback title={es.home.digital} query={digitalQuery} />
      )}

      {pastQuery.status === 'success' ? (
        sections.past.length > 0 && (
          <HomeSection
            title={es.home.past}
            action={
              <Link to="/shows/past" className="home__section-link">
                {es.home.seeAllPast}
              </Link>
            }
          >
            <PagedMonthSections groups={sections.past} level={3} />
          </HomeSection>
        )
      ) : (
        <QueryFallback title={es.home.past} query={pastQuery} />
      )}

      {isEverythingLoaded && isEmpty && (
        <p className="home__section home__empty">
          {selectedTags.size > 0 ? es.home.tags.noMatches : es.home.noUpcoming}
        </p>
      )}
    </>
  );
}

export function HomePage() {
  return (
    <div className="home">
      <title>{es.home.documentTitle}</title>
      <Billboard />
      <Catalogue />
    </div>
  );
}
