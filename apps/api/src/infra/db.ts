import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { createPool } from './pg.ts';
import { pgConnectionFields } from './pg-url.ts';

export { pgConnectionFields };

export type Db = InstanceType<typeof PrismaClient>;
/** A Prisma transaction client; queries take one so callers can compose them. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

export function createDb(databaseUrl: string, poolSize = 10): Db {
  // Our pool, so every connection is heard (pg.ts); Prisma ends it on $disconnect.
  const adapter = new PrismaPg(createPool(databaseUrl, poolSize), { disposeExternalPool: true });
  return new PrismaClient({ adapter });
}
