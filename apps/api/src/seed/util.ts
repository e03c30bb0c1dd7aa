import { createHash } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  SPANISH_MONTHS,
  addDays,
  fromZonedDateTime,
  generateTicketCode,
  toZonedDateTime,
} from '@taquilla/domain';
import { showSettingsSchema } from '@taquilla/contract';
import type { Prisma } from '../generated/prisma/client.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A wall-clock time in Guatemala `days` after today's date there: 20:00 local is
 * 02:00 UTC of the next day. Relative to the seed's `now` so the demo catalogue
 * always has upcoming shows; the same calendar day gives the same instant, so a
 * re-run on the same day changes nothing.
 */
export function guatemalaTime(now: Date, days: number, hour: number, minute = 0): Date {
  const day = addDays(toZonedDateTime(now, DEFAULT_TIME_ZONE), days);
  return fromZonedDateTime({ ...day, hour, minute, second: 0 }, DEFAULT_TIME_ZONE);
}

/** `now` rounded down to the hour, moved by `hours`. */
export function hourFrom(now: Date, hours = 0): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + hours * HOUR_MS);
}

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

/** "Viernes 12 de marzo, 20:00" in Guatemala time (a funcion's label). */
export function showDateLabel(date: Date): string {
  const local = toZonedDateTime(date, DEFAULT_TIME_ZONE);
  const sundayBased = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  const weekday = WEEKDAYS[(sundayBased + 6) % 7];
  const month = SPANISH_MONTHS[local.month - 1];
  const time = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
  return `${weekday} ${local.day} de ${month}, ${time}`;
}

/**
 * A ticket or access code from the domain's generator fed with bytes derived
 * from `seed` instead of random ones: the same seed always gives the same
 * well-formed code, so a re-run finds what the previous run created.
 */
export function demoCode(seed: string): string {
  let round = 0;
  return generateTicketCode((size) => {
    const bytes = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const digest = createHash('sha256').update(`${seed}:${round}`).digest();
      round += 1;
      const take = Math.min(size - filled, digest.length);
      bytes.set(digest.subarray(0, take), filled);
      filled += take;
    }
    return bytes;
  });
}

/** Settings as stored: validated and completed with the contract's defaults. */
export function showSettings(input: Record<string, unknown>): Prisma.InputJsonValue {
  return showSettingsSchema.parse(input) as Prisma.InputJsonValue;
}

/** Placeholder art served by the web app; nothing is downloaded while seeding. */
export function demoImage(path: string): string {
  return `/images/demo/${path}.svg`;
}
