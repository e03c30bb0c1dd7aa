import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { isAppError } from '../src/errors.ts';
import { createRedis } from '../src/infra/redis.ts';
import { createRateLimiter } from '../src/plugins/rate-limit.ts';

describe('rate limiter', () => {
  const redis = createRedis(inject('redisUrl'));
  afterAll(() => redis.disconnect());

  it('allows the limit, then refuses with RATE_LIMITED and a Retry-After within the window', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    const rule = { limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i += 1) await limiter.consume([{ key: 'login:ip:1', rule }]);
    const refused = await limiter.consume([{ key: 'login:ip:1', rule }]).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe('RATE_LIMITED');
    const retryAfter = isAppError(refused) ? refused.options.retryAfterSeconds : 0;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts every key: one over its limit refuses even when the others are fine', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    const account = { key: 'login:account:ana@example.com', rule: { limit: 2, windowSeconds: 60 } };
    await limiter.consume([
      { key: 'login:ip:a', rule: { limit: 100, windowSeconds: 60 } },
      account,
    ]);
    await limiter.consume([
      { key: 'login:ip:b', rule: { limit: 100, windowSeconds: 60 } },
      account,
    ]);
    await expect(
      limiter.consume([{ key: 'login:ip:c', rule: { limit: 100, windowSeconds: 60 } }, account]),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('check refuses a spent budget without spending any of it', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    const rule = { limit: 2, windowSeconds: 60 };
    const keys = [{ key: 'login:account:x', rule }];
    for (let i = 0; i < 5; i += 1) await limiter.check(keys);
    await limiter.consume(keys);
    await limiter.consume(keys);
    const refused = await limiter.check(keys).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe('RATE_LIMITED');
    expect(isAppError(refused) ? refused.options.retryAfterSeconds : 0).toBeGreaterThan(0);
    await limiter.reset('login:account:x');
    await limiter.check(keys);
  });

  it('starts again after reset or when the window passes', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    const rule = { limit: 1, windowSeconds: 1 };
    await limiter.consume([{ key: 'k', rule }]);
    await expect(limiter.consume([{ key: 'k', rule }])).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    await limiter.reset('k');
    await limiter.consume([{ key: 'k', rule }]);
    await new Promise((r) => setTimeout(r, 1100));
    await limiter.consume([{ key: 'k', rule }]);
  });
});
