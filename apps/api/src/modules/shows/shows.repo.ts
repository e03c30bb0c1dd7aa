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
  };
  return db.show.findMany({
    where,
    orderBy: [{ showDate: filter.order }, { id: filter.order }],
    take: filter.take,
  });
}

export function findShowById(db: Db | Tx, id: string) {
  return db.show.findUnique({ where: { id } });
}

export function findShowByPath(db: Db | Tx, path: string) {
  return db.show.findUnique({ where: { path } });
}
