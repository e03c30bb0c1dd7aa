import type { CurrentSession, LoginBody, LoginResponse, Session } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
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
  lockUser,
} from './auth.repo.ts';
import type { SessionRecord } from './auth.repo.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashSessionToken, isWellFormedToken, newSessionToken } from './session-token.ts';

const HOUR_MS = 3_600_000;

/** The session a request's token names, and whether it may still be used. */
export interface ResolvedSession extends SessionRecord {
  isLive: boolean;
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

export function createAuthService(deps: { db: Db; clock: () => Date; sessionTtlHours: number }) {
  const { db, clock } = deps;
  const ttlMs = deps.sessionTtlHours * HOUR_MS;

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
    /**
     * POST /auth/login. The password is checked before anything about the
     * account's sessions is revealed; a role the user does not hold answers
     * like a wrong password. A user has one live session: a second login
     * answers 409 unless `forceLogin` ends the others.
     */
    async login(
      body: LoginBody,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<{ token: string; expiresAt: Date; answer: LoginResponse }> {
      const email = body.username.trim().toLowerCase();
      const user = await findUserForLogin(db, email);
      const isPasswordRight = await verifyPassword(
        body.password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      );
      if (!user || !isPasswordRight || !user.roles.includes(body.role)) {
        throw new AppError('INVALID_CREDENTIALS');
      }

      const token = newSessionToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + ttlMs);
      const session = await db.$transaction(async (tx) => {
        await lockUser(tx, user.id);
        const live = await countLiveSessions(tx, user.id, now);
        if (live > 0) {
          if (body.forceLogin !== true) throw new AppError('SESSION_ALREADY_ACTIVE');
          await endLiveSessions(tx, user.id, now);
        }
        return createSession(tx, {
          tokenHash: hashSessionToken(token),
          userId: user.id,
          role: body.role,
          username: user.username,
          expiresAt,
          now,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 500) ?? null,
        });
      });
      return {
        token,
        expiresAt,
        answer: { user: toSessionUser(user), session: toSession(session) },
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

    /** PUT /auth/sessions/{id}/touch: the session lives SESSION_TTL_HOURS from now. */
    async touch(
      caller: ResolvedSession | null,
      id: string,
    ): Promise<{ expiresAt: Date; answer: CurrentSession }> {
      const session = ownSession(caller, id);
      const now = clock();
      const expiresAt = new Date(now.getTime() + ttlMs);
      if (!session.isLive || !(await extendSession(db, session.id, now, expiresAt))) {
        throw new AppError('SESSION_EXPIRED');
      }
      return { expiresAt, answer: await currentOf(session, expiresAt) };
    },

    /** PUT /auth/sessions/{id}/logout: 400 when the session had already ended (002 §4). */
    async logout(caller: ResolvedSession | null, id: string): Promise<Session> {
      const session = ownSession(caller, id);
      const now = clock();
      if (!session.isLive || !(await endSession(db, session.id, now))) {
        throw new AppError('SESSION_ENDED');
      }
      return toSession({ ...session, expiresAt: now });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
