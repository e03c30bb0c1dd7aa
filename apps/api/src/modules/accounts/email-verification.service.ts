import { ACCOUNT_MESSAGES } from '@taquilla/contract';
import type { Config } from '../../config.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { Mailer } from '../mail/mail.types.ts';
import { emailVerificationLink } from './account-links.ts';
import { hashOneTimeToken, isWellFormedOneTimeToken, newOneTimeToken } from './one-time-token.ts';

export const EMAIL_VERIFICATION_TTL_HOURS = 48;
const HOUR_MS = 3_600_000;

/**
 * Refused verification links per address (decision 0050). A link's token is 256
 * bits, so the budget stops a script trying tokens at speed rather than a real
 * guess; only refusals count, and a person clicks their own link once or twice.
 */
export const VERIFY_FAILURES: RateLimitRule = { limit: 20, windowSeconds: 600 };

export interface EmailVerificationDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  config: Pick<Config, 'PUBLIC_URL'>;
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
}

/**
 * E-mail verification (002 §2.5): a single-use link valid for 48 hours.
 * The database keeps only the SHA-256 of the link's token.
 */
export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const { db, mailer, clock, config, rateLimiter } = deps;

  /**
   * Marks the address verified and spends the link, in one transaction. An
   * unknown, used or expired token is VERIFY_TOKEN_INVALID; of two
   * simultaneous uses only one succeeds.
   */
  async function claimToken(token: string): Promise<void> {
    if (!isWellFormedOneTimeToken(token)) throw new AppError('VERIFY_TOKEN_INVALID');
    const now = clock();
    await db.$transaction(async (tx) => {
      const row = await tx.emailVerificationToken.findUnique({
        where: { tokenHash: hashOneTimeToken(token) },
        select: { id: true, userId: true },
      });
      if (!row) throw new AppError('VERIFY_TOKEN_INVALID');
      // The conditional update is the single-use check: a concurrent use
      // waits on the row lock, then finds usedAt set and matches nothing.
      const claimed = await tx.emailVerificationToken.updateMany({
        where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) throw new AppError('VERIFY_TOKEN_INVALID');
      // Other links of this user have nothing left to verify.
      await tx.emailVerificationToken.updateMany({
        where: { userId: row.userId, usedAt: null },
        data: { usedAt: now },
      });
      await tx.user.updateMany({
        where: { id: row.userId, emailVerifiedAt: null },
        data: { emailVerifiedAt: now },
      });
    });
  }

  return {
    /**
     * Sends a verification link to the user's address. Call it after the
     * transaction that created the user has committed: the token row refers
     * to the user, and the mail must not go out for a user that was rolled
     * back. An address already verified gets nothing. Each call makes a new
     * link; earlier ones stay valid until used or expired.
     */
    async send(userId: string): Promise<void> {
      const user = await db.user.findUnique({
        where: { id: userId },
        select: { email: true, fullname: true, emailVerifiedAt: true },
      });
      if (!user) throw new Error(`email verification: no user ${userId}`);
      if (user.emailVerifiedAt) return;

      const { token, tokenHash } = newOneTimeToken();
      const now = clock();
      const row = await db.emailVerificationToken.create({
        data: {
          userId,
          tokenHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS),
        },
        select: { id: true },
      });
      // The row has committed (a single statement); only now may the mail go.
      await mailer.send({
        template: 'email-verification',
        to: user.email,
        key: row.id,
        data: {
          fullname: user.fullname,
          verifyUrl: emailVerificationLink(config.PUBLIC_URL, token),
          expiresInHours: EMAIL_VERIFICATION_TTL_HOURS,
        },
      });
    },

    /**
     * GET /auth/email/verify/{token}: claims the link (400 VERIFY_TOKEN_INVALID
     * when it is unknown, used or expired). Refusals spend the address's
     * VERIFY_FAILURES; past them it answers 429 before looking at the token.
     */
    async verify(token: string, ip: string): Promise<{ message: string }> {
      const budget = [{ key: `verify-email:ip:${ip}`, rule: VERIFY_FAILURES }];
      await rateLimiter.check(budget);
      try {
        await claimToken(token);
      } catch (err) {
        if (isAppError(err) && err.code === 'VERIFY_TOKEN_INVALID') {
          await rateLimiter.consume(budget);
        }
        throw err;
      }
      return { message: ACCOUNT_MESSAGES.emailVerified };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
