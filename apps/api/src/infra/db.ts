import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Db = InstanceType<typeof PrismaClient>;
/** A Prisma transaction client; queries take one so callers can compose them. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** Discrete fields, not `{connectionString}`: see docs/decisions/0002. */
export function pgConnectionFields(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
}

export function createDb(databaseUrl: string, poolSize = 10): Db {
  const adapter = new PrismaPg({ ...pgConnectionFields(databaseUrl), max: poolSize });
  return new PrismaClient({ adapter });
}
