import type { Prisma, ShowStatus } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';

export interface ShowListFilter {
  statuses: ShowStatus[];
  /** Lower bound (inclusive) and upper bound (exclusive) on show_date. */
  from?: Date;
  until?: Date;
  billboard?: boolean;
  vod?: boolean;
  parentId?: string | null;
  producerId?: string;
  visible?: boolean;
  /** Folded words (domain searchTerms) that must all appear in `search_text`. */
  searchTerms?: string[];
  /** Lower-case tags; a show matches when it has any of them. */
  tags?: string[];
  order: 'asc' | 'desc';
  take: number;
}

export function findShows(db: Db | Tx, filter: ShowListFilter) {
  const where: Prisma.ShowWhereInput = {
    status: { in: filter.statuses },
    showDate: {
      ...(filter.from ? { gte: filter.from } : {}),
      ...(filter.until ? { lt: filter.until } : {}),
    },
    ...(filter.billboard !== undefined ? { billboard: filter.billboard } : {}),
    ...(filter.vod ? { settings: { path: ['vod'], equals: true } } : {}),
    ...(filter.parentId !== undefined ? { parentShowId: filter.parentId } : {}),
    ...(filter.producerId ? { producerId: filter.producerId } : {}),
    ...(filter.visible !== undefined ? { visible: filter.visible } : {}),
    ...(filter.searchTerms && filter.searchTerms.length > 0
      ? { AND: filter.searchTerms.map((term) => ({ searchText: { contains: escapeLike(term) } })) }
      : {}),
    ...(filter.tags && filter.tags.length > 0 ? { tags: { hasSome: filter.tags } } : {}),
  };
  return db.show.findMany({
    where,
    orderBy: [{ showDate: filter.order }, { id: filter.order }],
    take: filter.take,
  });
}

/**
 * Prisma's `contains` is a LIKE '%…%' that passes `%` and `_` through as wildcards,
 * so a search for "100%" would match "1000". Backslash is LIKE's default escape.
 */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function findShowById(db: Db | Tx, id: string) {
  return db.show.findUnique({ where: { id } });
}

export function findShowByPath(db: Db | Tx, path: string) {
  return db.show.findUnique({ where: { path } });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By `_id`, or by the show's vanity `path` (002 §2.2). */
export function findShowByIdOrPath(db: Db | Tx, idOrPath: string) {
  return UUID.test(idOrPath) ? findShowById(db, idOrPath) : findShowByPath(db, idOrPath);
}

/** A channel's children of the given statuses, earliest first. */
export function findChildShows(
  db: Db | Tx,
  parentId: string,
  statuses: ShowStatus[],
  take: number,
) {
  return db.show.findMany({
    where: { parentShowId: parentId, status: { in: statuses } },
    orderBy: [{ showDate: 'asc' }, { id: 'asc' }],
    take,
  });
}

/**
 * A viewer-show whose access holds: no code, or a code its order's cancel or refund did
 * not void (decision 0064). Shared with activation's "Mis boletos".
 */
export const VIEWER_SHOW_NOT_REVOKED = {
  OR: [{ ticketCodeId: null }, { ticketCode: { is: { voidedAt: null } } }],
} satisfies Prisma.ViewerShowWhereInput;

/** One viewer's access records for a set of shows (viewer_shows is unique per pair). */
export function findViewerShows(db: Db | Tx, viewerId: string, showIds: string[]) {
  return db.viewerShow.findMany({
    where: { viewerId, showId: { in: showIds }, ...VIEWER_SHOW_NOT_REVOKED },
  });
}
