import { showSettingsSchema } from '@taquilla/contract';
import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { ShowAddress } from './seo.addresses.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pageShowSchema = z.object({
  id: z.string(),
  fullname: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  main_image: z.string().nullable(),
  show_date: z.date(),
  timezone: z.string(),
  country: z.string(),
  venue: z.string(),
  venue_address: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  paid: z.boolean(),
  path: z.string().nullable(),
  // A stored row that the contract no longer reads still makes a page, with defaults.
  settings: z.unknown().transform((value) => {
    const parsed = showSettingsSchema.safeParse(value ?? {});
    return parsed.success ? parsed.data : showSettingsSchema.parse({});
  }),
  producer_name: z.string(),
  parent_id: z.string().nullable(),
  parent_status: z.string().nullable(),
  parent_path: z.string().nullable(),
});
export type PageShow = z.infer<typeof pageShowSchema>;

/** A show named by an id or a vanity path, as GET /shows/{id} reads either. */
function matches(alias: Prisma.Sql, idOrPath: string): Prisma.Sql {
  return UUID.test(idOrPath)
    ? Prisma.sql`${alias}.id = ${idOrPath}::uuid`
    : Prisma.sql`${alias}.path = ${idOrPath}`;
}

function whereOf(address: ShowAddress): Prisma.Sql {
  if ('id' in address) return matches(Prisma.raw('s'), address.id);
  if (!('sub' in address)) return matches(Prisma.raw('s'), address.path);
  // /{festival}/{film}: the film must be a child of that festival, as the SPA checks.
  return Prisma.sql`${matches(Prisma.raw('p'), address.path)} AND ${matches(Prisma.raw('s'), address.sub)}`;
}

/**
 * The show a page's address names, with its parent's status and path and its
 * producer's name: one statement by unique keys (decision 0069). Drafts come back too;
 * the service decides what a page may say about them.
 */
export async function findPageShow(db: Db | Tx, address: ShowAddress): Promise<PageShow | null> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT s.id::text AS id, s.fullname, s.subtitle, s.description, s.main_image, s.show_date,
           s.timezone, s.country, s.venue, s.venue_address, s.type, s.status::text AS status,
           s.paid, s.path, s.settings, pr.name AS producer_name,
           p.id::text AS parent_id, p.status::text AS parent_status, p.path AS parent_path
      FROM shows s
      JOIN producers pr ON pr.id = s.producer_id
      LEFT JOIN shows p ON p.id = s.parent_show_id
     WHERE ${whereOf(address)}
     LIMIT 1`;
  return rows[0] === undefined ? null : pageShowSchema.parse(rows[0]);
}

const sitemapShowSchema = z.object({
  id: z.string(),
  path: z.string().nullable(),
  template: z.string().nullable(),
  parent_path: z.string().nullable(),
  updated_at: z.date(),
});
export type SitemapShow = z.infer<typeof sitemapShowSchema>;

/**
 * The shows a sitemap lists: of `statuses`, under no parent or a parent also of
 * `statuses`, never a child date (whose page is its parent's); the most recently
 * changed first, at most `limit` (a sitemap file holds 50,000 addresses).
 */
export async function findSitemapShows(
  db: Db | Tx,
  options: { statuses: readonly string[]; limit: number },
): Promise<SitemapShow[]> {
  const statuses = [...options.statuses];
  const rows = await db.$queryRaw<unknown[]>`
    SELECT s.id::text AS id, s.path, s.settings -> 'landing' ->> 'template' AS template,
           p.path AS parent_path, s.updated_at
      FROM shows s
      LEFT JOIN shows p ON p.id = s.parent_show_id
     WHERE s.status = ANY(${statuses}::"ShowStatus"[])
       AND (p.id IS NULL OR p.status = ANY(${statuses}::"ShowStatus"[]))
       AND NOT (s.parent_show_id IS NOT NULL
                AND coalesce(s.settings -> 'is_show_date' = 'true'::jsonb, false))
     ORDER BY s.updated_at DESC, s.id
     LIMIT ${options.limit}`;
  return rows.map((row) => sitemapShowSchema.parse(row));
}

/** Which of these ids name a show that exists (any status). */
export async function findExistingShowIds(
  db: Db | Tx,
  ids: readonly string[],
): Promise<Set<string>> {
  const valid = ids.filter((id) => UUID.test(id));
  if (valid.length === 0) return new Set();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM shows WHERE id = ANY(${valid}::uuid[])`;
  return new Set(rows.map((row) => row.id));
}
