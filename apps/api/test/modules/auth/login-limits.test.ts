import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../../src/modules/auth/login-limits.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createUser } from '../../helpers/factories.ts';
import { expectWait, loginAttempts, sleep } from '../../helpers/login-attempts.ts';

const PASSWORD = 'Pacaya-en-Erupcion-2027';
const WRONG = 'no-es-la-clave-2027';

describe('login limits: failures slow the pair and the address down, never lock the account', () => {
  let t: TestApp;
  const { attempt, bodies, secrets } = loginAttempts(() => t);
  secrets.push(PASSWORD, WRONG);
  let ipCount = 0;
  const newIp = () => `192.0.2.${(ipCount += 1)}`;
  const unique = () => randomBytes(4).toString('hex');

  async function newUser(roles: ('Viewer' | 'Admin')[] = ['Viewer']) {
    const user = await createUser(t.database.db, { password: PASSWORD, withViewer: true, roles });
    secrets.push(user.passwordHash);
    return user;
  }

  async function failTimes(email: string, ip: string, times: number) {
    for (let i = 0; i < times; i += 1) {
      expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the budgets are those of the decision record', () => {
    const waits = { firstWaitSeconds: 1, maxWaitSeconds: 900 };
    expect(LOGIN_LIMITS).toEqual({
      perPair: { waitFromFailure: 5, ...waits, memorySeconds: 3600 },
      perAddress: { waitFromFailure: 20, ...waits, memorySeconds: 3600 },
      perAccount: { waitFromFailure: 50, ...waits, memorySeconds: 86_400 },
      perDevice: { waitFromFailure: 5, ...waits, memorySeconds: 3600 },
    });
  });

  it('after 5 wrong passwords from one address, the right one from another address still gets in', async () => {
    const user = await newUser();
    const attacker = newIp();
    await failTimes(user.email, attacker, LOGIN_LIMITS.perPair.waitFromFailure);
    // The attacker's address waits, even with the right password…
    expectWait(await attempt(user.email, PASSWORD, attacker), 1);
    expectWait(await attempt(user.email.toUpperCase(), PASSWORD, attacker), { atMost: 1 });
    // …the owner, elsewhere, does not.
    expect((await attempt(user.email, PASSWORD, newIp())).statusCode).toBe(200);
  });

  it('makes the pair wait longer after each failure: 1 s, 2 s, 4 s', async () => {
    const user = await newUser();
    const ip = newIp();
    await failTimes(user.email, ip, LOGIN_LIMITS.perPair.waitFromFailure);
    expectWait(await attempt(user.email, WRONG, ip), 1);
    await sleep(1100);
    expect((await attempt(user.email, WRONG, ip)).statusCode).toBe(401);
    expectWait(await attempt(user.email, WRONG, ip), 2);
    await sleep(2100);
    expect((await attempt(user.email, WRONG, ip)).statusCode).toBe(401);
    expectWait(await attempt(user.email, PASSWORD, ip), 4);
  });

  it('answers an unknown e-mail exactly as an account, so the waits reveal no account', async () => {
    const user = await newUser();
    const unknown = `nadie-${unique()}@taquilla.test`;
    const seen = async (email: string) => {
      const ip = newIp();
      const answers: string[] = [];
      for (let i = 0; i < LOGIN_LIMITS.perPair.waitFromFailure + 2; i += 1) {
        const res = await attempt(email, WRONG, ip);
        answers.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.body}`);
      }
      return answers;
    };
    const forAccount = await seen(user.email);
    expect(forAccount.filter((a) => a.startsWith('401'))).toHaveLength(5);
    expect(await seen(unknown)).toEqual(forAccount);
  });

  it('a right password clears its pair’s failures', async () => {
    const user = await newUser();
    const ip = newIp();
    await failTimes(user.email, ip, LOGIN_LIMITS.perPair.waitFromFailure - 1);
    expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(200);
    // Four free failures again, the fifth starts the wait.
    await failTimes(user.email, ip, LOGIN_LIMITS.perPair.waitFromFailure);
    expectWait(await attempt(user.email, WRONG, ip), 1);
  });

  it('slows an address from its 20th failure over many accounts; other addresses go on', async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_LIMITS.perAddress.waitFromFailure; i += 1) {
      expect((await attempt(`probado-${unique()}@taquilla.test`, WRONG, ip)).statusCode).toBe(401);
    }
    const user = await newUser();
    expectWait(await attempt(user.email, PASSWORD, ip), 1);
    expect((await attempt(user.email, PASSWORD, newIp())).statusCode).toBe(200);
    // A wait, not a lock: once it passes the address may try again.
    await sleep(1100);
    expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('does not count successful logins against a shared address', async () => {
    const ip = newIp();
    const user = await newUser();
    for (let i = 0; i < LOGIN_LIMITS.perAddress.waitFromFailure + 5; i += 1) {
      expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('gives parallel wrong passwords no more tries than one after another', async () => {
    const user = await newUser();
    const ip = newIp();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => attempt(user.email, WRONG, ip)),
    );
    for (const res of burst.filter((r) => r.statusCode !== 401)) expectWait(res, 1);
    let tried = burst.filter((res) => res.statusCode === 401).length;
    // Then one at a time until the pair waits: five tries in all, however they came.
    for (;;) {
      const res = await attempt(user.email, WRONG, ip);
      if (res.statusCode === 429) break;
      expect(res.statusCode).toBe(401);
      tried += 1;
    }
    expect(tried).toBe(LOGIN_LIMITS.perPair.waitFromFailure);
  });

  it('holds the admin to the same rules', async () => {
    const admin = await newUser(['Admin']);
    const attacker = newIp();
    for (let i = 0; i < LOGIN_LIMITS.perPair.waitFromFailure; i += 1) {
      expect((await attempt(admin.email, WRONG, attacker, { role: 'Admin' })).statusCode).toBe(401);
    }
    expectWait(await attempt(admin.email, PASSWORD, attacker, { role: 'Admin' }), 1);
    const elsewhere = await attempt(admin.email, PASSWORD, newIp(), { role: 'Admin' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('never puts a password, its hash, a session token or a device cookie in a body or a log line', () => {
    expect(bodies.length).toBeGreaterThan(50);
    const logs = t.logs.join('\n');
    for (const secret of secrets) {
      for (const body of bodies) expect(body).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
