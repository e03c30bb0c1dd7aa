import { createHash } from 'node:crypto';
import { isErrorCode } from '@taquilla/contract';
import { AppError, isAppError } from '../../errors.ts';
import { execute, rows } from '../../infra/pg.ts';
import type { Db } from '../../infra/db.ts';
import type { Pg } from '../../infra/pg.ts';

/** How long a key answers with its first result. */
const KEY_TTL_MS = 24 * 3600_000;
/** How long a retry waits for the first request still running before answering "in progress". */
const WAIT_MS = 30_000;
const POLL_MS = 50;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** A hash of what the request asks, so a key reused with other data is caught. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function replay(answer: StoredAnswer): StoredAnswer {
  if (answer.status >= 400) {
    const body = answer.body as { error?: unknown; message?: string; response_code?: string };
    if (typeof body.error === 'string' && isErrorCode(body.error)) {
      throw new AppError(body.error, {
        ...(body.message ? { message: body.message } : {}),
        ...(body.response_code ? { responseCode: body.response_code } : {}),
      });
    }
  }
  return answer;
}

/**
 * `Idempotency-Key` (ARCHITECTURE §4): the first request with a key runs;
 * every retry gets its answer (waiting while it runs), so ten requests at
 * once place one order and charge once. A key reused with another body
 * answers 422. A refusal (4xx) is an answer like any other; a crash (5xx)
 * frees the key so the buyer may retry.
 */
export async function withIdempotency(
  db: Pg,
  input: { scope: string; key: string; hash: string; now: Date },
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const claimed = await execute(
    db,
    {
      name: 'idempotency.claim',
      text: `INSERT INTO idempotency_keys (scope, key, request_hash, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (scope, key) DO NOTHING`,
    },
    [input.scope, input.key, input.hash, input.now, new Date(input.now.getTime() + KEY_TTL_MS)],
  );
  if (claimed.rowCount === 1) {
    let answer: StoredAnswer;
    try {
      answer = await run();
    } catch (err) {
      if (isAppError(err) && err.status < 500) {
        await store(db, input, {
          status: err.status,
          body: {
            error: err.code,
            message: err.message,
            ...(err.options.responseCode ? { response_code: err.options.responseCode } : {}),
          },
        });
      } else {
        await execute(
          db,
          {
            name: 'idempotency.free',
            text: 'DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2',
          },
          [input.scope, input.key],
        );
      }
      throw err;
    }
    await store(db, input, answer);
    return answer;
  }
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await rows<{
      requestHash: string;
      responseStatus: number | null;
      responseBody: unknown;
    }>(
      db,
      {
        name: 'idempotency.read',
        text: `SELECT request_hash AS "requestHash", response_status AS "responseStatus",
                      response_body AS "responseBody"
                 FROM idempotency_keys WHERE scope = $1 AND key = $2`,
      },
      [input.scope, input.key],
    );
    if (!row) break;
    if (row.requestHash !== input.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.responseStatus !== null) {
      return replay({ status: row.responseStatus, body: row.responseBody });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new AppError('ORDER_IN_PROGRESS');
}

async function store(db: Pg, input: { scope: string; key: string }, answer: StoredAnswer) {
  await execute(
    db,
    {
      name: 'idempotency.answer',
      text: `UPDATE idempotency_keys SET response_status = $1, response_body = $2::jsonb
              WHERE scope = $3 AND key = $4`,
    },
    [answer.status, JSON.stringify(answer.body), input.scope, input.key],
  );
}

/** Keys past their retention go (the sweeper's work, every minute). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const keys = await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return keys.count;
}
