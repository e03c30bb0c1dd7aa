import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { TEST_PASSWORD, login } from '../helpers/auth.ts';
import type { LoggedIn } from '../helpers/auth.ts';
import { createUser } from '../helpers/factories.ts';

const REJECTED = { error: 'CSRF_REJECTED', message: 'Solicitud rechazada: origen no permitido' };
const EVIL = 'https://evil.example';

/**
 * Cookie sessions and cross-site request forgery (decision 0043): the `sid`
 * cookie is SameSite=Lax, and a write it authenticates must name an allowed
 * origin in Origin (else Referer).
 */
describe('CSRF defence for cookie sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function viewer(): Promise<{ session: LoggedIn; userId: string }> {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    return { session: await login(t, user.email, TEST_PASSWORD, 'Viewer'), userId: user.id };
  }

  const rename = (
    userId: string,
    headers: Record<string, string>,
    fullname: string,
    payload?: string,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/auth/users/${userId}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: payload ?? JSON.stringify({ fullname }),
    });
  const fullnameOf = async (userId: string) =>
    (await t.database.db.user.findUniqueOrThrow({ where: { id: userId } })).fullname;

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: user.email, password: TEST_PASSWORD, role: 'Viewer' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('refuses a cookie write from another site’s page with 403, changing nothing', async () => {
    const { session, userId } = await viewer();
    const res = await rename(userId, { ...session.cookieHeaders, origin: EVIL }, 'Atacante');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REJECTED);
    expect(await fullnameOf(userId)).toBe('Usuaria de Prueba');

    // A forged logout does not end the session either.
    const logout = await t.app.inject({
      method: 'PUT',
      url: `/auth/sessions/${session.sessionId}/logout`,
      headers: { ...session.cookieHeaders, origin: EVIL },
    });
    expect(logout.statusCode).toBe(403);
    const still = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: session.headers,
    });
    expect(still.statusCode).toBe(200);
  });

  it('refuses before the body is read: a malformed body from another site is 403, not 422', async () => {
    const { session, userId } = await viewer();
    const res = await rename(userId, { ...session.cookieHeaders, origin: EVIL }, '', '{no es json');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REJECTED);
  });

  it('accepts a cookie write from PUBLIC_URL’s origin or the address the request was sent to', async () => {
    const { session, userId } = await viewer();
    const fromPublicUrl = await rename(
      userId,
      { ...session.cookieHeaders, origin: 'http://localhost:3000' },
      'Desde PUBLIC_URL',
    );
    expect(fromPublicUrl.statusCode, fromPublicUrl.body).toBe(200);
    expect(await fullnameOf(userId)).toBe('Desde PUBLIC_URL');

    const sameHost = await rename(
      userId,
      { ...session.cookieHeaders, host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      'Misma dirección',
    );
    expect(sameHost.statusCode, sameHost.body).toBe(200);
    expect(await fullnameOf(userId)).toBe('Misma dirección');

    // Another port, or another scheme, of the same host is another site.
    for (const origin of ['http://127.0.0.1:5555', 'https://127.0.0.1:3000']) {
      const other = await rename(
        userId,
        { ...session.cookieHeaders, host: '127.0.0.1:3000', origin },
        'Otro puerto',
      );
      expect(other.statusCode, origin).toBe(403);
    }
    expect(await fullnameOf(userId)).toBe('Misma dirección');
  });

  it('falls back to the Referer when there is no Origin', async () => {
    const { session, userId } = await viewer();
    const own = await rename(
      userId,
      { ...session.cookieHeaders, referer: 'http://localhost:3000/mis-datos' },
      'Por Referer',
    );
    expect(own.statusCode, own.body).toBe(200);
    const foreign = await rename(
      userId,
      { ...session.cookieHeaders, referer: `${EVIL}/pagina` },
      'Referer ajeno',
    );
    expect(foreign.statusCode).toBe(403);
    expect(await fullnameOf(userId)).toBe('Por Referer');
  });

  it('takes the browser’s Sec-Fetch-Site: same-origin passes, another site must name an allowed origin', async () => {
    const { session, userId } = await viewer();
    const same = await rename(
      userId,
      { ...session.cookieHeaders, 'sec-fetch-site': 'same-origin' },
      'Mismo origen',
    );
    expect(same.statusCode, same.body).toBe(200);
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: EVIL },
      { 'sec-fetch-site': 'same-site', origin: 'https://otra.localhost' },
      // A browser's write always names its origin: without one it is refused.
      { 'sec-fetch-site': 'cross-site' },
      // Sandboxed frames and privacy settings send Origin: null.
      { 'sec-fetch-site': 'cross-site', origin: 'null', referer: 'http://localhost:3000/' },
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      const res = await rename(userId, { ...session.cookieHeaders, ...headers }, 'Atacante');
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(REJECTED);
    }
    expect(await fullnameOf(userId)).toBe('Mismo origen');
  });

  it('lets a cookie write with no browser mark at all through: a script holding its own cookie', async () => {
    // No Sec-Fetch-Site, Origin or Referer: no browser sends a write like this, so
    // no other site's page can have made it (decision 0043).
    const { session, userId } = await viewer();
    const res = await rename(userId, session.cookieHeaders, 'Desde un programa');
    expect(res.statusCode, res.body).toBe(200);
    expect(await fullnameOf(userId)).toBe('Desde un programa');
  });

  it('checks no Bearer call: the header is no ambient credential a page could borrow', async () => {
    const { session, userId } = await viewer();
    const bare = await rename(userId, session.headers, 'Con Bearer');
    expect(bare.statusCode, bare.body).toBe(200);
    // With a cookie too, the Bearer header is what authenticates (decision 0011).
    const both = await rename(
      userId,
      { ...session.headers, ...session.cookieHeaders, origin: EVIL },
      'Bearer y cookie',
    );
    expect(both.statusCode, both.body).toBe(200);
    expect(await fullnameOf(userId)).toBe('Bearer y cookie');
  });

  it('leaves reads alone, and routes that never read the session', async () => {
    const { session } = await viewer();
    const read = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { ...session.cookieHeaders, origin: EVIL },
    });
    expect(read.statusCode).toBe(200);

    // The sandbox's 3-D Secure form posts from a page with Referrer-Policy no-referrer,
    // so browsers send Origin: null; the route never reads the cookie.
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/3ds/no-existe',
      headers: {
        ...session.cookieHeaders,
        origin: 'null',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'decision=approve',
    });
    expect(sandbox.statusCode).toBe(404);
    expect(sandbox.headers['content-type']).toContain('text/html');
  });

  it('does not check a write that carries no session cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/users/exists',
      headers: { origin: EVIL },
      payload: { email: 'nadie@taquilla.test' },
    });
    expect(res.statusCode).not.toBe(403);
  });

  it('documents the 403 on every write that reads the session, and on no read', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const forbidden = (path: string, method: string) =>
      JSON.stringify(doc.paths[path]?.[method]?.responses['403'] ?? null);
    expect(forbidden('/auth/users/{id}', 'put')).toContain('CSRF_REJECTED');
    expect(forbidden('/auth/login', 'post')).toContain('CSRF_REJECTED');
    expect(forbidden('/auth/session', 'get')).not.toContain('CSRF_REJECTED');
    expect(forbidden('/shows/{id}', 'get')).not.toContain('CSRF_REJECTED');
  });
});

describe('CSRF defence behind an https proxy with ALLOWED_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        PUBLIC_URL: 'https://entradas.example',
        ALLOWED_ORIGINS: 'https://boletos.example, https://taquilla.example/',
        TRUST_PROXY_HOPS: '1',
      },
    });
  });
  afterAll(() => t.close());

  it('accepts PUBLIC_URL and the listed origins, not their http twins', async () => {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    const rename = (origin: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/auth/users/${user.id}`,
        headers: {
          ...session.cookieHeaders,
          origin,
          host: 'api.interno:3000',
          'x-forwarded-proto': 'https',
        },
        payload: { fullname: origin },
      });
    for (const origin of [
      'https://entradas.example',
      'https://boletos.example',
      'https://taquilla.example',
    ]) {
      expect((await rename(origin)).statusCode, origin).toBe(200);
    }
    for (const origin of ['http://entradas.example', 'https://entradas.example.evil.example']) {
      expect((await rename(origin)).statusCode, origin).toBe(403);
    }
  });
});
