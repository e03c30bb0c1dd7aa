export const DEFAULT_TIME_ZONE = 'America/Guatemala';
export const SPANISH_LOCALE = 'es-GT';

export interface CivilDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

export interface CivilDateTime extends CivilDate {
  hour: number;
  minute: number;
  second: number;
}

// Building a DateTimeFormat is far slower than using one; they are reused per zone.
const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
}

/** The wall-clock date and time at `date` in `timeZone`. */
export function toZonedDateTime(date: Date, timeZone: string = DEFAULT_TIME_ZONE): CivilDateTime {
  assertValidDate(date);
  const parts: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}

function offsetAt(instant: number, timeZone: string): number {
  const wall = toZonedDateTime(new Date(instant), timeZone);
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
  );
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` shows the given date and time.
 * Two passes settle the offset when the guess lands across a daylight-saving change.
 * A wall time that such a change skips has no instant; one beside the gap comes back.
 */
export function fromZonedDateTime(
  local: CivilDate & Partial<CivilDateTime>,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  const wallAsUtc = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
  );
  let instant = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  instant = wallAsUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/**
 * ISO 8601 with the zone's offset, to the second: `2026-12-04T21:00:00-06:00` for
 * 03:00 UTC in Guatemala. What schema.org dates want: a reader sees the local time
 * and still has the instant.
 */
export function toZonedIsoString(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const wall = toZonedDateTime(date, timeZone);
  const offsetMinutes = Math.round(offsetAt(date.getTime(), timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}` +
    `T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${offset}`
  );
}

/** Calendar arithmetic on a civil date, free of any time zone. */
export function addDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** 0 = Monday … 6 = Sunday, since weeks here start on Monday. */
export function mondayBasedWeekday(date: CivilDate): number {
  const sundayBased = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return (sundayBased + 6) % 7;
}

/** "4 de diciembre de 2026", the long Spanish date used in user-facing sentences. */
export function formatLongSpanishDate(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  assertValidDate(date);
  return new Intl.DateTimeFormat(SPANISH_LOCALE, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** Accepts the wire's ISO strings as well as Dates; anything unreadable becomes null. */
export function parseDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
