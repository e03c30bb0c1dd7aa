import { useMemo } from 'react';
import { groupByMonth } from '@taquilla/domain';
import { LoadError } from '../../components/load-error';
import { es } from '../../i18n/es';
import { MonthSections, ShowGridSkeleton } from './show-sections';
import { PAST_SHOWS_LIMIT, usePastShows } from './use-home-shows';
import './home.css';

/** /shows/past (002 §2.1): shows that have ended, latest first, grouped by month and year. */
export function PastShowsPage() {
  const past = usePastShows();
  const groups = useMemo(
    () =>
      past.status === 'success' ? groupByMonth(past.data.items.slice(0, PAST_SHOWS_LIMIT)) : [],
    [past.status, past.data],
  );

  return (
    <div className="page past-shows">
      <title>{es.documentTitle(es.pastShows.title)}</title>
      <h1 className="past-shows__title">{es.pastShows.title}</h1>
      {past.status === 'loading' && <ShowGridSkeleton />}
      {past.status === 'error' && <LoadError message={past.error.message} onRetry={past.retry} />}
      {past.status === 'success' &&
        (groups.length === 0 ? (
          <p className="home__empty">{es.pastShows.empty}</p>
        ) : (
          <MonthSections groups={groups} level={2} />
        ))}
    </div>
  );
}
