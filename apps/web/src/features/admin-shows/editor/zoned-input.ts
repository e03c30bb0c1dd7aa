import { DEFAULT_TIME_ZONE, fromZonedDateTime, toZonedDateTime } from '@taquilla/domain';

/** Zones an organiser in the region picks from; the show's own stays listed if it is another. */
export const TIME_ZONES = [
  'America/Guatemala',
  'America/El_Salvador',
  'America/Tegucigalpa',
  'America/Managua',
  'America/Costa_Rica',
  'America/Panama',
  'America/Mexico_City',
  'America/Bogota',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Madrid',
] as const;

export function zoneOf(timeZone: string | null | undefined): string {
  return timeZone || DEFAULT_TIME_ZONE;
}

/** An ISO instant as a datetime-local value on the zone's wall clock ('' if unreadable). */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const wall = toZonedDateTime(date, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** A datetime-local value read on the zone's wall clock, as an ISO instant ('' if empty). */
export function fromZonedInput(value: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return '';
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return fromZonedDateTime({ year, month, day, hour, minute }, timeZone).toISOString();
}

/** "sábado, 14 de marzo de 2027, 20:00" on the zone's clock. */
export function formatShowDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('es-GT', {
    dateStyle: 'full',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: zoneOf(timeZone),
  }).format(date);
}
