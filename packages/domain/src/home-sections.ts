import {
  DEFAULT_TIME_ZONE,
  addDays,
  fromZonedDateTime,
  mondayBasedWeekday,
  parseDate,
  toZonedDateTime,
} from './time-zone.ts';

// Spanish writes month names in lower case; labels capitalise them at the start of a heading.
export const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

export interface Dated {
  show_date: string | Date;
}

export interface MonthGroup<T> {
  /** "2026-12": sorts as text in date order. */
  key: string;
  /** "Diciembre 2026". */
  label: string;
  items: T[];
}

export interface HomeSections<T> {
  thisWeek: T[];
  upcoming: T[];
  months: MonthGroup<T>[];
}

/** "Diciembre 2026" for month 12 (1-based) of 2026. */
export function monthLabel(year: number, month: number): string {
  const name = SPANISH_MONTHS[month - 1];
  if (name === undefined) throw new RangeError(`Month must be 1 to 12, got ${month}`);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}

/** Monday 00:00 of the week holding `date`, as seen on the wall clock in `timeZone`. */
export function startOfWeek(date: Date, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const today = toZonedDateTime(date, timeZone);
  return fromZonedDateTime(addDays(today, -mondayBasedWeekday(today)), timeZone);
}

function nextWeekStart(date: Date, timeZone: string): Date {
  const today = toZonedDateTime(date, timeZone);
  return fromZonedDateTime(addDays(today, 7 - mondayBasedWeekday(today)), timeZone);
}

/**
 * Groups by calendar month in `timeZone`, keeping the order it is given (so past shows
 * that arrive newest first stay newest first). Items without a readable date are left out.
 */
export function groupByMonth<T extends Dated>(
  items: readonly T[],
  timeZone: string = DEFAULT_TIME_ZONE,
): MonthGroup<T>[] {
  const groups = new Map<string, MonthGroup<T>>();
  for (const item of items) {
    const date = parseDate(item.show_date);
    if (!date) continue;
    const { year, month } = toZonedDateTime(date, timeZone);
    const key = `${year}-${String(month).padStart(2, '0')}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, label: monthLabel(year, month), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/**
 * The home page's dated sections (000 §2). "This week" runs Monday to Sunday in Guatemala
 * time and keeps shows from earlier in the week: the catalogue call only returns current
 * shows, and one that began on Monday may still be live or on demand. "Upcoming" is what
 * comes after this week, soonest first, and the month sections split that same list, so a
 * show appears in this week or in a month, never both. Anything before this week is left
 * to the past-events section (see groupByMonth).
 */
export function groupShowsForHome<T extends Dated>(
  shows: readonly T[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): HomeSections<T> {
  const weekStart = startOfWeek(now, timeZone).getTime();
  const weekEnd = nextWeekStart(now, timeZone).getTime();

  const dated = shows
    .map((show) => ({ show, time: parseDate(show.show_date)?.getTime() }))
    .filter((entry): entry is { show: T; time: number } => entry.time !== undefined)
    .sort((a, b) => a.time - b.time);

  const thisWeek = dated
    .filter(({ time }) => time >= weekStart && time < weekEnd)
    .map(({ show }) => show);
  const upcoming = dated.filter(({ time }) => time >= weekEnd).map(({ show }) => show);

  return { thisWeek, upcoming, months: groupByMonth(upcoming, timeZone) };
}
