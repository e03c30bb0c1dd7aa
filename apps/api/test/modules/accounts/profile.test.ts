import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { login } from '../../helpers/auth.ts';
import type { LoggedIn } from '../../helpers/auth.ts';
import { createUser } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const PASSWORD = 'Lago-de-Atitlan-2027';

describe('profile: Mis Datos and Mi Perfil, own account only', () => {
  let t: TestApp;
  const bodies: string[] = [];
  const secrets: string[] = [PASSWORD];

  async function call(options: InjectOptions) {
    const res = await t.app.inject(options);
    bodies.push(res.body);
    return res;
  }

  /** A viewer account, logged in. */
  async function newAccount(fullname = 'Ana Pérez') {
    const user = await createUser(t.database.db, {
      password: PASSWORD,
      fullname,
      withViewer: true,
    });
    secrets.push(user.passwordHash);
    const session = await login(t, user.email, PASSWORD, 'Viewer');
    secrets.push(session.token);
    return { user, session };
  }

  const rowOf = (id: string) => t.database.db.user.findUniqueOrThrow({ where: { id } });

  const fullProfile = {
    firstname: 'Ana',
    lastname: 'Pérez',
    phone: '+502 5555 1234',
    address: '6a avenida 10-25, zona 1',
    city: 'Guatemala',
    state: 'Guatemala',
    country: 'gt',
    nit: ' 1234567-k ',
    zip: '01001',
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('GET /users/{id} answers the caller’s own profile, without the password hash', async () => {
    const { user, session } = await newAccount();
    const res = await call({ method: 'GET', url: `/users/${user.id}`, headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      _id: user.id,
      username: user.email,
      email: user.email,
      fullname: 'Ana Pérez',
      firstname: null,
      lastname: null,
      phone: null,
      country: 'GT',
      createdAt: user.createdAt.toISOString(),
      roles: ['Viewer'],
      address: null,
      city: null,
      state: null,
      nit: null,
      zip: null,
      emailVerified: false,
    });
  });

  it('PUT /auth/users/{id} changes the full name (trimmed)', async () => {
    const { user, session } = await newAccount();
    const res = await call({
      method: 'PUT',
      url: `/auth/users/${user.id}`,
      headers: session.headers,
      payload: { fullname: '  Ana María Pérez  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, fullname: 'Ana María Pérez' });
    expect((await rowOf(user.id)).fullname).toBe('Ana María Pérez');

    const blank = await call({
      method: 'PUT',
      url: `/auth/users/${user.id}`,
      headers: session.headers,
      payload: { fullname: '   ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ fields: [{ field: 'fullname' }] });
    expect((await rowOf(user.id)).fullname).toBe('Ana María Pérez');
  });

  it('PUT /users/{id} saves the profile fields; country upper-cased, NIT normalised, blanks cleared', async () => {
    const { user, session } = await newAccount();
    const res = await call({
      method: 'PUT',
      url: `/users/${user.id}`,
      headers: session.headers,
      payload: { ...fullProfile, email: user.email.toUpperCase() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: user.id,
      email: user.email,
      firstname: 'Ana',
      lastname: 'Pérez',
      phone: '+502 5555 1234',
      address: '6a avenida 10-25, zona 1',
      city: 'Guatemala',
      state: 'Guatemala',
      country: 'GT',
      nit: '1234567-K',
      zip: '01001',
    });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ country: 'GT', nit: '1234567-K', email: user.email });

    // Absent fields stay; null or blank clears.
    const cleared = await call({
      method: 'PUT',
      url: `/users/${user.id}`,
      headers: session.headers,
      payload: { firstname: 'Ana', lastname: 'Pérez', phone: null, city: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({
      phone: null,
      city: null,
      address: '6a avenida 10-25, zona 1',
      nit: '1234567-K',
    });
  });

  it('refuses a different e-mail with 422 naming `email`, and saves nothing', async () => {
    const { user, session } = await newAccount();
    const before = await rowOf(user.id);
    const res = await call({
      method: 'PUT',
      url: `/users/${user.id}`,
      headers: session.headers,
      payload: { ...fullProfile, email: 'otra-direccion@taquilla.test' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Los datos enviados no son válidos',
      fields: [{ field: 'email', message: 'El correo no se puede cambiar' }],
    });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('refuses an invalid NIT and empty names with 422 naming the field', async () => {
    const { user, session } = await newAccount();
    const badNit = await call({
      method: 'PUT',
      url: `/users/${user.id}`,
      headers: session.headers,
      payload: { ...fullProfile, nit: '123' },
    });
    expect(badNit.statusCode).toBe(422);
    expect(badNit.json()).toMatchObject({
      fields: [{ field: 'nit', message: 'NIT inválido. Por favor verifica el formato o usa C/F.' }],
    });
    const noName = await call({
      method: 'PUT',
      url: `/users/${user.id}`,
      headers: session.headers,
      payload: { ...fullProfile, firstname: ' ' },
    });
    expect(noName.statusCode).toBe(422);
    expect(noName.json()).toMatchObject({ fields: [{ field: 'firstname' }] });
    expect((await rowOf(user.id)).nit).toBeNull();
  });

  it('answers 403 to user A reading or changing user B, and B stays as it was', async () => {
    const a = await newAccount('Ana Pérez');
    const b = await newAccount('Beatriz López');
    const before = await rowOf(b.user.id);

    const attempts: InjectOptions[] = [
      { method: 'GET', url: `/users/${b.user.id}` },
      { method: 'PUT', url: `/auth/users/${b.user.id}`, payload: { fullname: 'Hackeada' } },
      { method: 'PUT', url: `/users/${b.user.id}`, payload: fullProfile },
      {
        method: 'PUT',
        url: `/users/${b.user.id}`,
        payload: { ...fullProfile, email: b.user.email },
      },
      // An id that names nobody answers the same, so ids cannot be probed.
      { method: 'GET', url: `/users/${randomUUID()}` },
    ];
    for (const attempt of attempts) {
      const res = await call({ ...attempt, headers: a.session.headers });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
      expect(res.body).not.toContain('Beatriz');
    }
    expect(await rowOf(b.user.id)).toEqual(before);
  });

  it('answers 401 without a session and 440 with an ended one, before looking at the body', async () => {
    const { user, session } = await newAccount();
    const attempts: InjectOptions[] = [
      { method: 'GET', url: `/users/${user.id}` },
      { method: 'PUT', url: `/auth/users/${user.id}`, payload: { fullname: '' } },
      { method: 'PUT', url: `/users/${user.id}`, payload: {} },
    ];
    for (const attempt of attempts) {
      expect((await call(attempt)).statusCode, attempt.url as string).toBe(401);
    }
    await expireSessions(session);
    for (const attempt of attempts) {
      const res = await call({ ...attempt, headers: session.headers });
      expect(res.statusCode, attempt.url as string).toBe(440);
    }
  });

  it('never puts the password, its hash or a session token in a body or a log line', () => {
    expect(bodies.length).toBeGreaterThan(15);
    const logs = t.logs.join('\n');
    for (const secret of secrets) {
      for (const body of bodies) expect(body).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(bodies.join('\n')).not.toMatch(/passwordHash|password_hash|scrypt\$/);
  });

  async function expireSessions(session: LoggedIn) {
    const res = await call({
      method: 'PUT',
      url: `/auth/sessions/${session.sessionId}/logout`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
  }
});
