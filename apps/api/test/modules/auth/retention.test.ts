import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, SWEEPER_JOBS } from '../../../src/infra/queues.ts';
import { purgeSpentCredentials } from '../../../src/modules/auth/auth.retention.ts';
import { createTestDatabase } from '../../helpers/database.ts';
import type { TestDatabase } from '../../helpers/database.ts';
import { createUser } from '../../helpers/factories.ts';
import { runJobOnce } from '../../helpers/jobs.ts';

const NOW = new Date('2027-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const token = () => randomBytes(16).toString('hex');

describe('purge of spent sessions and tokens', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function seedCredentials() {
    const db = database.db;
    const user = await createUser(db, { password: 'Clave-Segura-2026' });
    const session = (label: string, data: { expiresAt: Date; endedAt?: Date | null }) =>
      db.session.create({
        data: { tokenHash: token(), userId: user.id, role: 'Viewer', username: label, ...data },
      });
    const ids = {
      liveSession: (await session('live', { expiresAt: new Date(NOW.getTime() + DAY) })).id,
      recentlyEnded: (await session('ended', { expiresAt: ago(-1), endedAt: ago(3) })).id,
      longExpired: (await session('old', { expiresAt: ago(31) })).id,
      longEnded: (await session('old-ended', { expiresAt: ago(10), endedAt: ago(40) })).id,
    };
    const reset = (data: { expiresAt: Date; usedAt?: Date | null }) =>
      db.passwordResetToken.create({ data: { userId: user.id, tokenHash: token(), ...data } });
    const tokens = {
      liveReset: (await reset({ expiresAt: new Date(NOW.getTime() + 3_600_000) })).id,
      usedLongAgo: (await reset({ expiresAt: ago(9), usedAt: ago(9) })).id,
      usedYesterday: (await reset({ expiresAt: ago(1), usedAt: ago(1) })).id,
      staleVerification: (
        await db.emailVerificationToken.create({
          data: { userId: user.id, tokenHash: token(), expiresAt: ago(8) },
        })
      ).id,
    };
    return { ids, tokens };
  }

  it('deletes only what outlived its retention, and nothing the second time', async () => {
    const { ids, tokens } = await seedCredentials();
    const first = await purgeSpentCredentials(database.db, NOW);
    expect(first).toEqual({ sessions: 2, passwordResetTokens: 1, emailVerificationTokens: 1 });
    const sessions = await database.db.session.findMany({ select: { id: true } });
    expect(sessions.map((s) => s.id).sort()).toEqual([ids.liveSession, ids.recentlyEnded].sort());
    const resets = await database.db.passwordResetToken.findMany({ select: { id: true } });
    expect(resets.map((r) => r.id).sort()).toEqual([tokens.liveReset, tokens.usedYesterday].sort());

    expect(await purgeSpentCredentials(database.db, NOW)).toEqual({
      sessions: 0,
      passwordResetTokens: 0,
      emailVerificationTokens: 0,
    });
  });

  it('runs as the purge job of the sweeper queue', async () => {
    await seedCredentials();
    const result = await runJobOnce({
      db: database.db,
      queue: QUEUES.sweeper,
      name: SWEEPER_JOBS.purge,
      clock: () => NOW,
    });
    expect(result).toEqual({
      sessions: 2,
      passwordResetTokens: 1,
      emailVerificationTokens: 1,
    });
  });
});
