import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { expectWait, loginAttempts } from '../helpers/login-attempts.ts';

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

  it('counts the addresses of one IPv6 /64 behind the proxy as one client', async () => {
    const statuses = await exhaust(behindProxy, (i) => `2001:db8:7:7:${i.toString(16)}::1`);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The next /64 is another client.
    const next = await behindProxy.app.inject({
      method: 'POST',
      url: '/auth/users/exists',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '2001:db8:7:8::1' },
      body: { email: 'alguien@example.com' },
    });
    expect(next.statusCode).toBe(200);
  });

  it('slows a login pair over its whole /64, and keeps each session’s own address', async () => {
    const { attempt } = loginAttempts(() => behindProxy);
    const password = 'Pacaya-en-Erupcion-2027';
    const user = await createUser(behindProxy.database.db, { password, withViewer: true });
    const proxy = '198.51.100.7';
    for (let i = 1; i <= 5; i += 1) {
      const res = await attempt(user.email, 'no-es-la-clave', proxy, {
        forwardedFor: `2001:db8:9:9:${i}::1`,
      });
      expect(res.statusCode).toBe(401);
    }
    const sameBlock = { forwardedFor: '2001:db8:9:9:ffff:ffff:ffff:fffe' };
    expectWait(await attempt(user.email, password, proxy, sameBlock), { atMost: 1 });
    const ok = await attempt(user.email, password, proxy, { forwardedFor: '2001:db8:9:a::1' });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = await behindProxy.database.db.session.findFirstOrThrow({
      where: { userId: user.id },
    });
    expect(session.ip).toBe('2001:db8:9:a::1');
  });
});
