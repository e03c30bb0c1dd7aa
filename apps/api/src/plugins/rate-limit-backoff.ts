import { rateLimitedMessage } from '@taquilla/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { budgetKey } from './address-key.ts';

/**
 * A budget that slows down instead of locking out (decision 0067): failures
 * are free until the `waitFromFailure`-th, which makes the key wait
 * `firstWaitSeconds` before its next attempt; each further failure doubles the
 * wait, up to `maxWaitSeconds`. Failures are forgotten `memorySeconds` after
 * the last one (longer than the longest wait, or waiting it out would wipe them).
 */
export interface BackoffRule {
  waitFromFailure: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  memorySeconds: number;
}

export interface BackoffBudget {
  key: string;
  rule: BackoffRule;
}

/**
 * While one attempt that could be the failure that starts a wait is being
 * checked (a password costs ~0.1 s of scrypt), others on the same key are
 * refused for this long: parallel attempts cannot all slip in before the wait.
 */
const EDGE_WAIT_MS = 1000;
/** An attempt in flight is forgotten after this, should its process die before it ends. */
const PENDING_TTL_MS = 30_000;

/*
 * Per budget three keys: failures (a count with a sliding TTL), the wait (a key
 * whose TTL is the wait) and the attempts in flight. Both scripts take every
 * budget of an attempt at once, so the check and the count are one step.
 *
 * begin: ARGV = edge wait ms, pending TTL ms, then each budget's waitFromFailure.
 * Answers 0 (attempt admitted, counted as in flight) or the milliseconds to wait.
 */
const BEGIN = `
local longest = 0
local budgets = #KEYS / 3
for b = 0, budgets - 1 do
  local failures = tonumber(redis.call('GET', KEYS[b * 3 + 1]) or '0')
  local wait = redis.call('PTTL', KEYS[b * 3 + 2])
  local pending = tonumber(redis.call('GET', KEYS[b * 3 + 3]) or '0')
  if wait > longest then longest = wait end
  if pending > 0 and failures + pending + 1 >= tonumber(ARGV[3 + b]) then
    longest = math.max(longest, tonumber(ARGV[1]))
  end
end
if longest > 0 then return longest end
for b = 0, budgets - 1 do
  redis.call('INCR', KEYS[b * 3 + 3])
  redis.call('PEXPIRE', KEYS[b * 3 + 3], ARGV[2])
end
return 0
`;

/**
 * end: ARGV = 1 when the attempt failed else 0, then per budget
 * waitFromFailure, first wait ms, max wait ms, memory seconds.
 */
const END = `
local failed = ARGV[1] == '1'
local budgets = #KEYS / 3
for b = 0, budgets - 1 do
  local failuresKey, waitKey, pendingKey = KEYS[b * 3 + 1], KEYS[b * 3 + 2], KEYS[b * 3 + 3]
  if redis.call('DECR', pendingKey) <= 0 then redis.call('DEL', pendingKey) end
  if failed then
    local from = tonumber(ARGV[2 + b * 4])
    local n = redis.call('INCR', failuresKey)
    redis.call('EXPIRE', failuresKey, ARGV[5 + b * 4])
    if n >= from then
      local ms = math.min(tonumber(ARGV[3 + b * 4]) * 2 ^ (n - from), tonumber(ARGV[4 + b * 4]))
      redis.call('SET', waitKey, n, 'PX', math.floor(ms))
    end
  end
end
return 0
`;

/** Progressive budgets in Redis, shared by every API instance; see `BackoffRule`. */
export function createBackoffBudgets(deps: { redis: Redis; namespace: string }) {
  /** A budget's failures, wait and attempts in flight. */
  const keysFor = (key: string) => {
    const counted = budgetKey(key);
    return [
      `${deps.namespace}:rl:${counted}`,
      `${deps.namespace}:rl-wait:${counted}`,
      `${deps.namespace}:rl-pending:${counted}`,
    ] as const;
  };
  const keysOf = (budgets: BackoffBudget[]) => budgets.flatMap(({ key }) => keysFor(key));

  return {
    /**
     * Admits an attempt, or throws RATE_LIMITED (429) with Retry-After and a
     * message naming the wait when any budget is waiting, or is at the edge
     * of its free failures with another attempt in flight. An admitted
     * attempt must be ended with `endAttempt`, whatever happens.
     */
    async beginAttempt(budgets: BackoffBudget[]): Promise<void> {
      if (budgets.length === 0) return;
      const waitMs = Number(
        await deps.redis.eval(
          BEGIN,
          budgets.length * 3,
          ...keysOf(budgets),
          EDGE_WAIT_MS,
          PENDING_TTL_MS,
          ...budgets.map(({ rule }) => rule.waitFromFailure),
        ),
      );
      if (waitMs > 0) {
        const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new AppError('RATE_LIMITED', {
          retryAfterSeconds,
          message: rateLimitedMessage(retryAfterSeconds),
        });
      }
    },

    /** Ends an admitted attempt; a failed one counts on every budget and may start a wait. */
    async endAttempt(budgets: BackoffBudget[], outcome: { failed: boolean }): Promise<void> {
      if (budgets.length === 0) return;
      await deps.redis.eval(
        END,
        budgets.length * 3,
        ...keysOf(budgets),
        outcome.failed ? 1 : 0,
        ...budgets.flatMap(({ rule }) => [
          rule.waitFromFailure,
          rule.firstWaitSeconds * 1000,
          rule.maxWaitSeconds * 1000,
          rule.memorySeconds,
        ]),
      );
    },

    /** Forgets a budget's failures and its wait (a right password clears its pair's). */
    async forgetFailures(key: string): Promise<void> {
      const [failures, wait] = keysFor(key);
      await deps.redis.del(failures, wait);
    },
  };
}

export type BackoffBudgets = ReturnType<typeof createBackoffBudgets>;
