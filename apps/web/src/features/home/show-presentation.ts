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

// Building a DateTimeFormat is slow next to using one; they are reused per zone.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(SPANISH_LOCALE, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The show's date and time in Spanish, on the show's own clock (its `timezone`). */
export function formatShowDate(show: Pick<Show, 'show_date' | 'timezone'>): string {
  const date = parseDate(show.show_date);
  if (!date) return '';
  try {
    return dateFormatter(show.timezone).format(date);
  } catch {
    // An unknown IANA zone throws a RangeError; the platform's home zone is the best guess.
    return dateFormatter(DEFAULT_TIME_ZONE).format(date);
  }
}

export function showPath(show: Pick<Show, '_id'>): string {
  return `/shows/${encodeURIComponent(show._id)}`;
}

export function showPlayerPath(show: Pick<Show, '_id'>): string {
  return `${showPath(show)}/player`;
}
