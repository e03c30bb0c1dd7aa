import type { Db, Tx } from '../../infra/db.ts';
import { sessionUserSelect } from '../auth/auth.repo.ts';

export async function isEmailTaken(db: Db | Tx, email: string): Promise<boolean> {
  const found = await db.user.findUnique({ where: { email }, select: { id: true } });
  return found !== null;
}

/** A self-signup account: role Viewer, e-mail not yet verified, username = e-mail. */
export function insertViewerUser(
  tx: Tx,
  data: { email: string; fullname: string; passwordHash: string; now: Date },
) {
  return tx.user.create({
    data: {
      email: data.email,
      username: data.email,
      fullname: data.fullname,
      passwordHash: data.passwordHash,
      roles: ['Viewer'],
      createdAt: data.now,
    },
    select: sessionUserSelect,
  });
}

/**
 * The user's viewer, created when absent. INSERT … ON CONFLICT DO NOTHING on
 * the unique user id, so two simultaneous calls end with one viewer.
 */
export async function ensureViewer(db: Db | Tx, userId: string, now: Date) {
  await db.viewer.createMany({ data: [{ userId, createdAt: now }], skipDuplicates: true });
  return db.viewer.findUniqueOrThrow({ where: { userId }, select: { id: true, userId: true } });
}

export function findViewerOfUser(db: Db | Tx, userId: string) {
  return db.viewer.findUnique({ where: { userId }, select: { id: true, userId: true } });
}
