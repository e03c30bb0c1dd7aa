import type { Db } from '../../infra/db.ts';

/**
 * The public show (any status but NEW) whose page lists `file` among its
 * downloads or as its zip; the newest such show when several do. Shows are
 * few (hundreds), so the jsonb containment runs over them without an index.
 */
export async function findShowListingFile(db: Db, file: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT s.id::text AS id
      FROM shows s
     WHERE s.status <> 'NEW'
       AND (s.settings -> 'landing' -> 'zip' ->> 'file' = ${file}
            OR s.settings -> 'landing' -> 'downloads' @> jsonb_build_array(jsonb_build_object('file', ${file}::text)))
     ORDER BY s.created_at DESC, s.id DESC
     LIMIT 1`;
  return rows[0]?.id ?? null;
}

export function insertRedemption(
  db: Db,
  data: {
    showId: string;
    filename: string;
    userId: string | null;
    sessionKey: string | null;
    ip: string;
  },
) {
  return db.downloadRedemption.create({ data, select: { id: true } });
}

/** Redemptions of each file of one show. */
export async function countRedemptionsByFile(db: Db, showId: string) {
  const rows = await db.downloadRedemption.groupBy({
    by: ['filename'],
    where: { showId },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.filename, row._count._all]));
}
