import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgConnectionFields } from '../../src/infra/db.ts';
import { createTestDatabase } from '../helpers/database.ts';
import type { TestDatabase } from '../helpers/database.ts';
import {
  createOrderWithItems,
  createShow,
  createTicket,
  createUser,
  createVenueMap,
} from '../helpers/factories.ts';
import { adminQuery, withDatabase } from '../helpers/pg-admin.ts';
import { ROOT } from '../helpers/infra-files.ts';

/** scripts/ops/backup.sh and restore.sh against the real PostgreSQL (docs/operations.md). */
const run = promisify(execFile);
const BACKUP = path.join(ROOT, 'scripts/ops/backup.sh');
const RESTORE = path.join(ROOT, 'scripts/ops/restore.sh');

async function script(file: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(file, args, {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Every table of the public schema: its row count and a digest of its rows. */
async function snapshot(url: string): Promise<Record<string, { rows: number; digest: string }>> {
  const client = new pg.Client(pgConnectionFields(url));
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const out: Record<string, { rows: number; digest: string }> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ rows: string; digest: string | null }>(
        `SELECT count(*) AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
      );
      const row = result.rows[0];
      out[name] = { rows: Number(row?.rows), digest: row?.digest ?? '' };
    }
    return out;
  } finally {
    await client.end();
  }
}

async function databaseExists(url: string, name: string): Promise<boolean> {
  const client = new pg.Client(pgConnectionFields(withDatabase(url, 'postgres')));
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return found.rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('scripts/ops backup.sh and restore.sh', () => {
  let source: TestDatabase;
  let dir: string;
  const restored = `taquilla_restore_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    source = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'taquilla-backup-'));
    // Rows in many tables: users, producers, shows, tickets, a seat map, orders and lines.
    await createUser(source.db, { password: 'Clave-Prueba-2026', withViewer: true });
    const show = await createShow(source.db, { fullname: 'Concierto «Ñandú» — 20 h' });
    await createTicket(source.db, show.id, { fullname: 'Platea' });
    await createVenueMap(source.db, show.id, [{ name: 'Platea', type: 'SEATS', rows: 3, cols: 4 }]);
    for (let i = 0; i < 3; i += 1) {
      await createOrderWithItems(source.db, {
        items: [{ showName: `Función ${i}`, quantity: i + 1 }],
      });
    }
  });

  afterAll(async () => {
    await adminQuery(source.url, `DROP DATABASE IF EXISTS "${restored}" WITH (FORCE)`);
    await source.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('dumps a database and restores it into a new one with every table and row', async () => {
    const before = await snapshot(source.url);
    const populated = Object.entries(before).filter(([, t]) => t.rows > 0);
    expect(populated.length).toBeGreaterThanOrEqual(8);

    const file = path.join(dir, 'taquilla.dump');
    const backup = await script(BACKUP, [file], { DATABASE_URL: source.url });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout.trim()).toBe(file);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const restore = await script(RESTORE, [file, restored], { DATABASE_URL: source.url });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(new RegExp(`restore: \\d+ tables, \\d+ rows into ${restored}`));

    const after = await snapshot(withDatabase(source.url, restored));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const [table, expected] of Object.entries(before)) {
      expect(after[table], table).toEqual(expected);
    }
    // The migrations table came along: the restored database is at the same migration.
    expect(after._prisma_migrations?.rows).toBeGreaterThan(0);
  });

  it('never restores into a database that exists, and leaves it untouched', async () => {
    const file = path.join(dir, 'again.dump');
    expect((await script(BACKUP, [file], { DATABASE_URL: source.url })).code).toBe(0);
    const before = await snapshot(source.url);
    const sourceName = new URL(source.url).pathname.slice(1);
    const refused = await script(RESTORE, [file, sourceName], { DATABASE_URL: source.url });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('already exists');
    expect(await snapshot(source.url)).toEqual(before);
  });

  it('refuses a target name that is not a plain identifier', async () => {
    const file = path.join(dir, 'again.dump');
    const refused = await script(RESTORE, [file, 'x"; DROP DATABASE postgres; --'], {
      DATABASE_URL: source.url,
    });
    expect(refused.code).toBe(2);
  });

  it('drops the new database again when the dump cannot be restored', async () => {
    const broken = path.join(dir, 'broken.dump');
    writeFileSync(broken, 'not a dump');
    const name = `taquilla_restore_${randomBytes(5).toString('hex')}`;
    const failed = await script(RESTORE, [broken, name], { DATABASE_URL: source.url });
    expect(failed.code).not.toBe(0);
    expect(await databaseExists(source.url, name)).toBe(false);
  });

  it('names dated files in BACKUP_DIR and deletes those older than BACKUP_KEEP_DAYS', async () => {
    const backups = path.join(dir, 'rotation');
    const env = { DATABASE_URL: source.url, BACKUP_DIR: backups, BACKUP_KEEP_DAYS: '7' };
    const first = await script(BACKUP, [], env);
    expect(first.code, first.stderr).toBe(0);
    const sourceName = new URL(source.url).pathname.slice(1);
    expect(path.basename(first.stdout.trim())).toMatch(
      new RegExp(`^${sourceName}-\\d{8}T\\d{6}Z\\.dump$`),
    );
    const old = path.join(backups, `${sourceName}-20200101T000000Z.dump`);
    writeFileSync(old, 'old');
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    utimesSync(old, tenDaysAgo, tenDaysAgo);
    const keep = path.join(backups, 'notes.txt');
    writeFileSync(keep, 'not a dump');
    utimesSync(keep, tenDaysAgo, tenDaysAgo);
    // A second later, so the new file has a name of its own.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await script(BACKUP, [], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('deleted old');
    expect(readdirSync(backups).sort()).toEqual(
      [path.basename(first.stdout.trim()), path.basename(second.stdout.trim()), 'notes.txt'].sort(),
    );
  });

  it('fails without DATABASE_URL and writes nothing', async () => {
    const file = path.join(dir, 'none.dump');
    const failed = await script(BACKUP, [file], {});
    expect(failed.code).not.toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});
