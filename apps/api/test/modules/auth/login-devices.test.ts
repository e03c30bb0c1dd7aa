import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../../src/modules/auth/login-limits.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createUser } from '../../helpers/factories.ts';
import { deviceCookieOf, expectWait, loginAttempts, sleep } from '../../helpers/login-attempts.ts';

const PASSWORD = 'Pacaya-en-Erupcion-2027';
const WRONG = 'no-es-la-clave-2027';

describe('login limits: a known device gets in while strangers slow the account down', () => {
  let t: TestApp;
  const { attempt, bodies, secrets } = loginAttempts(() => t);
  secrets.push(PASSWORD, WRONG);
  let ipCount = 0;
  const newIp = () => `198.51.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

  async function newUser(role: 'Viewer' | 'Admin' = 'Viewer') {
    const user = await createUser(t.database.db, {
      password: PASSWORD,
      withViewer: true,
      roles: [role],
    });
    secrets.push(user.passwordHash);
    return user;
  }

  /** Signs in with the right password and answers the device cookie the browser keeps. */
  async function signIn(
    email: string,
    role: 'Viewer' | 'Admin' = 'Viewer',
    device?: string,
  ): Promise<string> {
    const res = await attempt(email, PASSWORD, newIp(), { role, ...(device ? { device } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = deviceCookieOf(res.headers['set-cookie']);
    expect(cookie).toBeTruthy();
    return cookie as string;
  }

  /** Wrong passwords, each from an address of its own, a few at a time. */
  async function distributedFailures(email: string, count: number, role: 'Viewer' | 'Admin') {
    for (let done = 0; done < count; done += 4) {
      const batch = Array.from({ length: Math.min(4, count - done) }, () =>
        attempt(email, WRONG, newIp(), { role }),
      );
      for (const res of await Promise.all(batch)) expect(res.statusCode, res.body).toBe(401);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets an httpOnly, SameSite=Strict device cookie for 90 days at a login, after the session cookie', async () => {
    const user = await newUser();
    const res = await attempt(user.email, PASSWORD, newIp());
    expect(res.statusCode).toBe(200);
    const [sid, device] = res.headers['set-cookie'] as string[];
    expect(sid).toMatch(/^sid=/);
    expect(device).toMatch(/^login_device=[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43};/);
    expect(device).toContain('HttpOnly');
    expect(device).toContain('SameSite=Strict');
    expect(device).toContain('Path=/');
    expect(device).toContain(`Max-Age=${90 * 86_400}`);
    // A wrong password sets none.
    expect((await attempt(user.email, WRONG, newIp())).headers['set-cookie']).toBeUndefined();
  });

  it.each(['Viewer', 'Admin'] as const)(
    'lets the owner (%s) in from a known device while a distributed attack has spent the account’s budget; a new device waits',
    async (role) => {
      const user = await newUser(role);
      const half = LOGIN_LIMITS.perAccount.waitFromFailure / 2;
      await distributedFailures(user.email, half, role);
      // The owner signs in midway from a browser: that does not hand the attacker a
      // fresh budget, and the browser is now a known device.
      const device = await signIn(user.email, role);
      await distributedFailures(user.email, half, role);

      // A new device, from a fresh address, with the right password: it waits.
      let wait = expectWait(await attempt(user.email, PASSWORD, newIp(), { role }), 1);
      // The attack goes on once the wait passes, and the wait grows.
      while (wait < 4) {
        await sleep(wait * 1000 + 100);
        expect((await attempt(user.email, WRONG, newIp(), { role })).statusCode).toBe(401);
        wait = expectWait(await attempt(user.email, PASSWORD, newIp(), { role }), wait * 2);
      }
      // Neither a forged cookie nor another account's helps.
      const forged = `${device.slice(0, -3)}AAA`;
      expectWait(await attempt(user.email, PASSWORD, newIp(), { role, device: forged }), {
        atMost: 4,
      });
      const stranger = await newUser(role);
      const strangersDevice = await signIn(stranger.email, role);
      expectWait(await attempt(user.email, PASSWORD, newIp(), { role, device: strangersDevice }), {
        atMost: 4,
      });

      // The owner's browser, from wherever it is today, gets in.
      const known = await attempt(user.email, PASSWORD, newIp(), { role, device });
      expect(known.statusCode, known.body).toBe(200);
    },
    120_000,
  );

  it('lets a known device in from an address slowed down by failures over many accounts', async () => {
    const user = await newUser();
    const device = await signIn(user.email);
    const ip = newIp();
    for (let i = 0; i < LOGIN_LIMITS.perAddress.waitFromFailure; i += 1) {
      expect((await attempt(`probado-${i}-${ip}@taquilla.test`, WRONG, ip)).statusCode).toBe(401);
    }
    expectWait(await attempt(user.email, PASSWORD, ip), { atMost: 1 });
    expect((await attempt(user.email, PASSWORD, ip, { device })).statusCode).toBe(200);
  });

  it('gives a known device its own growing wait for wrong passwords, which nobody else feels', async () => {
    const user = await newUser();
    const device = await signIn(user.email);
    const ip = newIp();
    for (let i = 0; i < LOGIN_LIMITS.perDevice.waitFromFailure; i += 1) {
      expect((await attempt(user.email, WRONG, ip, { device })).statusCode).toBe(401);
    }
    // A stolen cookie guesses no faster than a stranger…
    expectWait(await attempt(user.email, PASSWORD, ip, { device }), 1);
    // …and its failures spent neither the address's nor the pair's budget.
    expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('keeps one browser known for several accounts', async () => {
    const ana = await newUser();
    const beto = await newUser();
    const both = await signIn(beto.email, 'Viewer', await signIn(ana.email));
    expect(both.split('~')).toHaveLength(2);
    const attacker = newIp();
    for (const user of [ana, beto]) {
      for (let i = 0; i < LOGIN_LIMITS.perPair.waitFromFailure; i += 1) {
        expect((await attempt(user.email, WRONG, attacker)).statusCode).toBe(401);
      }
      expectWait(await attempt(user.email, PASSWORD, attacker), { atMost: 1 });
      expect((await attempt(user.email, PASSWORD, attacker, { device: both })).statusCode).toBe(
        200,
      );
    }
  });

  it('never puts a password, its hash, a session token or a device cookie in a body or a log line', () => {
    expect(bodies.length).toBeGreaterThan(100);
    const logs = t.logs.join('\n');
    for (const secret of secrets) {
      for (const body of bodies) expect(body).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
