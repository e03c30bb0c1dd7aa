import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { adminQuery, withDatabase } from './pg-admin.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
// One template per run, so concurrent runs on one server never drop each other's.
const TEMPLATE = `taquilla_tpl_${process.pid}_${Date.now().toString(36)}`;

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
    templateDatabaseName: string;
    redisUrl: string;
  }
}

/**
 * Where a container engine exists, PostgreSQL and Redis come from
 * Testcontainers; otherwise from DATABASE_URL / REDIS_URL (the machine's own
 * services). TEST_SERVICES=local skips the container attempt.
 */
async function startServices(): Promise<{
  databaseUrl: string;
  redisUrl: string;
  stop: () => Promise<void>;
}> {
  const local = {
    databaseUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    stop: async () => {},
  };
  if (process.env.TEST_SERVICES === 'local') return local;
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const [pg, redis] = await Promise.all([
      new PostgreSqlContainer('postgres:16-alpine').start(),
      new RedisContainer('redis:7-alpine').start(),
    ]);
    console.log('[test] PostgreSQL y Redis desde Testcontainers');
    return {
      databaseUrl: pg.getConnectionUri(),
      redisUrl: redis.getConnectionUrl(),
      stop: async () => {
        await Promise.all([pg.stop(), redis.stop()]);
      },
    };
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.log(`[test] sin motor de contenedores (${reason}); usando DATABASE_URL / REDIS_URL`);
    return local;
  }
}

/**
 * The run directory of the card-data sweep (decision 0051, test/helpers/run-capture.ts):
 * TAQUILLA_TEST_LOG_DIR, or a fresh one under the system's temporary folder, named
 * in its `latest` file for the sweep, keeping the last five runs.
 */
function runLogDir(): string {
  const given = process.env.TAQUILLA_TEST_LOG_DIR;
  if (given === 'off') return 'off';
  if (given) {
    mkdirSync(given, { recursive: true });
    return path.resolve(given);
  }
  const runs = path.join(tmpdir(), 'taquilla-test-runs');
  mkdirSync(runs, { recursive: true });
  const old = readdirSync(runs)
    .filter((name) => name.startsWith('run-'))
    .sort();
  for (const name of old.slice(0, Math.max(0, old.length - 4))) {
    rmSync(path.join(runs, name), { recursive: true, force: true });
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(runs, `run-${stamp}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(runs, 'latest'), dir);
  return dir;
}

/** Migrates one template database with `prisma migrate deploy`; each test file clones it. */
export default async function setup(project: TestProject) {
  const services = await startServices();
  const templateUrl = withDatabase(services.databaseUrl, TEMPLATE);
  await adminQuery(services.databaseUrl, `DROP DATABASE IF EXISTS "${TEMPLATE}" WITH (FORCE)`);
  await adminQuery(services.databaseUrl, `CREATE DATABASE "${TEMPLATE}"`);
  await run(path.join(ROOT, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: templateUrl, CHECKPOINT_DISABLE: '1' },
  });
  project.provide('templateDatabaseUrl', templateUrl);
  project.provide('templateDatabaseName', TEMPLATE);
  project.provide('redisUrl', services.redisUrl);
  project.provide('runLogDir', runLogDir());
  return async () => {
    await adminQuery(services.databaseUrl, `DROP DATABASE IF EXISTS "${TEMPLATE}" WITH (FORCE)`);
    await services.stop();
  };
}
