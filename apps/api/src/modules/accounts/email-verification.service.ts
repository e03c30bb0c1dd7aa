import { ACCOUNT_MESSAGES } from '@taquilla/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { Mailer } from '../mail/mail.types.ts';
import { emailVerificationLink } from './account-links.ts';
import { hashOneTimeToken, isWellFormedOneTimeToken, newOneTimeToken } from './one-time-token.ts';

export const EMAIL_VERIFICATION_TTL_HOURS = 48;
const HOUR_MS = 3_600_000;

export interface EmailVerificationDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/**
 * E-mail verification (002 §2.5): a single-use link valid for 48 hours.
 * The database keeps only the SHA-256 of the link's token.
 */
export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const { db, mailer, clock, config } = deps;

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
     * GET /auth/email/verify/{token}: marks the address verified and spends
     * the link, in one transaction. An unknown, used or expired token answers
     * 400 VERIFY_TOKEN_INVALID; of two simultaneous uses only one succeeds.
     */
    async verify(token: string): Promise<{ message: string }> {
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
      return { message: ACCOUNT_MESSAGES.emailVerified };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
