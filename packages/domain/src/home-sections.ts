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
  /** Began before today and still running (the catalogue lists a show until it ends). */
  ongoing: T[];
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

/** 00:00 of the day holding `date`, as seen on the wall clock in `timeZone`. */
export function startOfDay(date: Date, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const { year, month, day } = toZonedDateTime(date, timeZone);
  return fromZonedDateTime({ year, month, day }, timeZone);
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
 * The home page's dated sections (000 §2). The catalogue call lists a show until it ends
 * (decision 0004), so it also answers shows that began days ago and still run (a festival,
 * an album offered for a month). "This week" runs from today (Guatemala time) to Sunday:
 * a show of today stays there while it runs, but one that began on an earlier day would
 * show a date already past, so it goes to "ongoing" instead, whatever week it began in.
 * "Upcoming" is what comes after this week, soonest first, and the month sections split
 * that same list, so every show appears in exactly one of them.
 */
export function groupShowsForHome<T extends Dated>(
  shows: readonly T[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): HomeSections<T> {
  // Nothing to place (the list is still loading): today's and the week's bounds, which
  // need the time zone's rules, are not worked out.
  if (shows.length === 0) return { ongoing: [], thisWeek: [], upcoming: [], months: [] };
  const todayStart = startOfDay(now, timeZone).getTime();
  const weekEnd = nextWeekStart(now, timeZone).getTime();

  const dated = shows
    .map((show) => ({ show, time: parseDate(show.show_date)?.getTime() }))
    .filter((entry): entry is { show: T; time: number } => entry.time !== undefined)
    .sort((a, b) => a.time - b.time);

  const ongoing = dated.filter(({ time }) => time < todayStart).map(({ show }) => show);
  const thisWeek = dated
    .filter(({ time }) => time >= todayStart && time < weekEnd)
    .map(({ show }) => show);
  const upcoming = dated.filter(({ time }) => time >= weekEnd).map(({ show }) => show);

  return { ongoing, thisWeek, upcoming, months: groupByMonth(upcoming, timeZone) };
}
