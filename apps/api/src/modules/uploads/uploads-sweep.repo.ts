import type { Db, Tx } from '../../infra/db.ts';
import { excludeUploadReferences } from '../../infra/upload-references-lock.ts';

// Where a stored upload can be named (decision 0061). A link is
// `${PUBLIC_URL}/storage/{key}` or, in a landing page's downloads, `/storage/{key}`;
// either way the key follows `/storage/`. Organiser-written tables are read whole
// (every column, as text), so a column added later that holds an image is covered
// without a change here; buyer tables only where a link can be. An order names its
// deposit proof by key (payment_info.file_key, and its claim's order_key: decision 0065),
// not by link, so those are read as the path they would have.

/**
 * The tables an organiser's save writes image links into, locked while the sweep
 * deletes. Not `tickets` nor `ticket_bundle_items`: every checkout writes `tickets`,
 * so ticket saves wait on an advisory lock instead (infra/upload-references-lock.ts).
 */
export const ORGANISER_REFERENCE_TABLES = [
  'shows',
  'venue_maps',
  'sections',
  'show_live_states',
] as const;

const REFERENCE_TEXT = `
  SELECT r::text AS t FROM shows r
  UNION ALL SELECT r::text FROM tickets r
  UNION ALL SELECT r::text FROM ticket_bundle_items r
  UNION ALL SELECT r::text FROM venue_maps r
  UNION ALL SELECT r::text FROM sections r
  UNION ALL SELECT r::text FROM show_live_states r
  UNION ALL SELECT image FROM cart_items WHERE image IS NOT NULL
  UNION ALL SELECT bundle_items::text FROM cart_items WHERE bundle_items::text LIKE '%/storage/%'
  UNION ALL SELECT bundle_items::text FROM order_items WHERE bundle_items::text LIKE '%/storage/%'
  UNION ALL SELECT payment_info::text FROM carts WHERE payment_info IS NOT NULL
  UNION ALL SELECT '/storage/' || (payment_info ->> 'file_key') FROM orders WHERE payment_info ? 'file_key'
  UNION ALL SELECT '/storage/' || order_key FROM proof_claims`;

/**
 * Every storage key some row names, among the keys under `prefixes` (each ending in
 * `/`). JSON text escapes `/` as nothing special, so a link reads the same in a
 * column and in a JSON document.
 */
export async function findReferencedKeys(db: Db | Tx, prefixes: string[]): Promise<Set<string>> {
  const alternatives = prefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = `/storage/((?:${alternatives})[A-Za-z0-9._/-]+)`;
  const rows = await db.$queryRawUnsafe<{ key: string }[]>(
    `SELECT DISTINCT m[1] AS key
       FROM (${REFERENCE_TEXT}) s, regexp_matches(s.t, $1, 'g') AS m
      WHERE s.t LIKE '%/storage/%'`,
    pattern,
  );
  return new Set(rows.map((r) => r.key));
}

/**
 * Blocks every organiser save until the transaction ends: ticket saves on the
 * advisory lock they share, the other tables' writes (ROW EXCLUSIVE) on a SHARE
 * lock; reads and checkouts go on. The sweep waits at
 * most half a second for saves in flight, under PostgreSQL's deadlock check (1 s), so
 * if a save and the sweep ever wait on each other it is the sweep that fails (and
 * runs again within the hour), never the organiser's save.
 */
export async function lockOrganiserReferences(tx: Tx, lockTimeoutMs = 500): Promise<void> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
  await excludeUploadReferences(tx);
  await tx.$executeRawUnsafe(`LOCK TABLE ${ORGANISER_REFERENCE_TABLES.join(', ')} IN SHARE MODE`);
}
