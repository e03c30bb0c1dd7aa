import pg from 'pg';
import { pgConnectionFields } from './pg-url.ts';

/**
 * A plain `pg` pool for the few hot statements that call the database's own
 * functions (checkout: decision 0020, "Speed"): one round trip each, with no
 * ORM between the request and the socket. Everything else goes through Prisma.
 */
export type Pg = pg.Pool;

/**
 * A connection attempt that gets no answer (a server shutting down or starting
 * up, a network gone) fails after this long instead of holding its request
 * forever; the error handler answers it 503 (decision 0048).
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

/** The pool both paths to the database use: this plain one and Prisma's adapter (db.ts). */
export function createPool(databaseUrl: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    ...pgConnectionFields(databaseUrl),
    max: poolSize,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
  });
  hearClientErrors(pool);
  return pool;
}

export function createPg(databaseUrl: string, poolSize = 10): Pg {
  return createPool(databaseUrl, poolSize);
}

/**
 * A connection the server ends (a restart: 57P01) emits 'error'. The pool hears
 * it while the connection is idle, a query while one runs; in the moments
 * between (handed out by the pool, not yet querying) nobody did, and an unheard
 * 'error' ends the process — the PostgreSQL restart test caught it. Every client
 * now keeps a listener for its whole life; the pool still drops the broken
 * connection and the request still gets its error (decision 0048).
 */
function hearClientErrors(pool: pg.Pool): void {
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

/** A wait for a lock past `lock_timeout` (55P03), from `pg` or through Prisma's adapter. */
export function isLockTimeout(err: unknown): boolean {
  const text = String((err as { message?: unknown })?.message ?? '');
  return (
    (err as { code?: unknown })?.code === '55P03' ||
    text.includes('55P03') ||
    text.includes('lock timeout')
  );
}
