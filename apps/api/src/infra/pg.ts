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
  hearClientErrors(pool);
  return pool;
}

/**
 * A connection the server ends (a restart: 57P01) emits 'error'. The pool hears
 * it while the connection is idle, a query while one runs; in the moments
 * between (handed out by the pool, not yet querying) nobody did, and an unheard
 * 'error' ends the process — the PostgreSQL restart test caught it. Every client
 * now keeps a listener for its whole life; the pool still drops the broken
 * connection and the request still gets its error (decision 0048).
 */
export function hearClientErrors(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
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
