import type {
  CurrentSession,
  LoginResponse,
  Role,
  ViewerRef,
  createSessionBodySchema,
  createUserBodySchema,
} from '@taquilla/contract';
import { checkPasswordPolicy } from '@taquilla/domain';
import type { z } from 'zod';
import { AppError, invalidField, isUniqueViolation } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { RateLimitRule, RateLimiter } from '../../plugins/rate-limit.ts';
import { toSessionUser, toViewerRef } from '../auth/auth.mapper.ts';
import { emailKey, normalEmail } from '../auth/auth.service.ts';
import type { ResolvedSession } from '../../plugins/auth.ts';
import type { AuthService, SessionMeta } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import type { EmailVerificationService } from './email-verification.service.ts';
import { assertOwnUser } from './account.access.ts';
import { ensureViewer, findViewerOfUser, insertViewerUser, isEmailTaken } from './signup.repo.ts';

type CreateUserBody = z.output<typeof createUserBodySchema>;
type CreateSessionBody = z.output<typeof createSessionBodySchema>;

/**
 * Attempts per window (ARCHITECTURE §7). The existence check answers what
 * signup would reveal anyway (409), so it gets a budget rather than a secret;
 * signup itself is costly (a scrypt hash, three rows, an e-mail) and capped
 * per address and per e-mail.
 */
export const SIGNUP_LIMITS = {
  existsPerIp: { limit: 30, windowSeconds: 10 * 60 },
  signupPerIp: { limit: 10, windowSeconds: 60 * 60 },
  signupPerEmail: { limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Self-signup creates buyers only (002 §2.4): any other role is an organiser's job. */
const SELF_SIGNUP_ROLES: readonly Role[] = ['Viewer'];

export interface SignupDeps {
  db: Db;
  clock: () => Date;
  auth: Pick<AuthService, 'openSession' | 'current' | 'claimBrowserCart'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  emailVerification: Pick<EmailVerificationService, 'send'>;
  log: { error: (o: object, m: string) => void };
}

const ipKey = (ip: string | null) => ip ?? 'unknown';

/**
 * The four signup calls of 002 §4: does the account exist, create the user
 * (which also creates its viewer and signs it in), create the viewer, create
 * the session. The last two only confirm what the second did, for the
 * caller's own user; a client-sent user_uid never names anyone else.
 */
export function createSignupService(deps: SignupDeps) {
  const { db, clock, auth, rateLimiter, log } = deps;

  return {
    /** POST /auth/users/exists. */
    async userExists(email: string, ip: string | null): Promise<{ userExists: boolean }> {
      await rateLimiter.consume([
        { key: `signup-exists:ip:${ipKey(ip)}`, rule: SIGNUP_LIMITS.existsPerIp },
      ]);
      return { userExists: await isEmailTaken(db, normalEmail(email)) };
    },

    /**
     * POST /auth/users: the user, its viewer and its first session in one
     * transaction, so a failure leaves no half account; the verification
     * e-mail goes only after that commits. `username` from the client is
     * ignored: the login name is the e-mail.
     */
    async createUser(
      body: CreateUserBody,
      meta: SessionMeta,
    ): Promise<{ token: string; expiresAt: Date; answer: LoginResponse }> {
      const email = normalEmail(body.email);
      await rateLimiter.consume([
        { key: `signup:ip:${ipKey(meta.ip)}`, rule: SIGNUP_LIMITS.signupPerIp },
        { key: `signup:email:${emailKey(email)}`, rule: SIGNUP_LIMITS.signupPerEmail },
      ]);
      const isSelfSignup =
        body.roles.length === SELF_SIGNUP_ROLES.length &&
        body.roles.every((role, i) => role === SELF_SIGNUP_ROLES[i]);
      if (!isSelfSignup) throw new AppError('FORBIDDEN');
      const policy = checkPasswordPolicy(body.password, { email });
      if (!policy.ok) {
        throw invalidField('password', policy.message);
      }
      if (await isEmailTaken(db, email)) throw new AppError('USER_ALREADY_EXISTS');

      const passwordHash = await hashPassword(body.password);
      const now = clock();
      const created = await db
        .$transaction(async (tx) => {
          const user = await insertViewerUser(tx, {
            email,
            fullname: body.fullname,
            passwordHash,
            now,
          });
          await ensureViewer(tx, user.id, now);
          const opened = await auth.openSession(tx, user, {
            role: 'Viewer',
            forceLogin: false,
            meta,
          });
          return { user, opened };
        })
        .catch((err: unknown) => {
          // Two signups with one e-mail at once: the unique index decides.
          if (isUniqueViolation(err)) throw new AppError('USER_ALREADY_EXISTS');
          throw err;
        });

      await auth.claimBrowserCart(created.user.id, meta.cartSessionKey);
      try {
        await deps.emailVerification.send(created.user.id);
      } catch (err) {
        // The account exists and is signed in; a lost e-mail must not undo that.
        log.error({ err, userId: created.user.id }, 'verification e-mail not queued after signup');
      }
      return {
        token: created.opened.token,
        expiresAt: created.opened.expiresAt,
        answer: { user: toSessionUser(created.user), session: created.opened.session },
      };
    },

    /** POST /viewers/viewers: the caller's viewer, created if it has none (201 either way). */
    async createViewer(caller: AuthContext, userUid: string): Promise<ViewerRef> {
      assertOwnUser(caller, userUid);
      const viewer = await ensureViewer(db, caller.userId, clock());
      return { _id: viewer.id, user_uid: viewer.userId };
    },

    /**
     * POST /auth/sessions: the caller's current session, never a new one.
     * `user_uid` and `role` must be the session's own; `username` is ignored.
     */
    async currentSession(
      caller: AuthContext,
      session: ResolvedSession | null,
      body: CreateSessionBody,
    ): Promise<CurrentSession> {
      assertOwnUser(caller, body.user_uid);
      if (body.role !== caller.role) throw new AppError('FORBIDDEN');
      return auth.current(session);
    },

    /** GET /viewers/user/{id}: the caller's own viewer only. */
    async viewerOfUser(caller: AuthContext, userId: string): Promise<ViewerRef> {
      assertOwnUser(caller, userId);
      const viewer = await findViewerOfUser(db, userId);
      const ref = toViewerRef(viewer?.id ?? null, userId);
      if (!ref) throw new AppError('VIEWER_NOT_FOUND');
      return ref;
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
