import { DEFAULT_TIME_ZONE, isVirtualShow, SPANISH_LOCALE } from '@taquilla/domain';

/** The show's zone if the platform knows it, else Guatemala's (as the SPA falls back). */
export function zoneOf(timeZone: string): string {
  try {
    new Intl.DateTimeFormat(SPANISH_LOCALE, { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** "viernes, 4 de diciembre de 2026, 8:00 p. m. (hora de Guatemala)", in the show's zone. */
export function dateText(show: { show_date: Date; timezone: string }): string {
  const timeZone = zoneOf(show.timezone);
  const inGuatemala = timeZone === DEFAULT_TIME_ZONE;
  const text = new Intl.DateTimeFormat(SPANISH_LOCALE, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(inGuatemala ? {} : { timeZoneName: 'short' }),
  }).format(show.show_date);
  return inGuatemala ? `${text} (hora de Guatemala)` : text;
}

/** Where it happens, as a page says it: the venue, or "En línea" for a virtual show. */
export function placeText(show: { type: string; venue: string }): string {
  return isVirtualShow(show) ? 'En línea' : show.venue;
}
