import { ACCOUNT_MESSAGES } from '@taquilla/contract';
import { checkPasswordPolicy } from '@taquilla/domain';
import type { Config } from '../../config.ts';
import { AppError, invalidField } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { endLiveSessions, lockUser } from '../auth/auth.repo.ts';
import { emailKey, normalEmail } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { NO_SESSION_ENDINGS } from '../auth/session-endings.ts';
import type { SessionEndings } from '../auth/session-endings.ts';
import type { Mailer } from '../mail/mail.types.ts';
import { passwordResetLink } from './account-links.ts';
import { hashOneTimeToken, isWellFormedOneTimeToken, newOneTimeToken } from './one-time-token.ts';

export const PASSWORD_RESET_TTL_MINUTES = 60;
const MINUTE_MS = 60_000;
/** Matches no user: the unknown-address path runs the same statements against it. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/** Attempts per 15 minutes (ARCHITECTURE §7). */
export const PASSWORD_RESET_LIMITS = {
  requestPerEmail: { limit: 5, windowSeconds: 900 },
  requestPerIp: { limit: 20, windowSeconds: 900 },
  resetPerIp: { limit: 20, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  config: Pick<Config, 'PUBLIC_URL'>;
  rateLimiter: RateLimiter;
  /** Closes the realtime sockets of the sessions a reset ends (decision 0052). */
  endings?: SessionEndings;
}

const invalidToken = () => new AppError('RESET_TOKEN_INVALID');

/**
 * Password recovery (002 §2.5): a single-use link valid for one hour, sent
 * only to a real account's address, while the answer never says whether the
 * address has one. A reset ends every session of the account.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, mailer, clock, config, rateLimiter } = deps;
  const endings = deps.endings ?? NO_SESSION_ENDINGS;

  return {
    /**
     * POST /auth/password/request. The same answer, after the same queries,
     * for every address; the per-address limit also caps how many timing
     * samples anyone can take of one address. A new link makes the older
     * unused ones of the account invalid.
     */
    async request(email: string, ip: string): Promise<{ message: string }> {
      const address = normalEmail(email);
      await rateLimiter.consume([
        { key: `password-request:ip:${ip}`, rule: PASSWORD_RESET_LIMITS.requestPerIp },
        // Hashed like login's keys: Redis never holds the address in clear.
        {
          key: `password-request:email:${emailKey(address)}`,
          rule: PASSWORD_RESET_LIMITS.requestPerEmail,
        },
      ]);

      const { token, tokenHash } = newOneTimeToken();
      const now = clock();
      const issued = await db.$transaction(async (tx) => {
        const user = await tx.user.findUnique({
          where: { email: address },
          select: { id: true, email: true, fullname: true },
        });
        // Serialises requests of one account, so two at once leave one live link.
        if (user) await lockUser(tx, user.id);
        await tx.passwordResetToken.updateMany({
          where: { userId: user?.id ?? NO_USER_ID, usedAt: null, expiresAt: { gt: now } },
          data: { expiresAt: now },
        });
        if (!user) return null;
        const row = await tx.passwordResetToken.create({
          data: {
            userId: user.id,
            tokenHash,
            createdAt: now,
            expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * MINUTE_MS),
          },
          select: { id: true },
        });
        return { tokenId: row.id, user };
      });

      if (issued) {
        await mailer.send({
          template: 'password-reset',
          to: issued.user.email,
          key: issued.tokenId,
          data: {
            fullname: issued.user.fullname,
            resetUrl: passwordResetLink(config.PUBLIC_URL, token),
            expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
          },
        });
      }
      return { message: ACCOUNT_MESSAGES.passwordRequested };
    },

    /**
     * POST /auth/password/reset. In one transaction: the link is spent (of two
     * simultaneous uses one wins), the new scrypt hash is stored, the
     * account's other links die, and every live session ends, so a stolen
     * session does not outlive the reset. Reaching the link also proves the
     * address, so it counts as verified.
     */
    async reset(token: string, password: string, ip: string): Promise<{ message: string }> {
      await rateLimiter.consume([
        { key: `password-reset:ip:${ip}`, rule: PASSWORD_RESET_LIMITS.resetPerIp },
      ]);
      if (!isWellFormedOneTimeToken(token)) throw invalidToken();
      const now = clock();
      const found = await db.passwordResetToken.findUnique({
        where: { tokenHash: hashOneTimeToken(token) },
        select: {
          id: true,
          userId: true,
          usedAt: true,
          expiresAt: true,
          user: { select: { email: true } },
        },
      });
      if (!found || found.usedAt || found.expiresAt.getTime() <= now.getTime()) {
        throw invalidToken();
      }
      // The signup rule (length, deny-list, not the address); a refusal leaves the link usable.
      const policy = checkPasswordPolicy(password, { email: found.user.email });
      if (!policy.ok) {
        throw invalidField('password', policy.message);
      }

      // scrypt takes a while: hashed before the transaction, not inside it.
      const passwordHash = await hashPassword(password);
      const ended = await db.$transaction(async (tx) => {
        await lockUser(tx, found.userId);
        const claimed = await tx.passwordResetToken.updateMany({
          where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (claimed.count !== 1) throw invalidToken();
        await tx.passwordResetToken.updateMany({
          where: { userId: found.userId, usedAt: null, expiresAt: { gt: now } },
          data: { expiresAt: now },
        });
        await tx.user.update({ where: { id: found.userId }, data: { passwordHash } });
        await tx.user.updateMany({
          where: { id: found.userId, emailVerifiedAt: null },
          data: { emailVerifiedAt: now },
        });
        return endLiveSessions(tx, found.userId, now);
      });
      await endings.announce(ended);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
