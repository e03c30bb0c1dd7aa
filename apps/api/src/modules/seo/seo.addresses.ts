import { isReservedPath } from '@taquilla/domain';

/** How a show page names its show: `/shows/{id}`, `/{path}`, `/{festival}/{film}`. */
export type ShowAddress = { id: string } | { path: string } | { path: string; sub: string };

/** The site's own public pages, each with its head (seo.site.ts). */
export const SITE_PAGES = ['home', 'help', 'cookies', 'past'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/**
 * What a navigation's address is, for its head (decision 0069):
 * - `show`: a show page, whose head needs the show (one look-up);
 * - `site`: one of the site's public pages;
 * - `unlisted`: anything else (account, cart, checkout, orders, the console, a player,
 *   a token link, an address no page has): never indexed, no look-up.
 */
export type PageAddress =
  { kind: 'show'; show: ShowAddress } | { kind: 'site'; page: SitePage } | { kind: 'unlisted' };

const SITE_PATHS: Readonly<Record<string, SitePage>> = {
  '/': 'home',
  '/help': 'help',
  '/cookies': 'cookies',
  '/shows/past': 'past',
};

/** A vanity path as showPathSchema writes it (a-z, 0-9, inner hyphens), or an id. */
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isShowSegment = (segment: string) => SEGMENT.test(segment) || UUID.test(segment);

/**
 * The page a navigation's URL (path and query, as requested) stands for, read the way
 * the SPA's route table does (decision 0036): static pages first, then `/{path}` and
 * `/{path}/{sub}` when the first segment is no page of the app. A trailing slash and
 * doubled slashes are ignored, as the router ignores them; the query never matters.
 */
export function pageAddressOf(url: string): PageAddress {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const normal = `/${segments.join('/')}`;
  const site = SITE_PATHS[normal];
  if (site) return { kind: 'site', page: site };

  const [first = '', second, ...rest] = segments;
  if (rest.length > 0) return { kind: 'unlisted' };
  if (first === 'shows') {
    return second !== undefined && UUID.test(second)
      ? { kind: 'show', show: { id: second.toLowerCase() } }
      : { kind: 'unlisted' };
  }
  if (!isShowSegment(first) || isReservedPath(first)) return { kind: 'unlisted' };
  // GET /shows/{id} takes an id where a path goes; the SPA then moves to the show's address.
  if (second === undefined) {
    return { kind: 'show', show: UUID.test(first) ? { id: first.toLowerCase() } : { path: first } };
  }
  if (second === 'player' || !isShowSegment(second)) return { kind: 'unlisted' };
  return { kind: 'show', show: { path: first, sub: second } };
}

/** The cache key of an address's head: equal for every URL of the same page. */
export function addressKey(address: ShowAddress): string {
  if ('id' in address) return `id:${address.id}`;
  return 'sub' in address ? `path:${address.path}/${address.sub}` : `path:${address.path}`;
}
