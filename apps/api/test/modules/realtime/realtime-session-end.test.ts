import { REALTIME_SESSION_ENDED, REALTIME_SESSION_REPLACED } from '@taquilla/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newOneTimeToken } from '../../../src/modules/accounts/one-time-token.ts';
import { hashSessionToken, newSessionToken } from '../../../src/modules/auth/session-token.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import type { LoggedIn } from '../../helpers/auth.ts';
import { createTestApp } from '../../helpers/app.ts';
import { socketFrom } from '../../helpers/chat.ts';
import { createUser } from '../../helpers/factories.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';
import { createWatchShow, giveTicket } from '../../helpers/watch.ts';

/** How a socket ended: the close code and reason the server sent. */
interface Closing {
  code: number;
  reason: string;
}

interface WatchedSocket {
  client: RealtimeClient;
  /** Settles when the socket closes, with the server's code and reason. */
  closed: Promise<Closing>;
  /** Whether it closed yet. */
  isClosed: () => boolean;
}

const ENDED: Closing = { code: REALTIME_SESSION_ENDED.code, reason: REALTIME_SESSION_ENDED.reason };
const REPLACED: Closing = {
  code: REALTIME_SESSION_REPLACED.code,
  reason: REALTIME_SESSION_REPLACED.reason,
};
const FORBIDDEN = { type: 'error', error: 'CHANNEL_FORBIDDEN' };
const LONG = 20_000;

/**
 * Decision 0052: a session that ends (password reset, logout, a login elsewhere,
 * expiry) closes every realtime socket it authenticated, on every API instance, with
 * 4401 and a Spanish reason; the sockets of sessions still live, and anonymous ones,
 * stay open, and the dead token authenticates no new socket.
 */
describe('realtime sockets of a session that ended', () => {
  let a: TestApp;
  let b: TestApp;
  let showId: string;
  const opened: RealtimeClient[] = [];

  /** A socket on `t` (from Guatemala), with its closing recorded from the start. */
  async function open(
    t: TestApp,
    way: { headers?: Record<string, string>; path?: string } = {},
  ): Promise<WatchedSocket> {
    const client = await socketFrom(t, way.headers ?? {}, way.path);
    opened.push(client);
    let isClosed = false;
    const closed = new Promise<Closing>((resolve) => {
      client.socket.once('close', (code, reason) => {
        isClosed = true;
        resolve({ code, reason: String(reason) });
      });
    });
    return { client, closed, isClosed: () => isClosed };
  }

  /** A socket that joined the show's chat: the server knows who it is. */
  async function joined(t: TestApp, way: { headers?: Record<string, string>; path?: string }) {
    const socket = await open(t, way);
    const channel = `chats-${showId}`;
    expect(await socket.client.subscribe(channel)).toEqual({ type: 'subscribed', channel });
    return socket;
  }

  /** Still open and still served: a ping is answered. */
  async function expectOpen(socket: WatchedSocket) {
    const before = socket.client.inbox.filter((m) => m.type === 'pong').length;
    socket.client.send({ action: 'ping' });
    await expect
      .poll(() => socket.client.inbox.filter((m) => m.type === 'pong').length, { timeout: LONG })
      .toBe(before + 1);
    expect(socket.isClosed()).toBe(false);
  }

  /** `pending`, or a failure when it has not settled after LONG. */
  const within = <T>(pending: Promise<T>) =>
    Promise.race([
      pending,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the socket was not closed')), LONG),
      ),
    ]);

  const tracked = () => a.app.realtimeSessions.count() + b.app.realtimeSessions.count();

  /** The server's answer to the socket's pending subscription of `channel`, or its closing. */
  function answerOrClose(socket: WatchedSocket, channel: string) {
    const answer = socket.client
      .next((m) => 'channel' in m && m.channel === channel && m.type !== 'message', LONG)
      .catch(() => new Promise<never>(() => undefined));
    return Promise.race([socket.closed, answer]);
  }

  let holders = 0;
  /** A viewer account holding a ticket for the show, signed in through `t`. */
  async function ticketHolder(t: TestApp) {
    const user = await createUser(t.database.db, {
      password: TEST_PASSWORD,
      roles: ['Viewer'],
      withViewer: true,
    });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    holders += 1;
    const viewerId = user.viewer?.id as string;
    await giveTicket(t, { ...session, viewerId }, showId, `TICKET${holders}`);
    return { user, session };
  }

  /**
   * A second live session of the same account, written as login writes one (the
   * one-live-session rule of decision 0011 keeps login from opening it; a reset and
   * the sweep must still end every session the account has).
   */
  async function secondSession(t: TestApp, userId: string, username: string): Promise<LoggedIn> {
    const token = newSessionToken();
    const row = await t.database.db.session.create({
      data: {
        tokenHash: hashSessionToken(token),
        userId,
        role: 'Viewer',
        username,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    return {
      token,
      sessionId: row.id,
      userId,
      headers: { authorization: `Bearer ${token}` },
      cookieHeaders: { cookie: `sid=${token}` },
    };
  }

  async function resetPassword(t: TestApp, userId: string) {
    const { token, tokenHash } = newOneTimeToken();
    await t.database.db.passwordResetToken.create({
      data: { userId, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { token, password: 'Otra-Clave-Nueva-2027' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    // No sweep during the tests: what closes a socket here is the ending's announcement
    // (the expiry test runs the sweep itself).
    const config = { TRUST_PROXY_HOPS: '1', REALTIME_SESSION_SWEEP_SECONDS: '3600' };
    a = await createTestApp({ config });
    b = await createTestApp({ config, database: a.database });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    showId = (await createWatchShow(a, { paid: true, settings: { chat_visible: true } })).id;
  }, 60_000);
  beforeEach(() => {
    for (const client of opened.splice(0)) client.close();
  });
  afterAll(async () => {
    for (const client of opened.splice(0)) client.close();
    await b?.close();
    await a?.close();
  });

  it('a password reset through B closes on A every socket of every session it ended, with 4401', async () => {
    const { user, session } = await ticketHolder(a);
    const other = await secondSession(a, user.id, user.email);
    const byToken = await joined(a, { path: `/realtime?token=${session.token}` });
    const byCookie = await joined(a, { headers: session.cookieHeaders });
    const onB = await joined(b, { headers: session.headers });
    const otherDevice = await joined(a, { headers: other.headers });
    const anonymous = await open(a);
    const stranger = await ticketHolder(a);
    const strangerSocket = await joined(a, { headers: stranger.session.headers });

    await resetPassword(b, user.id);

    for (const socket of [byToken, byCookie, onB, otherDevice]) {
      expect(await within(socket.closed)).toEqual(ENDED);
    }
    await expectOpen(anonymous);
    await expectOpen(strangerSocket);
    expect(a.app.realtimeSessions.count()).toBe(1);
    expect(b.app.realtimeSessions.count()).toBe(0);
  });

  it('the dead token opens no authenticated socket again (?token=, cookie or Bearer)', async () => {
    const { user, session } = await ticketHolder(a);
    const first = await joined(a, { path: `/realtime?token=${session.token}` });
    await resetPassword(a, user.id);
    expect(await within(first.closed)).toEqual(ENDED);

    const channel = `chats-${showId}`;
    for (const t of [a, b]) {
      for (const way of [
        { path: `/realtime?token=${session.token}` },
        { headers: session.cookieHeaders },
        { headers: session.headers },
      ]) {
        const again = await open(t, way);
        expect(await again.client.subscribe(channel)).toMatchObject({ ...FORBIDDEN, channel });
        expect(again.isClosed()).toBe(false);
      }
    }
    // None of them is known as the dead session's (the first test's sockets are closed).
    await expect.poll(tracked, { timeout: LONG }).toBe(0);
  });

  it('a logout through B closes that session’s sockets only; the account’s other session keeps its own', async () => {
    const { user, session } = await ticketHolder(a);
    const other = await secondSession(a, user.id, user.email);
    const leaving = await joined(a, { headers: session.cookieHeaders });
    const leavingOnB = await joined(b, { headers: session.headers });
    const staying = await joined(a, { headers: other.headers });
    const stayingOnB = await joined(b, { path: `/realtime?token=${other.token}` });

    const res = await b.app.inject({
      method: 'PUT',
      url: `/auth/sessions/${session.sessionId}/logout`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await within(leaving.closed)).toEqual(ENDED);
    expect(await within(leavingOnB.closed)).toEqual(ENDED);
    await expectOpen(staying);
    await expectOpen(stayingOnB);
    // The session that stayed still gets the chat: it is still who it was.
    const channel = `polls-${showId}`;
    expect(await staying.client.subscribe(channel)).toEqual({ type: 'subscribed', channel });
  });

  it('a forced login on B closes the old session’s socket on A as replaced (4409), not the new one’s', async () => {
    const { user, session } = await ticketHolder(a);
    const old = await joined(a, { headers: session.cookieHeaders });
    const fresh = await login(b, user.email, TEST_PASSWORD, 'Viewer');
    // Another device of the same person: the player shows the second-device screen.
    expect(await within(old.closed)).toEqual(REPLACED);
    const renewed = await joined(a, { headers: fresh.cookieHeaders });
    await expectOpen(renewed);
  });

  it('an expired session’s sockets close at the sweep; a touched one stays', async () => {
    const { session } = await ticketHolder(a);
    const expiring = await joined(a, { headers: session.headers });
    const stranger = await ticketHolder(a);
    const touched = await joined(a, { headers: stranger.session.headers });
    const later = new Date(Date.now() + 25 * 3_600_000);
    await a.database.db.session.update({
      where: { id: stranger.session.sessionId },
      data: { expiresAt: new Date(later.getTime() + 3_600_000) },
    });
    a.setNow(later);
    try {
      expect(await a.app.realtimeSessions.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      a.setNow(new Date());
    }
    expect(await within(expiring.closed)).toEqual(ENDED);
    await expectOpen(touched);
  });

  it('sockets opening while the password is reset end closed or unauthenticated, never open with the dead session', async () => {
    const { user, session } = await ticketHolder(a);
    const channel = `chats-${showId}`;
    const openings = Array.from({ length: 12 }, (_, i) =>
      open(i % 2 ? a : b, { path: `/realtime?token=${session.token}` }).then(async (socket) => {
        socket.client.send({ action: 'subscribe', channel });
        return socket;
      }),
    );
    const [sockets] = await Promise.all([Promise.all(openings), resetPassword(b, user.id)]);
    for (const socket of sockets) {
      const answer = await within(answerOrClose(socket, channel));
      if ('code' in answer) {
        expect(answer).toEqual(ENDED);
      } else if (answer.type === 'subscribed') {
        // Read as live just before the reset committed: closed all the same.
        expect(await within(socket.closed)).toEqual(ENDED);
      } else {
        expect(answer).toMatchObject(FORBIDDEN);
        await expectOpen(socket);
      }
    }
    await expect.poll(tracked, { timeout: LONG }).toBe(0);
  });
});
