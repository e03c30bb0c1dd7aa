import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { hearClientErrors } from './pg.ts';
import { pgConnectionFields } from './pg-url.ts';

export { pgConnectionFields };

export type Db = InstanceType<typeof PrismaClient>;
/** A Prisma transaction client; queries take one so callers can compose them. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * A connection attempt that gets no answer (a server shutting down or starting
 * up, a network gone) fails after this long instead of holding its request
 * forever; the error handler answers it 503 (decision 0048).
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

export function createDb(databaseUrl: string, poolSize = 10): Db {
  const pool = new pg.Pool({
    ...pgConnectionFields(databaseUrl),
    max: poolSize,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
  });
  hearClientErrors(pool);
  // Our pool, so every connection is heard; Prisma ends it on $disconnect.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return new PrismaClient({ adapter });
}
