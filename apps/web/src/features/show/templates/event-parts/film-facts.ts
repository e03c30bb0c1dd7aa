import type { Show } from '@taquilla/contract';
import { watchModeOf } from '@taquilla/domain';
import { showPath } from '../../../../components/shows/show-presentation';

/** A film's title: its credit title (002 §3 settings.title), else the show's name. */
export function filmTitle(film: Pick<Show, 'fullname' | 'settings'>): string {
  return film.settings.title?.trim() || film.fullname;
}

/** A film's genre: its credit, else the show's own. */
export function filmGenre(film: Pick<Show, 'genre' | 'settings'>): string | null {
  return film.settings.genre?.trim() || film.genre;
}

/** `settings.duration` is in hours (002 §3): 1.6 → "1 h 36 min", 2 → "2 h", 0.5 → "30 min". */
export function formatFilmDuration(hours: number | undefined): string | null {
  if (hours === undefined || !Number.isFinite(hours) || hours <= 0) return null;
  const minutes = Math.round(hours * 60);
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [whole > 0 ? `${whole} h` : null, rest > 0 ? `${rest} min` : null]
    .filter(Boolean)
    .join(' ');
}

/** `settings.cast` is a string or a list of names. */
export function formatCast(cast: string | string[] | undefined): string | null {
  const text = Array.isArray(cast)
    ? cast
        .map((name) => name.trim())
        .filter(Boolean)
        .join(', ')
    : cast?.trim();
  return text ? text : null;
}

/**
 * A film's page inside its festival (002 §2.2): `/{festival path}/{film path}`, else the
 * film's own page when either has no path.
 */
export function filmPagePath(
  festival: Pick<Show, 'path'> | null,
  film: Pick<Show, '_id' | 'path'>,
): string {
  if (festival?.path && film.path) {
    return `/${encodeURIComponent(festival.path)}/${encodeURIComponent(film.path)}`;
  }
  return showPath(film);
}

/**
 * "Ver película": the film's vanity player (`/{festival}/{film}/player`, the film
 * alone), else the film alone at `/shows/{id}/full`.
 */
export function filmPlayerPath(
  festival: Pick<Show, 'path'> | null,
  film: Pick<Show, '_id' | 'path'>,
): string {
  if (!film.path) return `/shows/${encodeURIComponent(film._id)}/full`;
  return `${filmPagePath(festival, film)}/player`;
}

/**
 * Whether the watch link may enter as far as tickets go (`landingEntry`'s `hasAccess`):
 * an activated ticket, or a show whose player needs none (free, or a code typed there).
 */
export function hasEntryAccess(
  show: Pick<Show, 'paid' | 'settings'>,
  hasActiveTicket: boolean,
): boolean {
  if (hasActiveTicket) return true;
  const mode = watchModeOf({
    paid: show.paid,
    settings: {
      nologin: show.settings.nologin,
      registration: show.settings.registration,
      security: show.settings.security === true ? 'password' : null,
    },
  });
  return mode !== 'ticket';
}
