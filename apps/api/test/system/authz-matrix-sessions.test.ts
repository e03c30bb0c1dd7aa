import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOneTimeToken } from '../../src/modules/accounts/one-time-token.ts';
import { hashSessionToken, newSessionToken } from '../../src/modules/auth/session-token.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { TEST_PASSWORD, createOrganisers, login, sessionCookieOf } from '../helpers/auth.ts';
import type { Organisers } from '../helpers/auth.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Issue 13's session rules (decision 0046): a login or a signup always mints a
 * new session id, whatever id the client presents (no session fixation), and a
 * password reset ends every session of the account on every kind of route.
 */
describe('session ids: renewed at login, killed at a password reset', () => {
  let t: TestApp;
  let o: Organisers;
  let lastIp = 0;
  /** An address of its own per call: the per-address budgets stay out of the way. */
  const ip = () => `203.0.113.${(lastIp += 1)}`;
  const origin = () => new URL(t.config.PUBLIC_URL).origin;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  const whoIs = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/auth/session', headers });

  function loginWith(email: string, headers: Record<string, string>, role = 'Viewer') {
    return t.app.inject({
      method: 'POST',
      url: '/auth/login',
      // From the site's own page, as a browser posts the login form.
      headers: { ...headers, origin: origin(), 'x-forwarded-for': ip() },
      payload: { username: email, password: TEST_PASSWORD, role, forceLogin: true },
    });
  }

  it('never adopts a session id the client chose before login (cookie or Bearer)', async () => {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const planted = newSessionToken();
    const presented: Record<string, string>[] = [
      { cookie: `sid=${planted}` },
      { authorization: `Bearer ${planted}` },
    ];
    for (const headers of presented) {
      const res = await loginWith(user.email, headers);
      expect(res.statusCode, res.body).toBe(200);
      const issued = sessionCookieOf(res.headers['set-cookie']);
      expect(issued).toBeTruthy();
      expect(issued).not.toBe(planted);
      // The planted id names nothing: the attacker who knows it is nobody.
      expect((await whoIs({ authorization: `Bearer ${planted}` })).statusCode).toBe(401);
      expect((await whoIs({ authorization: `Bearer ${issued}` })).statusCode).toBe(200);
      const stored = await t.database.db.session.findMany({ where: { userId: user.id } });
      expect(stored.some((s) => s.tokenHash === hashSessionToken(planted))).toBe(false);
    }
  });

  it('gives a new id to a browser that arrives with someone else’s live session, and leaves that one as it was', async () => {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const res = await loginWith(user.email, o.viewer.cookieHeaders);
    expect(res.statusCode, res.body).toBe(200);
    const issued = sessionCookieOf(res.headers['set-cookie']) as string;
    expect(issued).not.toBe(o.viewer.token);
    const mine = (await whoIs({ authorization: `Bearer ${issued}` })).json() as {
      user: { _id: string };
    };
    expect(mine.user._id).toBe(user.id);
    // The presented session still belongs to its own account, not upgraded to the new one.
    const theirs = (await whoIs(o.viewer.headers)).json() as { user: { _id: string } };
    expect(theirs.user._id).toBe(o.viewer.userId);
  });

  it('mints a new id at every login of the same account; the previous one answers 440', async () => {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const first = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    const second = await loginWith(user.email, first.cookieHeaders);
    const renewed = sessionCookieOf(second.headers['set-cookie']) as string;
    expect(renewed).not.toBe(first.token);
    expect((await whoIs(first.headers)).statusCode).toBe(440);
    expect((await whoIs({ authorization: `Bearer ${renewed}` })).statusCode).toBe(200);
  });

  it('never adopts a client-chosen id at signup either', async () => {
    const planted = newSessionToken();
    const email = `registro-${Date.now()}@taquilla.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/users',
      headers: { cookie: `sid=${planted}`, origin: origin(), 'x-forwarded-for': ip() },
      payload: {
        username: email,
        email,
        password: 'Marimba-Cielo-Volcan-27',
        fullname: 'Registro Nuevo',
        roles: ['Viewer'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const issued = sessionCookieOf(res.headers['set-cookie']);
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(planted);
    expect((await whoIs({ authorization: `Bearer ${planted}` })).statusCode).toBe(401);
  });

  it('ends every session of the account at a password reset: account, buyer and organiser routes answer 440', async () => {
    const db = t.database.db;
    const producer = await createUser(db, {
      password: TEST_PASSWORD,
      roles: ['Producer', 'Viewer'],
      producerId: o.producerA,
      withViewer: true,
    });
    const organiser = await login(t, producer.email, TEST_PASSWORD, 'Producer');
    // A second live session of the same account (one stolen earlier, say).
    const stolen = newSessionToken();
    await db.session.create({
      data: {
        tokenHash: hashSessionToken(stolen),
        userId: producer.id,
        role: 'Viewer',
        username: producer.email,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const { token, tokenHash } = newOneTimeToken();
    await db.passwordResetToken.create({
      data: { userId: producer.id, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      headers: { 'x-forwarded-for': ip() },
      payload: { token, password: 'Marimba-Cielo-Volcan-28' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const viewerId = producer.viewer?.id as string;
    for (const headers of [organiser.headers, { authorization: `Bearer ${stolen}` }]) {
      for (const url of [
        '/auth/session',
        `/users/${producer.id}`,
        `/viewers/viewers/${viewerId}/shows`,
        '/admin/shows',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(440);
        expect(res.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
      }
    }
    const live = await db.session.count({
      where: { userId: producer.id, endedAt: null, expiresAt: { gt: new Date() } },
    });
    expect(live).toBe(0);
  });
});
