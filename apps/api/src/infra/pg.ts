import pg from 'pg';
import { pgConnectionFields } from './pg-url.ts';

/**
 * A plain `pg` pool for the few hot statements that call the database's own
 * functions (checkout: decision 0020, "Speed"): one round trip each, with no
 * ORM between the request and the socket. Everything else goes through Prisma.
 */
export type Pg = pg.Pool;

export function createPg(databaseUrl: string, poolSize = 10): Pg {
  const pool = new pg.Pool({
    ...pgConnectionFields(databaseUrl),
    max: poolSize,
    // As the Prisma pool's (db.ts): an unanswered connect fails instead of waiting forever.
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection the server closed (a restart) is dropped by the pool; without a
  // listener its 'error' event would end the process (decision 0048).
  pool.on('error', () => undefined);
  return pool;
}

/**
 * A statement prepared once per connection under `name` (parsed and planned
 * once, not on every call); `text` uses $1… placeholders.
 */
export interface Statement {
  name: string;
  text: string;
}

export async function execute(db: Pg, statement: Statement, values: unknown[]) {
  return db.query({ name: statement.name, text: statement.text, values });
}

/** Rows of one prepared statement. */
export async function rows<T>(db: Pg, statement: Statement, values: unknown[]): Promise<T[]> {
  return (await execute(db, statement, values)).rows as T[];
}

/**
 * The refusal a database function raised as `taquilla:<ERROR_CODE>`, or
 * null for any other failure.
 */
export function raisedCode(err: unknown): string | null {
  const message = (err as { message?: unknown })?.message;
  if (typeof message !== 'string' || !message.startsWith('taquilla:')) return null;
  return message.slice('taquilla:'.length);
}
