import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { budgetKey } from './address-key.ts';
import { createBackoffBudgets } from './rate-limit-backoff.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts in Redis, so every API instance shares the budget. Fixed windows:
 * INCR then EXPIRE on the first hit, atomically in one MULTI. A key is what is
 * limited, e.g. `promo:ip:203.0.113.9` or `signup:email:<hash>`; a key ending
 * in `ip:<address>` counts an IPv6 address by its /64 (`budgetKey`, decision
 * 0067). The login's budgets slow down instead (`rate-limit-backoff.ts`).
 */
export function createRateLimiter(deps: { redis: Redis; namespace: string }) {
  const prefix = `${deps.namespace}:rl:`;
  const redisKeyOf = (key: string) => prefix + budgetKey(key);

  async function hit(key: string, rule: RateLimitRule) {
    const redisKey = redisKeyOf(key);
    const result = await deps.redis
      .multi()
      .incr(redisKey)
      .expire(redisKey, rule.windowSeconds, 'NX')
      .ttl(redisKey)
      .exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? rule.windowSeconds);
    return { count, retryAfterSeconds: ttl > 0 ? ttl : rule.windowSeconds };
  }

  return {
    ...createBackoffBudgets(deps),
    /**
     * Spends one attempt on every key; past any key's limit it throws
     * RATE_LIMITED (429) with Retry-After. All keys are counted, so an
     * attacker spreading attempts over IPs still meets the per-account limit.
     */
    async consume(keys: { key: string; rule: RateLimitRule }[]): Promise<void> {
      const results = await Promise.all(keys.map(({ key, rule }) => hit(key, rule)));
      const exceeded = results
        .map((r, i) => ({ ...r, limit: keys[i]?.rule.limit ?? 0 }))
        .filter((r) => r.count > r.limit);
      if (exceeded.length > 0) {
        const retryAfterSeconds = Math.max(...exceeded.map((r) => r.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', { retryAfterSeconds });
      }
    },
    /**
     * Refuses like `consume` when any key has already spent its budget, but
     * spends nothing: for budgets that count failures only (login), checked
     * before the attempt and consumed after a failed one.
     */
    async check(keys: { key: string; rule: RateLimitRule }[]): Promise<void> {
      const results = await Promise.all(
        keys.map(async ({ key, rule }) => {
          const result = await deps.redis.multi().get(redisKeyOf(key)).ttl(redisKeyOf(key)).exec();
          const count = Number(result?.[0]?.[1] ?? 0);
          const ttl = Number(result?.[1]?.[1] ?? rule.windowSeconds);
          return {
            count,
            limit: rule.limit,
            retryAfterSeconds: ttl > 0 ? ttl : rule.windowSeconds,
          };
        }),
      );
      const exhausted = results.filter((r) => r.count >= r.limit);
      if (exhausted.length > 0) {
        const retryAfterSeconds = Math.max(...exhausted.map((r) => r.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', { retryAfterSeconds });
      }
    },
    /** Forgets a key (e.g. a successful login clears the account's failures). */
    async reset(key: string): Promise<void> {
      await deps.redis.del(redisKeyOf(key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
