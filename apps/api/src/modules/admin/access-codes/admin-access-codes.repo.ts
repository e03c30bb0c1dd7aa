import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';

/** The fields a show's access codes need of it, within the caller's scope. */
export function findShowForAccessCodes(db: Db | Tx, scope: Prisma.ShowWhereInput, id: string) {
  return db.show.findFirst({
    where: { ...scope, id },
    select: { id: true, paid: true, settings: true },
  });
}

/**
 * Inserts the codes a show does not have yet and returns those it inserted: a
 * code drawn twice, or already the show's, is skipped by the unique index
 * (show, code) and drawn again by the caller.
 */
export function insertAccessCodes(
  tx: Tx,
  showId: string,
  codes: readonly string[],
  expiresOn: Date | null,
) {
  return tx.accessCode.createManyAndReturn({
    data: codes.map((code) => ({ showId, code, expiresOn })),
    skipDuplicates: true,
  });
}

export function countAccessCodes(db: Db | Tx, showId: string) {
  return db.accessCode.count({ where: { showId } });
}

/** A show's codes, newest first. */
export function listAccessCodes(db: Db | Tx, showId: string, page: { skip: number; take: number }) {
  return db.accessCode.findMany({
    where: { showId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: page.skip,
    take: page.take,
  });
}

/**
 * When each code was first used: its first presence record in the show (the code the
 * device channel proved, decision 0026). `codes` limits it to a page; absent, every
 * code of the show that has one.
 */
export async function firstUseOfCodes(
  db: Db | Tx,
  showId: string,
  codes?: readonly string[],
): Promise<Map<string, Date>> {
  const rows = await db.presenceRecord.groupBy({
    by: ['code'],
    where: { showId, code: codes ? { in: [...codes] } : { not: null } },
    _min: { recordedAt: true },
  });
  const used = new Map<string, Date>();
  for (const row of rows) {
    if (row.code !== null && row._min.recordedAt) used.set(row.code, row._min.recordedAt);
  }
  return used;
}
