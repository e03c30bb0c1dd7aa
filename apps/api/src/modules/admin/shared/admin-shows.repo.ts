import type { Prisma, ShowStatus } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';

export function findShowInScope(db: Db | Tx, scope: Prisma.ShowWhereInput, id: string) {
  return db.show.findFirst({ where: { ...scope, id } });
}

/** Serialises writes to one show (settings merges, deletion checks, map replacement). */
export async function lockShow(tx: Tx, id: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM shows WHERE id = ${id}::uuid FOR UPDATE`;
}

export interface ShowListFilter {
  statuses?: ShowStatus[];
  q?: string;
  producerId?: string;
  parentId?: string;
}

function showListWhere(
  scope: Prisma.ShowWhereInput,
  filter: ShowListFilter,
): Prisma.ShowWhereInput {
  // The scope is its own AND term: a filter naming a column the scope names
  // (`?producer=`) narrows it, never replaces it (spread in one object, another
  // producer's id would have overwritten a producer's own scope).
  return {
    AND: [scope],
    ...(filter.statuses ? { status: { in: filter.statuses } } : {}),
    ...(filter.producerId ? { producerId: filter.producerId } : {}),
    ...(filter.parentId ? { parentShowId: filter.parentId } : {}),
    ...(filter.q
      ? {
          OR: [
            { fullname: { contains: filter.q, mode: 'insensitive' } },
            { venue: { contains: filter.q, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

/** One page of the shows in scope, latest date first, and how many match in all. */
export async function listShowsInScope(
  db: Db | Tx,
  scope: Prisma.ShowWhereInput,
  filter: ShowListFilter,
  page: { skip: number; take: number },
) {
  const where = showListWhere(scope, filter);
  const [rows, total] = await Promise.all([
    db.show.findMany({
      where,
      orderBy: [{ showDate: 'desc' }, { id: 'desc' }],
      skip: page.skip,
      take: page.take,
    }),
    db.show.count({ where }),
  ]);
  return { rows, total };
}

export async function producerExists(db: Db | Tx, id: string): Promise<boolean> {
  return (await db.producer.count({ where: { id } })) > 0;
}

export async function isPathTaken(db: Db | Tx, path: string, exceptId?: string): Promise<boolean> {
  const found = await db.show.findUnique({ where: { path }, select: { id: true } });
  return found !== null && found.id !== exceptId;
}

export function createShow(tx: Tx, data: Prisma.ShowUncheckedCreateInput) {
  return tx.show.create({ data });
}

export function updateShow(tx: Tx, id: string, data: Prisma.ShowUncheckedUpdateInput) {
  return tx.show.update({ where: { id }, data });
}

export function countChildren(db: Db | Tx, id: string) {
  return db.show.count({ where: { parentShowId: id } });
}

/** Order lines of the show, of its tickets or on its seats, in any order status. */
export function countOrderItemsOfShow(db: Db | Tx, id: string) {
  return db.orderItem.count({
    where: { OR: [{ showId: id }, { ticket: { showId: id } }, { seat: { showId: id } }] },
  });
}

export function deleteShow(tx: Tx, id: string) {
  return tx.show.delete({ where: { id } });
}
