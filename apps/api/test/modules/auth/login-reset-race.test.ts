import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../../src/modules/auth/auth.service.ts';
import { hashPassword } from '../../../src/modules/auth/password.ts';
import { createRateLimiter } from '../../../src/plugins/rate-limit.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createUser } from '../../helpers/factories.ts';

describe('a login racing a password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opens no session when the password changed after it was checked', async () => {
    const db = t.database.db;
    const user = await createUser(db, { password: 'Clave-Vieja-2026' });
    const auth = createAuthService({
      db,
      clock: () => new Date(),
      sessionTtlHours: 24,
      rateLimiter: createRateLimiter({ redis: t.redis, namespace: `t-${randomUUID()}` }),
    });
    const checkedHash = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
    // The reset commits between the login's password check and its session.
    await db.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword('Clave-Nueva-2026') },
    });
    const attempt = db.$transaction((tx) =>
      auth.openSession(tx, user, {
        role: 'Viewer',
        forceLogin: true,
        meta: { ip: null, userAgent: null },
        verifiedPasswordHash: checkedHash,
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);

    const current = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
    const opened = await db.$transaction((tx) =>
      auth.openSession(tx, user, {
        role: 'Viewer',
        forceLogin: true,
        meta: { ip: null, userAgent: null },
        verifiedPasswordHash: current,
      }),
    );
    expect(opened.session.user_uid).toBe(user.id);
  });
});
