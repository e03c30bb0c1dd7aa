import type { Db } from '../../infra/db.ts';

export interface ShowRedirectRow {
  status: string;
  path: string | null;
  parent_id: string | null;
  is_show_date: boolean;
  parent_status: string | null;
  parent_path: string | null;
}

/** A show and its parent in one look-up by primary key: what decides an old URL's redirect. */
export async function findShowRedirectRow(db: Db, id: string): Promise<ShowRedirectRow | null> {
  const rows = await db.$queryRaw<ShowRedirectRow[]>`
    SELECT s.status::text AS status, s.path, s.parent_show_id::text AS parent_id,
           coalesce(s.settings -> 'is_show_date' = 'true'::jsonb, false) AS is_show_date,
           p.status::text AS parent_status, p.path AS parent_path
      FROM shows s
      LEFT JOIN shows p ON p.id = s.parent_show_id
     WHERE s.id = ${id}::uuid`;
  return rows[0] ?? null;
}
