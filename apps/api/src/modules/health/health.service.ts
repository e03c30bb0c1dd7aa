import type { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';

const CHECK_TIMEOUT_MS = 2000;
export const DRAINING_MESSAGE = 'Esta instancia se está deteniendo; otra atenderá tu solicitud';

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

  let draining = false;

  return {
    /**
     * Ready means PostgreSQL answers a query and Redis answers PING, and the
     * instance is not shutting down (decision 0047: a draining instance says 503
     * first, so the load balancer stops sending it requests before it stops listening).
     */
    async checkReadiness() {
      if (draining) throw new AppError('SERVICE_UNAVAILABLE', { message: DRAINING_MESSAGE });
      const [postgres, redis] = await Promise.all([
        probe('postgres', () => deps.db.$queryRaw`SELECT 1`),
        probe('redis', () => deps.redis.ping()),
      ]);
      if (postgres !== 'ok' || redis !== 'ok') throw new AppError('SERVICE_UNAVAILABLE');
      return { status: 'ok' as const, checks: { postgres, redis } };
    },

    /** From now on readiness answers 503 (SIGTERM); liveness stays 200. */
    startDraining(): void {
      draining = true;
    },

    isDraining: () => draining,
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
