// Brings up the PostgreSQL and Redis that DATABASE_URL and REDIS_URL name, on
// machines with or without Docker. Plain Node ESM using only built-ins: it runs
// before `pnpm install`.
//
// For each service, in order:
//   1. reachable already            → use it
//   2. not on this machine          → error (we never start a remote server)
//   3. installed here               → start it (pg_ctlcluster / redis-server)
//   4. root + apt-get               → install the Debian package, then start it
//   5. a working Docker engine      → `docker compose up -d <service>`
//   6. otherwise                    → error telling the operator what to install
//
// The sequence and the shared helpers live in services/common.mjs, the
// service-specific steps in services/postgres.mjs and services/redis.mjs.
//
// Usable as a script too: `node scripts/lib/services.mjs` (reads the env).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePostgres, ensureDatabase } from './services/postgres.mjs';
import { ensureRedis } from './services/redis.mjs';

export { isTcpReachable } from './services/common.mjs';
export { ensurePostgres, ensureDatabase, ensureRedis };

/**
 * Brings up PostgreSQL and Redis and creates the database.
 * Returns { postgres, redis, database }: one sentence each.
 */
export async function ensureServices({ databaseUrl, redisUrl, log = console.log }) {
  if (!databaseUrl) throw new Error('Falta DATABASE_URL');
  if (!redisUrl) throw new Error('Falta REDIS_URL');
  // One after the other: two apt-get runs at once would fight over apt's lock.
  const postgres = await ensurePostgres(databaseUrl, log);
  const database = await ensureDatabase(databaseUrl, log);
  const redis = await ensureRedis(redisUrl, log);
  return { postgres, redis, database };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureServices({
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
  }).catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
}
