import { showCall } from '@taquilla/contract';
import type { PageCall, Show, ShowAddress } from '@taquilla/contract';
import { isReservedPath, landingTemplateOf } from '@taquilla/domain';

/**
 * A page whose first public calls the server answers ahead (decision 0072): the home, a
 * show page, and a show's player (its address calls; decision 0075).
 */
export type PublicPage =
  | { kind: 'home' }
  | { kind: 'show'; address: ShowAddress }
  | { kind: 'player'; address: ShowAddress };

/** A segment that may name a show: its `_id` (a UUID) or a vanity path (`a-z0-9-`). */
const SHOW_SEGMENT = /^[A-Za-z0-9-]{1,200}$/;
/** Pages of the SPA under /shows/ that are not a show (apps/web/src/routes.tsx). */
const SHOWS_PAGES: ReadonlySet<string> = new Set(['past', 'new']);

/**
 * The public page a navigation opens, read as the SPA's router reads it (case-insensitive
 * static segments first, an optional trailing slash): `/`, `/shows/{id}`, a vanity
 * `/{path}` or a festival's film `/{path}/{sub}`, and their players (`/shows/{id}/player`,
 * `/shows/{id}/full`, `/{path}/player`, `/{path}/{sub}/player`). Anything else (console,
 * account, cart, checkout, token pages) is null: nothing is answered ahead for it.
 */
export function publicPageOf(url: string): PublicPage | null {
  const [pathname = ''] = url.split('?', 1);
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (trimmed === '/') return { kind: 'home' };
  const segments = trimmed.slice(1).split('/');
  if (!segments.every((segment) => SHOW_SEGMENT.test(segment))) return null;
  const last = segments[segments.length - 1]?.toLowerCase();
  const [first = '', second, third] = segments;
  if (first.toLowerCase() === 'shows') {
    if (second === undefined || SHOWS_PAGES.has(second.toLowerCase())) return null;
    if (segments.length === 2) return { kind: 'show', address: { id: second } };
    const isPlayer = segments.length === 3 && (last === 'player' || last === 'full');
    return isPlayer ? { kind: 'player', address: { id: second } } : null;
  }
  // A vanity path never takes a page's or the gateway's first segment (decision 0037).
  if (isReservedPath(first)) return null;
  if (segments.length === 1) return { kind: 'show', address: { path: first } };
  if (second === undefined) return null;
  if (segments.length === 2) {
    return last === 'player'
      ? { kind: 'player', address: { path: first } }
      : { kind: 'show', address: { path: first, sub: second } };
  }
  if (segments.length === 3 && third !== undefined && last === 'player') {
    return { kind: 'player', address: { path: first, sub: second } };
  }
  return null;
}

/**
 * The show a show page renders once its address calls are answered, as the SPA's
 * useShowResolution decides, with the call it still makes before rendering (a film's
 * festival); null when the page goes elsewhere (a child date to its parent, an id to the
 * vanity path, an unknown pair) or an answer is missing.
 */
export function renderedShowOf(
  address: ShowAddress,
  answers: readonly (Show | null)[],
): { show: Show; before: PageCall[] } | null {
  const [first = null, second = null] = answers;
  if ('path' in address && address.sub !== undefined) {
    if (!first || !second || second.parent_show_uid !== first._id) return null;
    return { show: second, before: [] };
  }
  if (!first) return null;
  if (first.settings.is_show_date && first.parent_show_uid) return null;
  const isOwnAddress = 'id' in address ? !first.path : first.path === address.path;
  if (!isOwnAddress) return null;
  const isFilmAlone = landingTemplateOf(first.settings) === 'film' && first.parent_show_uid;
  return { show: first, before: isFilmAlone ? [showCall(first.parent_show_uid as string)] : [] };
}
