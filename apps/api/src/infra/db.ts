import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { pgConnectionFields } from './pg-url.ts';

export { pgConnectionFields };

export type Db = InstanceType<typeof PrismaClient>;
/** A Prisma transaction client; queries take one so callers can compose them. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

export function createDb(databaseUrl: string, poolSize = 10): Db {
  const adapter = new PrismaPg({ ...pgConnectionFields(databaseUrl), max: poolSize });
  return new PrismaClient({ adapter });
}
