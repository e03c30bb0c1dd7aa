import { SPANISH_MONTHS } from './home-sections.ts';
import { DEFAULT_TIME_ZONE, toZonedDateTime } from './time-zone.ts';

// Fixed tables rather than Intl: ICU versions disagree on Spanish abbreviations ("sept",
// "sep.", "sep"), and the specification's pattern wants one spelling everywhere.
const SHORT_MONTHS = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** An order's date in the account lists: "D MMM YYYY, HH:mm" in Spanish (002 §2.6, §9). */
export function formatOrderDate(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const wall = toZonedDateTime(date, timeZone);
  const month = SHORT_MONTHS[wall.month - 1];
  return `${wall.day} ${month} ${wall.year}, ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** "Miembro desde" shows the month and the year: "marzo de 2026". */
export function formatMonthYear(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const wall = toZonedDateTime(date, timeZone);
  return `${SPANISH_MONTHS[wall.month - 1]} de ${wall.year}`;
}
