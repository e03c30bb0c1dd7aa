import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducer, createUser } from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { login, sessionCookieOf } from '../../helpers/auth.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const HOUR = 3_600_000;
const PASSWORD = 'Clave-Segura-2027';

describe('sessions: login, current session, touch and logout', () => {
  let t: TestApp;
  /** Every response body this file received, to prove no secret ever left in one. */
  const bodies: string[] = [];
  const tokens: string[] = [];
  const passwordHashes: string[] = [];

  async function call(options: InjectOptions) {
    const res = await t.app.inject(options);
    bodies.push(res.body);
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    if (cookie) tokens.push(cookie);
    return res;
  }

  async function newUser(
    roles: ('Viewer' | 'Producer' | 'Admin')[] = ['Viewer'],
    withViewer = true,
  ) {
    const producerId = roles.includes('Producer') ? (await createProducer(t.database.db)).id : null;
    const user = await createUser(t.database.db, {
      password: PASSWORD,
      roles,
      producerId,
      withViewer,
    });
    passwordHashes.push(user.passwordHash);
    return user;
  }

  async function signIn(email: string, role: 'Viewer' | 'Producer' | 'Admin') {
    const session = await login(t, email, PASSWORD, role);
    tokens.push(session.token);
    return session;
  }

  const loginBody = (username: string, role: string, extra: object = {}) => ({
    username,
    password: PASSWORD,
    role,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  describe('POST /auth/login', () => {
    it('answers the user and session of 002 §3 and sets an httpOnly, SameSite=Lax session cookie', async () => {
      const user = await newUser();
      const res = await call({
        method: 'POST',
        url: '/auth/login',
        payload: loginBody(user.email.toUpperCase(), 'Viewer'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        user: Record<string, unknown>;
        session: Record<string, unknown>;
      };
      expect(body.user).toEqual({
        _id: user.id,
        username: user.email,
        email: user.email,
        fullname: 'Usuaria de Prueba',
        firstname: null,
        lastname: null,
        phone: null,
        country: 'GT',
        createdAt: user.createdAt.toISOString(),
        roles: ['Viewer'],
      });
      expect(body.session).toEqual({
        _id: expect.any(String),
        user_uid: user.id,
        username: user.email,
        role: 'Viewer',
        expiresAt: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
      });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).toContain(`Max-Age=${24 * 3600}`);
      // PUBLIC_URL is http here, so the cookie must not demand https.
      expect(setCookie).not.toContain('Secure');

      const stored = await t.database.db.session.findUniqueOrThrow({
        where: { id: body.session._id as string },
      });
      const token = sessionCookieOf(res.headers['set-cookie']) as string;
      expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.tokenHash).not.toContain(token);
    });

    it('accepts the session by cookie and by Bearer token', async () => {
      const user = await newUser();
      const session = await signIn(user.email, 'Viewer');
      for (const headers of [session.cookieHeaders, session.headers]) {
        const res = await call({ method: 'GET', url: '/auth/session', headers });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          user: { _id: user.id },
          session: { _id: session.sessionId, user_uid: user.id },
          viewer: { _id: user.viewer?.id, user_uid: user.id },
        });
      }
    });

    it('answers viewer null for an account without a viewer', async () => {
      const admin = await newUser(['Admin'], false);
      const session = await signIn(admin.email, 'Admin');
      const res = await call({ method: 'GET', url: '/auth/session', headers: session.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ viewer: null, session: { role: 'Admin' } });
    });

    it('answers 401 with the same message for a wrong password, an unknown user and a role not held', async () => {
      const user = await newUser(['Viewer']);
      for (const payload of [
        { ...loginBody(user.email, 'Viewer'), password: 'otra-clave' },
        loginBody('nadie@taquilla.test', 'Viewer'),
        loginBody(user.email, 'Admin'),
        loginBody(user.email, 'Producer'),
      ]) {
        const res = await call({ method: 'POST', url: '/auth/login', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(401);
        expect(res.json()).toEqual({
          error: 'INVALID_CREDENTIALS',
          message: 'Usuario o contraseña inválidos',
        });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await t.database.db.session.count({ where: { userId: user.id } })).toBe(0);
    });

    it('answers 422 naming the field for an unknown role', async () => {
      const res = await call({
        method: 'POST',
        url: '/auth/login',
        payload: loginBody('a@taquilla.test', 'Root'),
      });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
        'role',
      ]);
    });

    it('refuses a second login with 409 while a session is live, and forceLogin ends the first', async () => {
      const user = await newUser(['Viewer', 'Producer']);
      const first = await call({
        method: 'POST',
        url: '/auth/login',
        payload: loginBody(user.email, 'Viewer'),
      });
      expect(first.statusCode).toBe(200);
      const firstToken = sessionCookieOf(first.headers['set-cookie']) as string;

      const second = await call({
        method: 'POST',
        url: '/auth/login',
        payload: loginBody(user.email, 'Producer'),
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        error: 'SESSION_ALREADY_ACTIVE',
        message: 'Ya existe una sesión activa con este usuario.',
      });
      expect(second.headers['set-cookie']).toBeUndefined();

      const forced = await call({
        method: 'POST',
        url: '/auth/login',
        payload: loginBody(user.email, 'Producer', { forceLogin: true }),
      });
      expect(forced.statusCode).toBe(200);
      const forcedToken = sessionCookieOf(forced.headers['set-cookie']) as string;
      expect(forcedToken).not.toBe(firstToken);

      const old = await call({
        method: 'GET',
        url: '/auth/session',
        headers: { authorization: `Bearer ${firstToken}` },
      });
      expect(old.statusCode).toBe(440);
      expect(old.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
      const current = await call({
        method: 'GET',
        url: '/auth/session',
        headers: { authorization: `Bearer ${forcedToken}` },
      });
      expect(current.statusCode).toBe(200);
      expect(current.json()).toMatchObject({ session: { role: 'Producer' } });
      expect(await t.database.db.session.count({ where: { userId: user.id, endedAt: null } })).toBe(
        1,
      );
    });

    it('lets only one of three simultaneous logins through', async () => {
      const user = await newUser();
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          call({ method: 'POST', url: '/auth/login', payload: loginBody(user.email, 'Viewer') }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    });
  });

  describe('GET /auth/session', () => {
    it('answers 401 without a session and for a token that names none', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer no-es-un-token' },
        { authorization: `Bearer ${'x'.repeat(43)}` },
        { cookie: 'sid=desconocido' },
      ]) {
        const res = await call({ method: 'GET', url: '/auth/session', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toEqual({
          error: 'UNAUTHORIZED',
          message: 'Debes iniciar sesión para continuar',
        });
      }
    });

    it('answers 440 once the session has outlived SESSION_TTL_HOURS', async () => {
      const user = await newUser();
      const session = await signIn(user.email, 'Viewer');
      try {
        t.setNow(new Date(NOW.getTime() + 24 * HOUR - 1000));
        expect(
          (await call({ method: 'GET', url: '/auth/session', headers: session.headers }))
            .statusCode,
        ).toBe(200);
        t.setNow(new Date(NOW.getTime() + 24 * HOUR + 1000));
        const res = await call({ method: 'GET', url: '/auth/session', headers: session.headers });
        expect(res.statusCode).toBe(440);
        expect(res.json()).toEqual({
          error: 'SESSION_EXPIRED',
          message: 'Tu sesión ha expirado. Por favor inicia sesión de nuevo.',
        });
        // An expired session no longer blocks a new login.
        const again = await call({
          method: 'POST',
          url: '/auth/login',
          payload: loginBody(user.email, 'Viewer'),
        });
        expect(again.statusCode).toBe(200);
      } finally {
        t.setNow(NOW);
      }
    });
  });

  describe('PUT /auth/sessions/{id}/touch', () => {
    it('extends the session from now and renews the cookie; 440 after it expired', async () => {
      const user = await newUser();
      const session = await signIn(user.email, 'Viewer');
      try {
        t.setNow(new Date(NOW.getTime() + 20 * HOUR));
        const res = await call({
          method: 'PUT',
          url: `/auth/sessions/${session.sessionId}/touch`,
          headers: session.cookieHeaders,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          session: { expiresAt: new Date(NOW.getTime() + 44 * HOUR).toISOString() },
        });
        expect(String(res.headers['set-cookie'])).toContain(`sid=${session.token};`);

        t.setNow(new Date(NOW.getTime() + 40 * HOUR));
        expect(
          (await call({ method: 'GET', url: '/auth/session', headers: session.headers }))
            .statusCode,
        ).toBe(200);

        t.setNow(new Date(NOW.getTime() + 45 * HOUR));
        const late = await call({
          method: 'PUT',
          url: `/auth/sessions/${session.sessionId}/touch`,
          headers: session.headers,
        });
        expect(late.statusCode).toBe(440);
      } finally {
        t.setNow(NOW);
      }
    });
  });

  describe('PUT /auth/sessions/{id}/logout', () => {
    it('ends the caller’s own session, clears the cookie, and answers 400 the second time', async () => {
      const user = await newUser();
      const session = await signIn(user.email, 'Viewer');
      const res = await call({
        method: 'PUT',
        url: `/auth/sessions/${session.sessionId}/logout`,
        headers: session.cookieHeaders,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ _id: session.sessionId, user_uid: user.id });
      const cleared = String(res.headers['set-cookie']);
      expect(cleared).toMatch(/^sid=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

      const after = await call({ method: 'GET', url: '/auth/session', headers: session.headers });
      expect(after.statusCode).toBe(440);

      const twice = await call({
        method: 'PUT',
        url: `/auth/sessions/${session.sessionId}/logout`,
        headers: session.headers,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({
        error: 'SESSION_ENDED',
        message: 'Tu sesión ya había terminado.',
      });
    });

    it('answers 403 for another user’s session and leaves it live', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const aliceSession = await signIn(alice.email, 'Viewer');
      const bobSession = await signIn(bob.email, 'Viewer');
      const res = await call({
        method: 'PUT',
        url: `/auth/sessions/${aliceSession.sessionId}/logout`,
        headers: bobSession.headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
      expect(res.headers['set-cookie']).toBeUndefined();
      const alive = await call({
        method: 'GET',
        url: '/auth/session',
        headers: aliceSession.headers,
      });
      expect(alive.statusCode).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const res = await call({
        method: 'PUT',
        url: '/auth/sessions/0196a0b4-0000-7000-8000-000000000000/logout',
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('secrets', () => {
    it('marks the cookie Secure when PUBLIC_URL is https', async () => {
      const secure = await createTestApp({
        now: NOW,
        database: t.database,
        config: { PUBLIC_URL: 'https://taquilla.example' },
      });
      try {
        const user = await newUser();
        const res = await secure.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: loginBody(user.email, 'Viewer'),
        });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['set-cookie'])).toContain('Secure');
      } finally {
        await secure.close();
      }
    });

    it('never puts a token, a password or a password hash in a response body or a log line', async () => {
      // The tests above ran logins, refusals, touches and logouts through this app.
      expect(tokens.length).toBeGreaterThan(5);
      expect(passwordHashes.length).toBeGreaterThan(5);
      const everything = [...bodies, ...t.logs].join('\n');
      expect(t.logs.some((line) => line.includes('"msg":"login"'))).toBe(true);
      for (const token of tokens) expect(everything).not.toContain(token);
      for (const hash of passwordHashes) {
        expect(everything).not.toContain(hash);
        expect(everything).not.toContain(hash.split('$')[5]);
      }
      expect(everything).not.toContain(PASSWORD);
      expect(everything).not.toContain('scrypt$');
      expect(everything).not.toMatch(/tokenHash|token_hash|passwordHash|password_hash/);
    });
  });
});
