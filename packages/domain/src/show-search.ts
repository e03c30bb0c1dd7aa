import { DEFAULT_EVENT_DURATION_HOURS } from './calendar.ts';
import { parseDate } from './time-zone.ts';

const MS_PER_HOUR = 60 * 60 * 1000;

export interface SearchableShow {
  show_date: string | Date;
  settings?: { duration?: number | null } | null;
}

/**
 * Whether a show is over: its start plus its duration (default 2 h) has passed, the same
 * end the catalogue uses for CURRENT and PAST (docs/decisions/0004-show-listing.md).
 */
export function hasShowEnded(show: SearchableShow, now: Date): boolean {
  const start = parseDate(show.show_date);
  if (!start) return false;
  const hours = show.settings?.duration ?? DEFAULT_EVENT_DURATION_HOURS;
  return start.getTime() + hours * MS_PER_HOUR < now.getTime();
}

/**
 * Orders search suggestions the way a buyer looks for them: shows still to come (or running)
 * first, soonest first; then those that ended, the most recent first. Shows without a
 * readable date go last. The sort is stable, so equal dates keep the gateway's order.
 */
export function rankSearchResults<T extends SearchableShow>(shows: readonly T[], now: Date): T[] {
  const keyed = shows.map((show) => {
    const time = parseDate(show.show_date)?.getTime();
    const group = time === undefined ? 2 : hasShowEnded(show, now) ? 1 : 0;
    return { show, group, time: time ?? 0 };
  });
  return keyed
    .sort((a, b) => {
      if (a.group !== b.group) return a.group - b.group;
      return a.group === 1 ? b.time - a.time : a.time - b.time;
    })
    .map(({ show }) => show);
}
