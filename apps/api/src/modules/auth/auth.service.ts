import { createHash } from 'node:crypto';
import type { CurrentSession, LoginBody, LoginResponse, Role, Session } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { toSession, toSessionUser, toViewerRef } from './auth.mapper.ts';
import {
  countLiveSessions,
  createSession,
  endLiveSessions,
  endSession,
  extendSession,
  findSessionByTokenHash,
  findSessionUser,
  findUserForLogin,
  findPasswordHash,
  lockUser,
} from './auth.repo.ts';
import type { ResolvedSession } from '../../plugins/auth.ts';
import type { LoginDevices } from './login-device.ts';
import { loginBudgets } from './login-limits.ts';
import { NO_SESSION_ENDINGS } from './session-endings.ts';
import type { SessionEndings } from './session-endings.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashSessionToken, isWellFormedToken, newSessionToken } from './session-token.ts';

const HOUR_MS = 3_600_000;

/** Addresses are stored and compared trimmed and lower-cased. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Rate-limit keys never hold an e-mail in clear. */
export function emailKey(email: string): string {
  return createHash('sha256').update(normalEmail(email)).digest('hex').slice(0, 32);
}

/** Who is starting a session, and from where (kept on the session row). */
export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
  /** The browser's `sessionID` cookie, well formed: its anonymous cart becomes the user's. */
  cartSessionKey?: string | null;
  /** The browser's `login_device` cookie (decision 0067), as sent. */
  deviceCookie?: string | null;
}

/**
 * The browser's cart at sign-in (decision 0055), given by the composition root
 * so this module does not reach into the cart's. Never throws.
 */
export interface SignInCarts {
  claimForUser(sessionKey: string, userId: string): Promise<void>;
}

const NO_CARTS: SignInCarts = { claimForUser: async () => undefined };

/** A session just created: the secret token goes to the cookie, the rest to the body. */
export interface OpenedSession {
  token: string;
  expiresAt: Date;
  session: Session;
  /** Sessions a forced login ended: announced once the transaction commits (decision 0052). */
  endedSessionIds: string[];
}

/**
 * An unknown e-mail still costs one scrypt verification, against this hash
 * of a password nobody has, so response times do not reveal which e-mails
 * have accounts.
 */
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('taquilla-dummy-password-never-valid');
  return dummyHash;
}

export function createAuthService(deps: {
  db: Db;
  clock: () => Date;
  sessionTtlHours: number;
  rateLimiter: Pick<RateLimiter, 'beginAttempt' | 'endAttempt' | 'forgetFailures'>;
  /** Known devices (decision 0067); without them every browser is a stranger. */
  devices?: LoginDevices;
  /** Closes the realtime sockets of sessions that end (decision 0052). */
  endings?: SessionEndings;
  /** Attaches the browser's anonymous cart to whoever signs in (decision 0055). */
  carts?: SignInCarts;
}) {
  const { db, clock, rateLimiter, devices } = deps;
  const endings = deps.endings ?? NO_SESSION_ENDINGS;
  const carts = deps.carts ?? NO_CARTS;

  /**
   * Signing in makes the browser's anonymous cart the user's before the answer
   * leaves, so from the answer on the bare `sessionID` no longer reaches it.
   * After the session's transaction: the cart's locks are never taken under the
   * user's row lock.
   */
  async function claimBrowserCart(userId: string, cartSessionKey: string | null | undefined) {
    if (cartSessionKey) await carts.claimForUser(cartSessionKey, userId);
  }
  const ttlMs = deps.sessionTtlHours * HOUR_MS;

  /**
   * Creates a session for `user` inside the caller's transaction: one live
   * session per user, checked under a row lock on the user, so simultaneous
   * logins cannot both pass; `forceLogin` ends the others instead of 409.
   * Login and signup both start sessions here.
   */
  async function openSession(
    tx: Tx,
    user: { id: string; username: string },
    options: {
      role: Role;
      forceLogin: boolean;
      meta: SessionMeta;
      /**
       * The hash the password was checked against. Under the lock it must
       * still be the stored one: a password reset that committed between the
       * check and here ended every session, and this login must not open a
       * new one with the old password.
       */
      verifiedPasswordHash?: string;
    },
  ): Promise<OpenedSession> {
    const token = newSessionToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await lockUser(tx, user.id);
    if (
      options.verifiedPasswordHash !== undefined &&
      (await findPasswordHash(tx, user.id)) !== options.verifiedPasswordHash
    ) {
      throw new AppError('INVALID_CREDENTIALS');
    }
    const live = await countLiveSessions(tx, user.id, now);
    let endedSessionIds: string[] = [];
    if (live > 0) {
      if (!options.forceLogin) throw new AppError('SESSION_ALREADY_ACTIVE');
      endedSessionIds = await endLiveSessions(tx, user.id, now);
    }
    const session = await createSession(tx, {
      tokenHash: hashSessionToken(token),
      userId: user.id,
      role: options.role,
      username: user.username,
      expiresAt,
      now,
      ip: options.meta.ip,
      userAgent: options.meta.userAgent?.slice(0, 500) ?? null,
    });
    return { token, expiresAt, session: toSession(session), endedSessionIds };
  }

  async function currentOf(session: ResolvedSession, expiresAt: Date): Promise<CurrentSession> {
    const user = await findSessionUser(db, session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return {
      user: toSessionUser(user),
      session: toSession({ ...session, expiresAt }),
      viewer: toViewerRef(session.viewerId, session.userId),
    };
  }

  /** The caller's own session, whatever its state; `id` must name it. */
  function ownSession(caller: ResolvedSession | null, id: string): ResolvedSession {
    if (!caller) throw new AppError('UNAUTHORIZED');
    if (caller.id !== id) throw new AppError('FORBIDDEN');
    return caller;
  }

  return {
    openSession,
    claimBrowserCart,

    /**
     * POST /auth/login. The password is checked before anything about the
     * account's sessions is revealed; a role the user does not hold answers
     * like a wrong password. A user has one live session: a second login
     * answers 409 unless `forceLogin` ends the others. Failures slow the
     * attempt's budgets down (`loginBudgets`, decision 0067); a waiting budget
     * answers 429 before the password is even looked at, for an unknown e-mail
     * as for an account. A right password remembers the browser as a known
     * device (`deviceCookie`, for the route to set).
     */
    async login(
      body: LoginBody,
      meta: SessionMeta,
    ): Promise<{
      token: string;
      expiresAt: Date;
      answer: LoginResponse;
      deviceCookie: string | null;
    }> {
      const email = normalEmail(body.username);
      const user = await findUserForLogin(db, email);
      const deviceId = user && devices ? devices.knownDevice(meta.deviceCookie, user) : null;
      const { budgets, clearedBySuccess } = loginBudgets({
        account: emailKey(email),
        ip: meta.ip,
        deviceId,
      });
      await rateLimiter.beginAttempt(budgets);
      // A fault (not a wrong password) ends the attempt uncounted.
      let isRight = false;
      let failed = false;
      try {
        // One scrypt per admitted attempt, against a dummy hash for an unknown e-mail.
        const isPasswordRight = await verifyPassword(
          body.password,
          user?.passwordHash ?? (await dummyPasswordHash()),
        );
        isRight = isPasswordRight && user !== null && user.roles.includes(body.role);
        failed = !isRight;
      } finally {
        await rateLimiter.endAttempt(budgets, { failed });
      }
      if (!user || !isRight) throw new AppError('INVALID_CREDENTIALS');
      if (clearedBySuccess) await rateLimiter.forgetFailures(clearedBySuccess);

      const opened = await db.$transaction((tx) =>
        openSession(tx, user, {
          role: body.role,
          forceLogin: body.forceLogin === true,
          meta,
          verifiedPasswordHash: user.passwordHash,
        }),
      );
      // A login elsewhere: the old device hears it as "another device" (4409), 0052.
      await endings.announce(opened.endedSessionIds, { replaced: true });
      await claimBrowserCart(user.id, meta.cartSessionKey);
      return {
        token: opened.token,
        expiresAt: opened.expiresAt,
        answer: { user: toSessionUser(user), session: opened.session },
        deviceCookie: devices ? devices.remember(meta.deviceCookie, user) : null,
      };
    },

    /**
     * The session a token names, live or not (logout and touch must tell an
     * ended session from none). A session is live until it ends or expires,
     * and while its user still holds the role it acts in.
     */
    async resolve(token: string): Promise<ResolvedSession | null> {
      if (!isWellFormedToken(token)) return null;
      const record = await findSessionByTokenHash(db, hashSessionToken(token));
      if (!record) return null;
      const isLive =
        record.endedAt === null &&
        record.expiresAt.getTime() > clock().getTime() &&
        record.roles.includes(record.role);
      return { ...record, isLive };
    },

    /** GET /auth/session: 401 without a session, 440 when it has expired or ended. */
    async current(caller: ResolvedSession | null): Promise<CurrentSession> {
      if (!caller) throw new AppError('UNAUTHORIZED');
      if (!caller.isLive) throw new AppError('SESSION_EXPIRED');
      return currentOf(caller, caller.expiresAt);
    },

    /**
     * PUT /auth/sessions/{id}/touch: the session lives SESSION_TTL_HOURS from now.
     * The SPA touches on every start, so a cart its browser filled without the
     * session (a tab that had not read it yet) becomes the user's here.
     */
    async touch(
      caller: ResolvedSession | null,
      id: string,
      cartSessionKey: string | null = null,
    ): Promise<{ expiresAt: Date; answer: CurrentSession }> {
      const session = ownSession(caller, id);
      const now = clock();
      const expiresAt = new Date(now.getTime() + ttlMs);
      if (!session.isLive || !(await extendSession(db, session.id, now, expiresAt))) {
        throw new AppError('SESSION_EXPIRED');
      }
      await claimBrowserCart(session.userId, cartSessionKey);
      return { expiresAt, answer: await currentOf(session, expiresAt) };
    },

    /** PUT /auth/sessions/{id}/logout: 400 when the session had already ended (002 §4). */
    async logout(caller: ResolvedSession | null, id: string): Promise<Session> {
      const session = ownSession(caller, id);
      const now = clock();
      if (!session.isLive || !(await endSession(db, session.id, now))) {
        throw new AppError('SESSION_ENDED');
      }
      await endings.announce([session.id]);
      return toSession({ ...session, expiresAt: now });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
