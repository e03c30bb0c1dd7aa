import type { ReactNode } from 'react';
import { useId } from 'react';
import type { Show } from '@taquilla/contract';
import type { MonthGroup } from '@taquilla/domain';
import { LoadError } from '../../components/load-error';
import { ShowCard, ShowCardSkeleton } from '../../components/shows/show-card';
import type { ApiQuery } from '../../api/use-api-query';
import { es } from '../../i18n/es';

const SKELETON_CARDS = 4;

export function ShowGrid({
  shows,
  headingLevel = 3,
}: {
  shows: readonly Show[];
  headingLevel?: 3 | 4;
}) {
  return (
    <ul className="show-grid">
      {shows.map((show) => (
        <li key={show._id}>
          <ShowCard show={show} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function ShowGridSkeleton() {
  return (
    <div className="show-grid" aria-busy="true">
      <span className="visually-hidden" role="status">
        {es.status.loading}
      </span>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <ShowCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** A titled home section; a region named by its heading. */
export function HomeSection({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="home__section" aria-labelledby={titleId}>
      <div className="home__section-head">
        <h2 className="home__section-title" id={titleId}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Month subsections ("Diciembre 2026") under a section whose heading is one level up. */
export function MonthSections({
  groups,
  level,
}: {
  groups: readonly MonthGroup<Show>[];
  level: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const baseId = useId();
  return groups.map((group) => (
    <section
      key={group.key}
      className={`month-section month-section--h${level}`}
      aria-labelledby={`${baseId}-${group.key}`}
    >
      <Heading className="month-section__title" id={`${baseId}-${group.key}`}>
        {group.label}
      </Heading>
      <ShowGrid shows={group.items} headingLevel={level === 2 ? 3 : 4} />
    </section>
  ));
}

/**
 * What a section shows while its list loads or after it failed; null once loaded, so the
 * caller decides whether the loaded list is worth a section at all.
 */
export function QueryFallback<T>({ title, query }: { title: string; query: ApiQuery<T> }) {
  if (query.status === 'loading') {
    return (
      <HomeSection title={title}>
        <ShowGridSkeleton />
      </HomeSection>
    );
  }
  if (query.status === 'error') {
    return (
      <HomeSection title={title}>
        <LoadError message={query.error.message} onRetry={query.retry} />
      </HomeSection>
    );
  }
  return null;
}
