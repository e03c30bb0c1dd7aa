import type { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createHealthService(deps: {
  db: Db;
  redis: Redis;
  log: { warn: (o: object, m: string) => void };
}) {
  async function probe(name: string, check: () => Promise<unknown>) {
    try {
      await withTimeout(check(), CHECK_TIMEOUT_MS);
      return 'ok' as const;
    } catch (err) {
      deps.log.warn({ check: name, err }, 'readiness check failed');
      return 'error' as const;
    }
  }

  return {
    /** Ready means PostgreSQL answers a query and Redis answers PING. */
    async checkReadiness() {
      const [postgres, redis] = await Promise.all([
        probe('postgres', () => deps.db.$queryRaw`SELECT 1`),
        probe('redis', () => deps.redis.ping()),
      ]);
      if (postgres !== 'ok' || redis !== 'ok') throw new AppError('SERVICE_UNAVAILABLE');
      return { status: 'ok' as const, checks: { postgres, redis } };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
