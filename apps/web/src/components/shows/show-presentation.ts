import {
  DEFAULT_TIME_ZONE,
  SPANISH_LOCALE,
  parseDate,
  showBadge,
  showOverlay,
} from '@taquilla/domain';
import type { ShowBadge, ShowOverlay } from '@taquilla/domain';
import type { Show } from '@taquilla/contract';
import { es } from '../../i18n/es';

const BADGE_LABELS: Readonly<Record<ShowBadge, string>> = {
  SOON: es.show.soon,
  BUY: es.show.buy,
};

const OVERLAY_LABELS: Readonly<Record<ShowOverlay, string>> = {
  'EN VIVO': es.show.live,
  'POR DEMANDA': es.show.onDemand,
};

export type ShowLabel = { kind: 'badge' | 'overlay'; key: string; text: string };

/** The labels a show card carries: the sale badge (000 §4) and the live/on-demand overlay. */
export function showLabels(show: Pick<Show, 'status' | 'paid'>): ShowLabel[] {
  const labels: ShowLabel[] = [];
  const overlay = showOverlay(show.status);
  if (overlay) labels.push({ kind: 'overlay', key: overlay, text: OVERLAY_LABELS[overlay] });
  const badge = showBadge(show);
  if (badge) labels.push({ kind: 'badge', key: badge, text: BADGE_LABELS[badge] });
  return labels;
}

export function isOnlineShow(show: Pick<Show, 'venue'>): boolean {
  return show.venue.trim().toLowerCase() === 'online';
}

type DateStyle = 'card' | 'day' | 'time' | 'option';

const DATE_STYLES: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  // "sáb, 5 dic 2026, 8:00 p. m." on cards.
  card: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  // "sábado, 5 de diciembre de 2026" in the title block.
  day: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  // "8:00 p. m.".
  time: { hour: 'numeric', minute: '2-digit' },
  // "sábado 5 de diciembre, 8:00 p. m." for a función.
  option: { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' },
};

// Building a DateTimeFormat is slow next to using one; they are reused per zone and style.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(SPANISH_LOCALE, { timeZone, ...DATE_STYLES[style] });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** The show's date and time in Spanish, on the show's own clock (its `timezone`). */
export function formatShowDate(
  show: Pick<Show, 'show_date' | 'timezone'>,
  style: DateStyle = 'card',
): string {
  const date = parseDate(show.show_date);
  if (!date) return '';
  try {
    return dateFormatter(show.timezone, style).format(date);
  } catch {
    // An unknown IANA zone throws a RangeError; the platform's home zone is the best guess.
    return dateFormatter(DEFAULT_TIME_ZONE, style).format(date);
  }
}

/** A zone `Intl` accepts: the show's own, else the platform's home zone. */
export function showTimeZone(show: Pick<Show, 'timezone'>): string {
  try {
    new Intl.DateTimeFormat(SPANISH_LOCALE, { timeZone: show.timezone });
    return show.timezone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

type ShowAddress = Pick<Show, '_id'> & { path?: string | null };

/**
 * Where a show's page is: its vanity path (`/{path}`, 002 §2.2) when it has one, else
 * `/shows/{id}`. The show page also redirects the old address to the vanity one.
 */
export function showPath(show: ShowAddress): string {
  return show.path ? `/${encodeURIComponent(show.path)}` : `/shows/${encodeURIComponent(show._id)}`;
}

/** The show's player: `/{path}/player` or `/shows/{id}/player`. */
export function showPlayerPath(show: ShowAddress): string {
  return `${showPath(show)}/player`;
}
