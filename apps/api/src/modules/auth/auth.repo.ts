import type { Role } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { SessionRecord } from '../../plugins/auth.ts';

export const sessionUserSelect = {
  id: true,
  username: true,
  email: true,
  fullname: true,
  firstname: true,
  lastname: true,
  phone: true,
  country: true,
  createdAt: true,
  roles: true,
} as const;

export function findUserForLogin(db: Db | Tx, email: string) {
  return db.user.findUnique({
    where: { email },
    select: { ...sessionUserSelect, passwordHash: true },
  });
}

export function findSessionUser(db: Db | Tx, userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: sessionUserSelect });
}

/**
 * Every request that carries a token runs this, so it is one round trip:
 * the session, its user's roles and producer, and the user's viewer.
 */
export async function findSessionByTokenHash(
  db: Db | Tx,
  tokenHash: string,
): Promise<SessionRecord | null> {
  const rows = await db.$queryRaw<SessionRecord[]>`
    SELECT s.id::text AS "id", s.user_id::text AS "userId", s.username, s.role::text AS "role",
           s.expires_at AS "expiresAt", s.ended_at AS "endedAt",
           u.roles::text[] AS "roles", u.producer_id::text AS "producerId", v.id::text AS "viewerId"
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN viewers v ON v.user_id = s.user_id
    WHERE s.token_hash = ${tokenHash}`;
  return rows[0] ?? null;
}

/** Serialises logins of one user, so two at once cannot both find "no live session". */
export async function findPasswordHash(tx: Tx, userId: string): Promise<string | null> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return user?.passwordHash ?? null;
}

export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
}

const liveSessionsOf = (userId: string, now: Date) => ({
  userId,
  endedAt: null,
  expiresAt: { gt: now },
});

export function countLiveSessions(tx: Tx, userId: string, now: Date) {
  return tx.session.count({ where: liveSessionsOf(userId, now) });
}

/** Ends the user's live sessions; answers their ids (their sockets close too: decision 0052). */
export async function endLiveSessions(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const ended = await tx.session.updateManyAndReturn({
    where: liveSessionsOf(userId, now),
    data: { endedAt: now },
    select: { id: true },
  });
  return ended.map((session) => session.id);
}

export function createSession(
  tx: Tx,
  data: {
    tokenHash: string;
    userId: string;
    role: Role;
    username: string;
    expiresAt: Date;
    now: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  return tx.session.create({
    data: {
      tokenHash: data.tokenHash,
      userId: data.userId,
      role: data.role,
      username: data.username,
      expiresAt: data.expiresAt,
      lastSeenAt: data.now,
      createdAt: data.now,
      ip: data.ip,
      userAgent: data.userAgent,
    },
    select: { id: true, userId: true, username: true, role: true, expiresAt: true },
  });
}

/** Ends a session if it is still live; answers whether it did. */
export async function endSession(db: Db | Tx, id: string, now: Date): Promise<boolean> {
  const result = await db.session.updateMany({
    where: { id, endedAt: null, expiresAt: { gt: now } },
    data: { endedAt: now },
  });
  return result.count === 1;
}

/** Extends a live session; answers whether it was still live. */
export async function extendSession(
  db: Db | Tx,
  id: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db.session.updateMany({
    where: { id, endedAt: null, expiresAt: { gt: now } },
    data: { expiresAt, lastSeenAt: now },
  });
  return result.count === 1;
}
