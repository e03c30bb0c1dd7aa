import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Show } from '@taquilla/contract';
import type { MonthGroup } from '@taquilla/domain';
import { LoadError } from '../../components/load-error';
import { ShowCard, ShowCardSkeleton } from '../../components/shows/show-card';
import { useMediaQuery } from '../../components/use-media-query';
import type { ApiQuery } from '../../api/use-api-query';
import { es } from '../../i18n/es';

const SKELETON_CARDS = 4;
/** A section's first page: two rows of four on a desktop, four cards down a phone. */
const PAGE_SIZE = { phone: 4, wide: 8 } as const;
/** Where the grid has one column (show-card.css's 250 px cards under 600 px). */
const PHONE_QUERY = '(max-width: 599px)';

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

/**
 * A long section's first page and "Ver más", which shows the rest of it (issue 20: the
 * phone's home page was 21,668 px tall). A section only one card longer than a page is
 * shown whole. After "Ver más" the focus goes to the first show it revealed, so a keyboard
 * user carries on from there instead of from the top of the page.
 */
function useFirstPage(total: number) {
  const pageSize = useMediaQuery(PHONE_QUERY) ? PAGE_SIZE.phone : PAGE_SIZE.wide;
  const [isWhole, setIsWhole] = useState(false);
  const shown = isWhole || total <= pageSize + 1 ? total : pageSize;
  const body = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);

  useEffect(() => {
    if (focusAt.current === null) return;
    const links = body.current?.querySelectorAll<HTMLAnchorElement>('.show-card__link');
    links?.[focusAt.current]?.focus();
    focusAt.current = null;
  }, [isWhole]);

  const more =
    shown < total ? (
      <button
        type="button"
        className="button button--secondary home__more"
        onClick={() => {
          focusAt.current = shown;
          setIsWhole(true);
        }}
      >
        {es.home.more(total - shown)}
      </button>
    ) : null;
  return { shown, body, more };
}

/** A section's shows in one grid, first page first. */
export function PagedShowGrid({ shows }: { shows: readonly Show[] }) {
  const { shown, body, more } = useFirstPage(shows.length);
  return (
    <div ref={body}>
      <ShowGrid shows={shows.slice(0, shown)} />
      {more}
    </div>
  );
}

/** A section's month subsections, first page first (a page may end inside a month). */
export function PagedMonthSections({
  groups,
  level,
}: {
  groups: readonly MonthGroup<Show>[];
  level: 2 | 3;
}) {
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);
  const { shown, body, more } = useFirstPage(total);
  const visible: MonthGroup<Show>[] = [];
  let left = shown;
  for (const group of groups) {
    if (left <= 0) break;
    visible.push({ ...group, items: group.items.slice(0, left) });
    left -= group.items.length;
  }
  return (
    <div ref={body}>
      <MonthSections groups={visible} level={level} />
      {more}
    </div>
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
