import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
import type { TestApp } from './helpers/app.ts';

/** POST /auth/users/exists allows 30 calls per IP per 10 minutes. */
async function exhaust(t: TestApp, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/users/exists',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': forwardedFor(i) },
      body: { email: 'alguien@example.com' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('client address behind proxies', () => {
  let direct: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    behindProxy = await createTestApp({ config: { TRUST_PROXY_HOPS: '1' } });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it('ignores a forged X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const statuses = await exhaust(direct, (i) => `203.0.113.${i}`);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits the forwarded client address when one proxy hop is trusted', async () => {
    const statuses = await exhaust(behindProxy, (i) => `203.0.113.${i}`);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
