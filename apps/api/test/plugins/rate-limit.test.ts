import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { isAppError } from '../../src/errors.ts';
import { createRedis } from '../../src/infra/redis.ts';
import { createRateLimiter } from '../../src/plugins/rate-limit.ts';
import type { RateLimiter } from '../../src/plugins/rate-limit.ts';

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

  it('counts the addresses of one IPv6 /64 as one address, and an IPv4-mapped one as IPv4', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    const rule = { limit: 2, windowSeconds: 60 };
    await limiter.consume([{ key: 'promo:ip:2001:db8:1:2:a::1', rule }]);
    await limiter.consume([{ key: 'promo:ip:2001:db8:1:2:b::2', rule }]);
    await expect(
      limiter.consume([{ key: 'promo:ip:2001:db8:1:2:ffff::9', rule }]),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await limiter.consume([{ key: 'promo:ip:2001:db8:1:3::1', rule }]);

    await limiter.consume([{ key: 'promo:ip:::ffff:1.2.3.4', rule }]);
    await limiter.consume([{ key: 'promo:ip:1.2.3.4', rule }]);
    await expect(limiter.check([{ key: 'promo:ip:1.2.3.4', rule }])).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    await limiter.reset('promo:ip:2001:db8:1:2:c::3');
    await limiter.consume([{ key: 'promo:ip:2001:db8:1:2:a::1', rule }]);
  });
});

describe('progressive budgets (backoff)', () => {
  const redis = createRedis(inject('redisUrl'));
  afterAll(() => redis.disconnect());
  const rule = { waitFromFailure: 3, firstWaitSeconds: 1, maxWaitSeconds: 2, memorySeconds: 60 };

  async function fail(limiter: RateLimiter, key: string) {
    await limiter.beginAttempt([{ key, rule }]);
    await limiter.endAttempt([{ key, rule }], { failed: true });
  }
  const refusal = (limiter: RateLimiter, key: string) =>
    limiter.beginAttempt([{ key, rule }]).then(
      () => null,
      (e: unknown) => e,
    );

  it('is free until the nth failure, then waits 1 s, 2 s… up to the cap, saying so in Spanish', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    await fail(limiter, 'k');
    await fail(limiter, 'k');
    expect(await refusal(limiter, 'k')).toBeNull();
    await limiter.endAttempt([{ key: 'k', rule }], { failed: true });
    const first = await refusal(limiter, 'k');
    expect(isAppError(first) && first.options).toMatchObject({ retryAfterSeconds: 1 });
    expect(isAppError(first) && first.message).toBe(
      'Demasiados intentos. Por favor espera 1 segundo y vuelve a intentar.',
    );
    await new Promise((r) => setTimeout(r, 1050));
    await fail(limiter, 'k');
    const second = await refusal(limiter, 'k');
    expect(isAppError(second) && second.options.retryAfterSeconds).toBe(2);
    expect(isAppError(second) && second.message).toContain('espera 2 segundos');
    await new Promise((r) => setTimeout(r, 2050));
    await fail(limiter, 'k');
    // 4 s would be next, but the cap is 2 s.
    const capped = await refusal(limiter, 'k');
    expect(isAppError(capped) && capped.options.retryAfterSeconds).toBe(2);
  });

  it('refuses a second attempt at the edge while the first is in flight', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    await fail(limiter, 'k');
    // Two free failures left: two attempts may be in flight, not three.
    await limiter.beginAttempt([{ key: 'k', rule }]);
    const atEdge = await refusal(limiter, 'k');
    expect(isAppError(atEdge) && atEdge.options.retryAfterSeconds).toBe(1);
    await limiter.endAttempt([{ key: 'k', rule }], { failed: false });
    expect(await refusal(limiter, 'k')).toBeNull();
  });

  it('counts nothing for an attempt that did not fail, and forgets a key’s failures and wait', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    for (let i = 0; i < 5; i += 1) {
      await limiter.beginAttempt([{ key: 'k', rule }]);
      await limiter.endAttempt([{ key: 'k', rule }], { failed: false });
    }
    await fail(limiter, 'k');
    await fail(limiter, 'k');
    await fail(limiter, 'k');
    expect(isAppError(await refusal(limiter, 'k'))).toBe(true);
    await limiter.forgetFailures('k');
    expect(await refusal(limiter, 'k')).toBeNull();
  });

  it('waits when any of the attempt’s budgets waits, and counts a failure on each', async () => {
    const limiter = createRateLimiter({ redis, namespace: `t-${randomUUID()}` });
    const patient = { key: 'b', rule: { ...rule, waitFromFailure: 10 } };
    const both = [{ key: 'a', rule }, patient];
    for (let i = 0; i < 3; i += 1) {
      await limiter.beginAttempt(both);
      await limiter.endAttempt(both, { failed: true });
    }
    await expect(limiter.beginAttempt(both)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(limiter.beginAttempt([patient])).resolves.toBeUndefined();
  });
});
