import type { ShowSettings, ShowStatus } from '@taquilla/contract';
import { landingTemplateOf } from '@taquilla/domain';
import type { LandingTemplate } from '@taquilla/domain';
import { DEFAULT_LISTED_STATUSES } from '../shows/shows.service.ts';

/**
 * Statuses whose page search engines may index and the sitemap lists (decision 0069):
 * every status the catalogue lists (DEFAULT_LISTED_STATUSES), ended ones included, and
 * cancelled ones, whose page stays up and whose Event says so. NEW is a draft, never
 * public (decision 0004); HIDDEN is kept out of the catalogue and TEST is a rehearsal:
 * both are reachable by a link, never listed.
 */
export const INDEXED_STATUSES: readonly ShowStatus[] = [...DEFAULT_LISTED_STATUSES, 'CANCELLED'];
const INDEXED: ReadonlySet<string> = new Set(INDEXED_STATUSES);

interface Placed {
  status: string;
  settings: Pick<ShowSettings, 'is_show_date' | 'landing'>;
  parent_id: string | null;
  parent_status: string | null;
}

/** A draft, or a child of one: its page says nothing a draft holds (decision 0037). */
export function isDraftPage(show: Placed): boolean {
  return show.status === 'NEW' || show.parent_status === 'NEW';
}

/** A child date's page is its parent's (decision 0037): it has none of its own to index. */
const isChildDate = (show: Placed) => show.settings.is_show_date === true && !!show.parent_id;

/** Whether the page may be indexed: a listed status, under no parent or a listed one. */
export function isIndexed(show: Placed): boolean {
  return (
    INDEXED.has(show.status) &&
    (show.parent_id === null || (show.parent_status !== null && INDEXED.has(show.parent_status))) &&
    !isChildDate(show)
  );
}

/** A stored path as showPathSchema writes it; a row written past the schema is not used. */
const VANITY_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const pathOf = (path: string | null) => (path && VANITY_PATH.test(path) ? path : null);

/**
 * Where the page is, as the SPA addresses it (decision 0036): a film of a festival at
 * `/{festival}/{film}` when both have paths, else the show's vanity path, else
 * `/shows/{id}`. Paths are `a-z0-9-` and ids are UUIDs: nothing here needs encoding.
 */
export function canonicalPath(show: {
  id: string;
  path: string | null;
  template: string | null | undefined;
  parent_path: string | null;
}): string {
  const path = pathOf(show.path);
  const parentPath = pathOf(show.parent_path);
  if (show.template === 'film' && path && parentPath) return `/${parentPath}/${path}`;
  return path ? `/${path}` : `/shows/${show.id}`;
}

/**
 * Templates that are a list of other shows, not one event: a producer's page and the
 * channels (generic, series, podcast, an artist's), whose date is no event's. A
 * festival or a lineup is one event with parts, and stays an Event.
 */
const NOT_AN_EVENT: ReadonlySet<LandingTemplate> = new Set<LandingTemplate>([
  'producer',
  'channel',
  'series',
  'podcast',
  'artist',
]);

/** Whether the page describes one event (an Event in JSON-LD) rather than a list of them. */
export function isEventPage(settings: Pick<ShowSettings, 'landing'>): boolean {
  return !NOT_AN_EVENT.has(landingTemplateOf(settings));
}
