import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/modules/auth/auth.service.ts';
import { createTestApp } from './helpers/app.ts';
import type { TestApp } from './helpers/app.ts';
import { sessionCookieOf } from './helpers/auth.ts';
import { createUser } from './helpers/factories.ts';
import { expectRateLimited } from './helpers/rate-limited.ts';

const PASSWORD = 'Pacaya-en-Erupcion-2027';
const WRONG = 'no-es-la-clave-2027';

describe('login rate limits: failures per address and per account (429, Retry-After)', () => {
  let t: TestApp;
  const bodies: string[] = [];
  const secrets: string[] = [PASSWORD, WRONG];
  let ipCount = 0;
  const newIp = () => `192.0.2.${(ipCount += 1)}`;
  const unique = () => randomBytes(4).toString('hex');

  async function attempt(email: string, password: string, ip: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password, role: 'Viewer', forceLogin: true },
      remoteAddress: ip,
    });
    bodies.push(res.body);
    const token = sessionCookieOf(res.headers['set-cookie']);
    if (token) secrets.push(token);
    return res;
  }

  async function newUser() {
    const user = await createUser(t.database.db, { password: PASSWORD, withViewer: true });
    secrets.push(user.passwordHash);
    return user;
  }

  function expectLimited(res: Awaited<ReturnType<typeof attempt>>, windowSeconds: number) {
    expectRateLimited(res, windowSeconds);
    expect(res.headers['set-cookie']).toBeUndefined();
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the limits are those of the decision record', () => {
    expect(LOGIN_LIMITS.perAccount).toEqual({ limit: 5, windowSeconds: 900 });
    expect(LOGIN_LIMITS.perIp).toEqual({ limit: 20, windowSeconds: 900 });
  });

  it('locks an account after 5 failures even from 5 different addresses, right password included', async () => {
    const user = await newUser();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i += 1) {
      expect((await attempt(user.email, WRONG, newIp())).statusCode).toBe(401);
    }
    // A sixth address, and now the right password: still refused, so guessing stops here.
    expectLimited(await attempt(user.email, PASSWORD, newIp()), 900);
    expectLimited(await attempt(user.email.toUpperCase(), PASSWORD, newIp()), 900);
    expect(await t.database.db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('counts an unknown e-mail the same way, so the limit reveals no account', async () => {
    const email = `nadie-${unique()}@taquilla.test`;
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i += 1) {
      expect((await attempt(email, WRONG, newIp())).statusCode).toBe(401);
    }
    expectLimited(await attempt(email, WRONG, newIp()), 900);
  });

  it('a successful login clears the account’s failures', async () => {
    const user = await newUser();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit - 1; i += 1) {
      expect((await attempt(user.email, WRONG, newIp())).statusCode).toBe(401);
    }
    expect((await attempt(user.email, PASSWORD, newIp())).statusCode).toBe(200);
    // A full budget again: five more failures answer 401, the sixth 429.
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i += 1) {
      expect((await attempt(user.email, WRONG, newIp())).statusCode).toBe(401);
    }
    expectLimited(await attempt(user.email, WRONG, newIp()), 900);
  });

  it('locks an address after 20 failures over many accounts; other addresses go on', async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i += 1) {
      const res = await attempt(`probado-${unique()}@taquilla.test`, WRONG, ip);
      expect(res.statusCode).toBe(401);
    }
    const user = await newUser();
    expectLimited(await attempt(user.email, PASSWORD, ip), 900);
    expect((await attempt(user.email, PASSWORD, newIp())).statusCode).toBe(200);
  });

  it('does not count successful logins against a shared address', async () => {
    const ip = newIp();
    const user = await newUser();
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit + 5; i += 1) {
      expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('never puts a password, its hash or a session token in a body or a log line', () => {
    expect(bodies.length).toBeGreaterThan(50);
    const logs = t.logs.join('\n');
    for (const secret of secrets) {
      for (const body of bodies) expect(body).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
