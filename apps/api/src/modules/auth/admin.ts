import type { Db } from '../../infra/db.ts';
import { normalEmail } from './auth.service.ts';
import { hashPassword } from './password.ts';

/**
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD and is created at
 * start-up when absent (ORGANISER-API.md). An existing account is left as is:
 * a password changed by its owner is not reset by a restart. Several API
 * instances starting at once on an empty database race here: the insert skips
 * a conflict, so one creates the account and the others start as well.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string },
  log: { info: (o: object, m: string) => void },
): Promise<void> {
  const email = normalEmail(admin.email);
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return;
  const { count } = await db.user.createMany({
    data: {
      email,
      username: email,
      fullname: 'Administración Taquilla',
      passwordHash: await hashPassword(admin.password),
      roles: ['Admin'],
      emailVerifiedAt: new Date(),
    },
    skipDuplicates: true,
  });
  if (count > 0) log.info({ email }, 'admin account created');
}
