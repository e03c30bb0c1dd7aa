import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { redisNamespace } from '../../src/config.ts';
import { createRedis } from '../../src/infra/redis.ts';
import { createTestDatabase } from './database.ts';
import type { TestDatabase } from './database.ts';
import { dumpRedisNamespace, runLog } from './run-capture.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  redis: Redis;
  config: Config;
  /** Every log line the app wrote, as text. */
  logs: string[];
  /** Moves the clock services read. */
  setNow: (date: Date) => void;
  close: () => Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: inject('templateDatabaseUrl'),
    REDIS_URL: inject('redisUrl'),
    ADMIN_EMAIL: 'admin@taquilla.test',
    ADMIN_PASSWORD: 'Admin-Prueba-2026',
    ...overrides,
  });
}

/** The real app on a database of its own, real Redis, a movable clock and captured logs. */
export async function createTestApp(
  options: {
    now?: Date;
    config?: Record<string, string>;
    redis?: Redis;
    /** Share another app's database (a second API instance); it is then not dropped here. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig({ DATABASE_URL: database.url, ...options.config });
  const redis = options.redis ?? createRedis(config.REDIS_URL);
  let now = options.now ?? new Date();
  const logs: string[] = [];
  // Also into the run directory, for the whole run's card-data sweep (decision 0051).
  const toRunLog = runLog('app');
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      toRunLog(String(chunk));
      callback();
    },
  });
  const app = await buildApp({ config, db: database.db, redis, clock: () => now, logStream });
  await app.ready();
  return {
    app,
    database,
    redis,
    config,
    logs,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      await dumpRedisNamespace(redis, redisNamespace(config));
      await app.close();
      redis.disconnect();
      if (ownsDatabase) await database.drop();
    },
  };
}
