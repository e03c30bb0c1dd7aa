import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { createProducer, createUser } from './factories.ts';

export type Role = 'Viewer' | 'Producer' | 'Admin';

export interface LoggedIn {
  /** The secret token, as the `sid` cookie carries it. */
  token: string;
  sessionId: string;
  userId: string;
  /** Headers that authenticate a request with the token as a Bearer. */
  headers: { authorization: string };
  /** Headers that authenticate a request with the cookie, as a browser does. */
  cookieHeaders: { cookie: string };
}

/** The `sid` value of a response's Set-Cookie header, or undefined. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of cookies) {
    const match = /^sid=([^;]*)/.exec(cookie);
    if (match) return match[1];
  }
  return undefined;
}

/** Logs in through POST /auth/login (forcing out any other session) and fails the test if refused. */
export async function login(
  t: TestApp,
  email: string,
  password: string,
  role: Role,
): Promise<LoggedIn> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username: email, password, role, forceLogin: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = sessionCookieOf(res.headers['set-cookie']);
  expect(token).toBeTruthy();
  const body = res.json() as { session: { _id: string; user_uid: string } };
  return {
    token: token as string,
    sessionId: body.session._id,
    userId: body.session.user_uid,
    headers: { authorization: `Bearer ${token}` },
    cookieHeaders: { cookie: `sid=${token}` },
  };
}

export const TEST_PASSWORD = 'Clave-Organizadora-2027';

export interface Organisers {
  producerA: string;
  producerB: string;
  admin: LoggedIn;
  /** A producer account of producer A. */
  producerUserA: LoggedIn;
  /** A producer account of producer B. */
  producerUserB: LoggedIn;
  viewer: LoggedIn;
}

/** Two producers with one account each, an admin and a viewer, all logged in. */
export async function createOrganisers(t: TestApp): Promise<Organisers> {
  const db = t.database.db;
  const producerA = (await createProducer(db)).id;
  const producerB = (await createProducer(db)).id;
  const [admin, userA, userB, viewer] = await Promise.all([
    createUser(db, { password: TEST_PASSWORD, roles: ['Admin'] }),
    createUser(db, { password: TEST_PASSWORD, roles: ['Producer'], producerId: producerA }),
    createUser(db, { password: TEST_PASSWORD, roles: ['Producer'], producerId: producerB }),
    createUser(db, { password: TEST_PASSWORD, roles: ['Viewer'], withViewer: true }),
  ]);
  return {
    producerA,
    producerB,
    admin: await login(t, admin.email, TEST_PASSWORD, 'Admin'),
    producerUserA: await login(t, userA.email, TEST_PASSWORD, 'Producer'),
    producerUserB: await login(t, userB.email, TEST_PASSWORD, 'Producer'),
    viewer: await login(t, viewer.email, TEST_PASSWORD, 'Viewer'),
  };
}
