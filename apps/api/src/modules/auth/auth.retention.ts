import type { Db } from '../../infra/db.ts';

const DAY_MS = 86_400_000;
/** Ended or expired sessions are kept this long (who was logged in, from where), then deleted. */
export const SESSION_RETENTION_DAYS = 30;
/** Spent or expired reset and verification tokens are kept this long, then deleted. */
export const TOKEN_RETENTION_DAYS = 7;

export interface CredentialPurgeResult {
  sessions: number;
  passwordResetTokens: number;
  emailVerificationTokens: number;
}

/**
 * Deletes credentials that can no longer be used and have outlived their
 * retention: sessions ended or expired over 30 days ago, reset and
 * verification tokens used or expired over 7 days ago. Live ones are never
 * touched. Running it twice deletes nothing the second time.
 */
export async function purgeSpentCredentials(db: Db, now: Date): Promise<CredentialPurgeResult> {
  const sessionCutoff = new Date(now.getTime() - SESSION_RETENTION_DAYS * DAY_MS);
  const tokenCutoff = new Date(now.getTime() - TOKEN_RETENTION_DAYS * DAY_MS);
  const spentToken = {
    OR: [{ usedAt: { lte: tokenCutoff } }, { expiresAt: { lte: tokenCutoff } }],
  };
  return db.$transaction(async (tx) => {
    const sessions = await tx.session.deleteMany({
      where: { OR: [{ endedAt: { lte: sessionCutoff } }, { expiresAt: { lte: sessionCutoff } }] },
    });
    const resets = await tx.passwordResetToken.deleteMany({ where: spentToken });
    const verifications = await tx.emailVerificationToken.deleteMany({ where: spentToken });
    return {
      sessions: sessions.count,
      passwordResetTokens: resets.count,
      emailVerificationTokens: verifications.count,
    };
  });
}
