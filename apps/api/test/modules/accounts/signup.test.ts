import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignupService } from '../../../src/modules/accounts/signup.service.ts';
import { createAuthService } from '../../../src/modules/auth/auth.service.ts';
import { createRateLimiter } from '../../../src/plugins/rate-limit.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { login, sessionCookieOf } from '../../helpers/auth.ts';
import { createUser } from '../../helpers/factories.ts';
import { startTestMailWorker, startTestSmtp } from '../../helpers/mail.ts';
import type { TestMailWorker, TestSmtp } from '../../helpers/mail.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const HOUR = 3_600_000;
const PUBLIC_URL = 'https://boletos.example.gt';
const PASSWORD = 'Volcan-de-Agua-2027';
const VERIFY_LINK = /https:\/\/boletos\.example\.gt\/email\/verify\/([A-Za-z0-9_-]{43})/;

describe('signup: exists → create user → create viewer → create session (002 §4)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let worker: TestMailWorker;
  /** Every response body, and every secret this file handled: no body may hold a secret. */
  const bodies: string[] = [];
  const secrets: string[] = [PASSWORD];
  let ipCount = 0;
  /** Each test calls from addresses of its own, so per-IP budgets do not leak between tests. */
  const newIp = () => `203.0.113.${(ipCount += 1)}`;
  const unique = () => randomBytes(4).toString('hex');
  const newEmail = () => `Persona.${unique()}@Correo.GT`;

  async function call(options: InjectOptions) {
    const res = await t.app.inject({ remoteAddress: newIp(), ...options });
    bodies.push(res.body);
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    if (cookie) secrets.push(cookie);
    return res;
  }

  function signupPayload(email: string, extra: Record<string, unknown> = {}) {
    return {
      username: email,
      email,
      password: PASSWORD,
      fullname: 'Ana Pérez',
      roles: ['Viewer'],
      ...extra,
    };
  }

  /** Signs up through POST /auth/users and answers the new account's ids and cookie. */
  async function signUp(email = newEmail()) {
    const res = await call({ method: 'POST', url: '/auth/users', payload: signupPayload(email) });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { user: { _id: string }; session: { _id: string } };
    const token = sessionCookieOf(res.headers['set-cookie']) as string;
    return {
      email: email.toLowerCase(),
      userId: body.user._id,
      sessionId: body.session._id,
      cookie: { cookie: `sid=${token}` },
    };
  }

  const usersWithEmail = (email: string) =>
    t.database.db.user.count({ where: { email: email.toLowerCase() } });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ now: NOW, config: { SMTP_URL: smtp.url, PUBLIC_URL } });
    worker = startTestMailWorker(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  it('runs the four calls over HTTP, carried by the cookie the second one sets', async () => {
    const email = newEmail();
    const exists = await call({
      method: 'POST',
      url: '/auth/users/exists',
      payload: { email },
    });
    expect(exists.statusCode, exists.body).toBe(200);
    expect(exists.json()).toEqual({ userExists: false });

    const created = await call({
      method: 'POST',
      url: '/auth/users',
      payload: signupPayload(email),
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as {
      user: { _id: string };
      session: { _id: string };
    };
    const lower = email.toLowerCase();
    expect(body).toEqual({
      user: {
        _id: expect.any(String),
        username: lower,
        email: lower,
        fullname: 'Ana Pérez',
        firstname: null,
        lastname: null,
        phone: null,
        country: 'GT',
        createdAt: NOW.toISOString(),
        roles: ['Viewer'],
      },
      session: {
        _id: expect.any(String),
        user_uid: body.user._id,
        username: lower,
        role: 'Viewer',
        expiresAt: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
      },
    });
    const setCookie = String(created.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const token = sessionCookieOf(created.headers['set-cookie']) as string;
    const cookie = { cookie: `sid=${token}` };

    const db = t.database.db;
    const user = await db.user.findUniqueOrThrow({
      where: { id: body.user._id },
      include: { viewer: true, sessions: true },
    });
    expect(user.email).toBe(lower);
    expect(user.roles).toEqual(['Viewer']);
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);
    secrets.push(user.passwordHash);
    expect(user.viewer).not.toBeNull();
    expect(user.sessions.map((s) => s.id)).toEqual([body.session._id]);
    expect(user.sessions[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));

    const existsNow = await call({
      method: 'POST',
      url: '/auth/users/exists',
      payload: { email: email.toUpperCase() },
    });
    expect(existsNow.json()).toEqual({ userExists: true });

    const viewer = await call({
      method: 'POST',
      url: '/viewers/viewers',
      headers: cookie,
      payload: { user_uid: body.user._id },
    });
    expect(viewer.statusCode, viewer.body).toBe(201);
    expect(viewer.json()).toEqual({ _id: user.viewer?.id, user_uid: body.user._id });
    const again = await call({
      method: 'POST',
      url: '/viewers/viewers',
      headers: cookie,
      payload: { user_uid: body.user._id },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(viewer.json());
    expect(await db.viewer.count({ where: { userId: body.user._id } })).toBe(1);

    const session = await call({
      method: 'POST',
      url: '/auth/sessions',
      headers: cookie,
      payload: { user_uid: body.user._id, username: lower, role: 'Viewer' },
    });
    expect(session.statusCode, session.body).toBe(201);
    expect(session.json()).toEqual({
      user: body.user,
      session: body.session,
      viewer: { _id: user.viewer?.id, user_uid: body.user._id },
    });
    // The last step confirms the session the signup started; it mints none.
    expect(session.headers['set-cookie']).toBeUndefined();
    expect(await db.session.count({ where: { userId: body.user._id } })).toBe(1);

    const viewerOfUser = await call({
      method: 'GET',
      url: `/viewers/user/${body.user._id}`,
      headers: cookie,
    });
    expect(viewerOfUser.statusCode).toBe(200);
    expect(viewerOfUser.json()).toEqual({ _id: user.viewer?.id, user_uid: body.user._id });
  });

  it('e-mails the new account a link that verifies its address', async () => {
    const account = await signUp();
    const mail = await smtp.waitForMail(
      (m) => m.to === account.email && m.subject === 'Verifica tu correo en Taquilla',
    );
    const token = VERIFY_LINK.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    secrets.push(token as string);

    const verified = await call({ method: 'GET', url: `/auth/email/verify/${token}` });
    expect(verified.statusCode, verified.body).toBe(200);
    const profile = await call({
      method: 'GET',
      url: `/users/${account.userId}`,
      headers: account.cookie,
    });
    expect(profile.json()).toMatchObject({ emailVerified: true });
  });

  describe('the verification e-mail, seen from the service', () => {
    function signupWith(send: (userId: string) => Promise<void>, errors: object[]) {
      const db = t.database.db;
      const rateLimiter = createRateLimiter({ redis: t.redis, namespace: `signup-${unique()}` });
      const clock = () => NOW;
      const auth = createAuthService({ db, clock, sessionTtlHours: 24, rateLimiter });
      return createSignupService({
        db,
        clock,
        auth,
        rateLimiter,
        emailVerification: { send },
        log: { error: (o) => errors.push(o) },
      });
    }
    const body = (email: string) => ({
      email,
      password: PASSWORD,
      fullname: 'Ana Pérez',
      roles: ['Viewer' as const],
    });
    const meta = { ip: '198.51.100.77', userAgent: null };

    it('is asked for only once the account has committed', async () => {
      const email = newEmail().toLowerCase();
      const seenBySend: (string | null)[] = [];
      const signup = signupWith(async (userId) => {
        // Another connection than the signup's transaction: sees only committed rows.
        const row = await t.database.db.user.findUnique({
          where: { id: userId },
          include: { viewer: true, sessions: true },
        });
        seenBySend.push(row && row.viewer && row.sessions.length === 1 ? row.email : null);
      }, []);
      const result = await signup.createUser(body(email), meta);
      secrets.push(result.token);
      expect(seenBySend).toEqual([email]);
    });

    it('keeps the new account when the e-mail cannot be queued, and logs why', async () => {
      const email = newEmail().toLowerCase();
      const errors: object[] = [];
      const signup = signupWith(async () => {
        throw new Error('cola de correo no disponible');
      }, errors);
      const result = await signup.createUser(body(email), meta);
      secrets.push(result.token);
      expect(result.answer.user.email).toBe(email);
      expect(await usersWithEmail(email)).toBe(1);
      expect(errors).toEqual([
        expect.objectContaining({ userId: result.answer.user._id, err: expect.any(Error) }),
      ]);
    });
  });

  it('answers 409 for an e-mail already registered, in any letter case, and changes nothing', async () => {
    const existing = await createUser(t.database.db, {
      password: 'Otra-Clave-Larga-1',
      email: `registrada-${unique()}@taquilla.test`,
    });
    const res = await call({
      method: 'POST',
      url: '/auth/users',
      payload: signupPayload(existing.email.toUpperCase()),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      error: 'USER_ALREADY_EXISTS',
      message: 'Ya existe un usuario registrado con ese correo',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const after = await t.database.db.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(after.passwordHash).toBe(existing.passwordHash);
    expect(after.fullname).toBe(existing.fullname);
    expect(await usersWithEmail(existing.email)).toBe(1);
  });

  it('lets only one of two simultaneous signups with the same e-mail through', async () => {
    const email = newEmail();
    const results = await Promise.all(
      [1, 2].map(() => call({ method: 'POST', url: '/auth/users', payload: signupPayload(email) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('refuses short and common passwords with 422 naming `password`, and creates nothing', async () => {
    const cases = [
      { password: 'corta1', message: 'La contraseña debe tener al menos 8 caracteres' },
      { password: 'contraseña', message: 'Esta contraseña es muy común. Elige otra.' },
      { password: 'Guatemala2027!', message: 'Esta contraseña es muy común. Elige otra.' },
      { password: '12345678', message: 'Esta contraseña es muy común. Elige otra.' },
      { password: 'P@ssw0rd1', message: 'Esta contraseña es muy común. Elige otra.' },
    ];
    for (const { password, message } of cases) {
      const email = newEmail();
      const res = await call({
        method: 'POST',
        url: '/auth/users',
        payload: signupPayload(email, { password }),
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json(), password).toMatchObject({
        error: 'VALIDATION_ERROR',
        fields: [{ field: 'password', message }],
      });
      expect(await usersWithEmail(email)).toBe(0);
    }
  });

  it('refuses any role but exactly ["Viewer"] with 403, and creates nothing', async () => {
    for (const roles of [['Admin'], ['Producer'], ['Viewer', 'Admin'], []]) {
      const email = newEmail();
      const res = await call({
        method: 'POST',
        url: '/auth/users',
        payload: signupPayload(email, { roles }),
      });
      expect(res.statusCode, JSON.stringify(roles)).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await usersWithEmail(email)).toBe(0);
    }
  });

  it('answers 403 to viewer and session calls naming another user, and creates nothing for them', async () => {
    const caller = await signUp();
    const other = await createUser(t.database.db, { password: 'Otra-Clave-Larga-1' });

    const viewer = await call({
      method: 'POST',
      url: '/viewers/viewers',
      headers: caller.cookie,
      payload: { user_uid: other.id },
    });
    expect(viewer.statusCode, viewer.body).toBe(403);
    expect(await t.database.db.viewer.count({ where: { userId: other.id } })).toBe(0);

    const session = await call({
      method: 'POST',
      url: '/auth/sessions',
      headers: caller.cookie,
      payload: { user_uid: other.id, username: other.email, role: 'Viewer' },
    });
    expect(session.statusCode, session.body).toBe(403);
    expect(session.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.session.count({ where: { userId: other.id } })).toBe(0);

    // Nor may the caller's own session be re-labelled with a role it does not act in.
    const asAdmin = await call({
      method: 'POST',
      url: '/auth/sessions',
      headers: caller.cookie,
      payload: { user_uid: caller.userId, role: 'Admin' },
    });
    expect(asAdmin.statusCode).toBe(403);

    const lookup = await call({
      method: 'GET',
      url: `/viewers/user/${other.id}`,
      headers: caller.cookie,
    });
    expect(lookup.statusCode).toBe(403);
  });

  it('answers 401 without a session and 440 once the session has ended', async () => {
    const account = await signUp();
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/viewers/viewers', payload: { user_uid: account.userId } },
      { method: 'POST', url: '/auth/sessions', payload: { user_uid: account.userId } },
      { method: 'GET', url: `/viewers/user/${account.userId}` },
    ];
    for (const request of requests) {
      const res = await call(request);
      expect(res.statusCode, request.url as string).toBe(401);
    }
    const logout = await call({
      method: 'PUT',
      url: `/auth/sessions/${account.sessionId}/logout`,
      headers: account.cookie,
    });
    expect(logout.statusCode).toBe(200);
    for (const request of requests) {
      const res = await call({ ...request, headers: account.cookie });
      expect(res.statusCode, request.url as string).toBe(440);
    }
  });

  it('answers 404 VIEWER_NOT_FOUND for the caller’s own user when it has no viewer', async () => {
    const admin = await createUser(t.database.db, {
      password: 'Clave-Admin-Larga-1',
      roles: ['Admin'],
    });
    const session = await login(t, admin.email, 'Clave-Admin-Larga-1', 'Admin');
    secrets.push(session.token);
    const res = await call({
      method: 'GET',
      url: `/viewers/user/${admin.id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'VIEWER_NOT_FOUND',
      message: 'No encontramos el espectador',
    });
  });

  it('limits existence checks per address, and signups per address and per e-mail (429, Retry-After)', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i += 1) {
      const res = await call({
        method: 'POST',
        url: '/auth/users/exists',
        payload: { email: newEmail() },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const tooMany = await call({
      method: 'POST',
      url: '/auth/users/exists',
      payload: { email: newEmail() },
      remoteAddress: ip,
    });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooMany.headers['retry-after'])).toBeLessThanOrEqual(600);

    // Refused attempts (403 here) count too: the budget is for tries, not successes.
    const signupIp = newIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await call({
        method: 'POST',
        url: '/auth/users',
        payload: signupPayload(newEmail(), { roles: ['Admin'] }),
        remoteAddress: signupIp,
      });
      expect(res.statusCode).toBe(403);
    }
    const eleventh = await call({
      method: 'POST',
      url: '/auth/users',
      payload: signupPayload(newEmail()),
      remoteAddress: signupIp,
    });
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(3600);

    const email = newEmail();
    for (let i = 0; i < 5; i += 1) {
      const res = await call({
        method: 'POST',
        url: '/auth/users',
        payload: signupPayload(email, { roles: ['Admin'] }),
      });
      expect(res.statusCode).toBe(403);
    }
    const fromElsewhere = await call({
      method: 'POST',
      url: '/auth/users',
      payload: signupPayload(email),
    });
    expect(fromElsewhere.statusCode).toBe(429);
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('never puts a password, its hash or a session token in a response body or a log line', () => {
    expect(bodies.length).toBeGreaterThan(20);
    expect(secrets.length).toBeGreaterThan(5);
    const logs = t.logs.join('\n');
    expect(logs).toContain('"msg":"signup"');
    for (const secret of secrets) {
      for (const body of bodies) expect(body).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(bodies.join('\n')).not.toMatch(/passwordHash|scrypt\$/);
  });
});
