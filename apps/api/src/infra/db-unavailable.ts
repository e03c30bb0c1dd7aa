/**
 * Whether an error means PostgreSQL cannot be reached right now (down,
 * restarting, connections cut), as opposed to a bad query: such a request is
 * answered 503 with Retry-After, not 500 (decision 0048). Both paths to the
 * database are covered: Prisma through its pg driver adapter, and the plain
 * `pg` pool of the hot statements.
 */

/** Prisma: can't reach (P1001), timed out (P1002), closed (P1017), pool timeout (P2024). */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** The driver adapter's kinds for a lost or refused connection. */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/** Sockets refused, reset or timed out. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/**
 * SQLSTATE classes 08 (connection exception) and 57P (operator intervention:
 * admin shutdown, crash shutdown, cannot connect now), and 53300 (too many
 * connections).
 */
const isUnavailableSqlState = (code: string) =>
  code.startsWith('08') || code.startsWith('57P') || code === '53300';
/** node-postgres's own words for a connection that went away. */
const PG_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown } } };
}

function matches(error: ErrorLike): boolean {
  if (error.name === 'PrismaClientInitializationError') return true;
  const code = typeof error.code === 'string' ? error.code : '';
  if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
  const adapter = error.meta?.driverAdapterError?.cause;
  if (adapter) {
    if (typeof adapter.kind === 'string' && ADAPTER_KINDS.has(adapter.kind)) return true;
    if (adapter.kind === 'postgres' && typeof adapter.code === 'string') {
      return isUnavailableSqlState(adapter.code);
    }
  }
  return typeof error.message === 'string' && PG_MESSAGES.test(error.message);
}

/** Whether the error, or any error in its `cause` chain (five deep), satisfies `test`. */
function inCauseChain(error: unknown, test: (e: ErrorLike) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if (test(current as ErrorLike)) return true;
    current = (current as ErrorLike).cause;
  }
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return inCauseChain(error, matches);
}

/**
 * Whether a transaction could not even start in time (Prisma P2028): every
 * pooled connection was busy past `maxWait`. The database is up but saturated,
 * as in the first seconds of a big on-sale; the caller is asked to try again
 * shortly (503 with Retry-After), never told of a failure it did not cause.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return inCauseChain(error, (e) => e.code === 'P2028');
}
