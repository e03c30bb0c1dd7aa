import type { Show, ShowListQuery, ShowStatus } from '@taquilla/contract';
import { searchTerms } from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import { toPublicShow } from './shows.mapper.ts';
import { findShowByIdOrPath, findShows } from './shows.repo.ts';

/** Statuses a public list shows when the caller names none. */
export const DEFAULT_LISTED_STATUSES: ShowStatus[] = [
  'SOON',
  'ACTIVE',
  'STARTED',
  'LIVE',
  'REPLAY',
  'CLOSED',
];
/**
 * A channel's children asked for with `visible=-1` (the client's child-date and
 * episode lists, 001 §2, 002 §5) also include HIDDEN and TEST: the series page
 * shows HIDDEN episodes and other channel pages TEST ones, filtering by status
 * itself without ever sending `status` (docs/decisions/0004-show-listing.md).
 */
export const CHILD_LISTED_STATUSES: ShowStatus[] = [...DEFAULT_LISTED_STATUSES, 'HIDDEN', 'TEST'];
/** NEW is a draft: it never leaves the organiser's console. */
export const NEVER_PUBLIC: ShowStatus = 'NEW';
const LIST_LIMIT = 500;
const HOUR_MS = 3_600_000;
/** Longest duration settings allow (720 h); bounds the CURRENT/PAST query. */
const MAX_DURATION_MS = 720 * HOUR_MS;

function endsAt(show: Show): number {
  return Date.parse(show.show_date) + show.settings.duration * HOUR_MS;
}

export function createShowsService(deps: { db: Db; clock: () => Date }) {
  return {
    /**
     * GET /shows. CURRENT keeps shows that have not ended (start plus
     * settings.duration, default 2 h); PAST the ones that have; ALL both.
     * `q` (every word, accent- and case-insensitive, in name or venue) and `tags`
     * (any of them) narrow the list (docs/decisions/0007-catalogue-search.md).
     */
    async listShows(query: ShowListQuery): Promise<{ items: Show[] }> {
      const now = deps.clock().getTime();
      const filter = query.filter ?? 'CURRENT';
      const visible = query.visible ?? '1';
      const unnamed =
        query.parent && visible === '-1' ? CHILD_LISTED_STATUSES : DEFAULT_LISTED_STATUSES;
      const statuses = (query.status ?? unnamed).filter((s) => s !== NEVER_PUBLIC);
      const rows = await findShows(deps.db, {
        statuses,
        ...(filter === 'CURRENT' ? { from: new Date(now - MAX_DURATION_MS) } : {}),
        ...(filter === 'PAST' ? { until: new Date(now) } : {}),
        ...(query.billboard === '1' ? { billboard: true } : {}),
        ...(query.vod === '1' ? { vod: true } : {}),
        parentId: query.parent ?? null,
        ...(query.producer ? { producerId: query.producer } : {}),
        ...(visible === '-1' ? {} : { visible: visible === '1' }),
        ...(query.q ? { searchTerms: searchTerms(query.q) } : {}),
        ...(query.tags ? { tags: query.tags } : {}),
        order: query.sort === '-1' ? 'desc' : 'asc',
        take: LIST_LIMIT * 2,
      });
      const shows = rows.map(toPublicShow).filter((show) => {
        if (filter === 'CURRENT') return endsAt(show) > now;
        if (filter === 'PAST') return endsAt(show) <= now;
        return true;
      });
      return { items: shows.slice(0, LIST_LIMIT) };
    },

    /** GET /shows/{id}: by `_id`, or by the show's vanity `path`. */
    async getShow(idOrPath: string): Promise<Show> {
      const row = await findShowByIdOrPath(deps.db, idOrPath);
      if (!row || row.status === NEVER_PUBLIC) throw new AppError('SHOW_NOT_FOUND');
      return toPublicShow(row);
    },
  };
}

export type ShowsService = ReturnType<typeof createShowsService>;
