import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { sessionUserSelect } from '../auth/auth.repo.ts';

/** Everything the profile shows; never the password hash. */
export const profileSelect = {
  ...sessionUserSelect,
  address: true,
  city: true,
  state: true,
  nit: true,
  zip: true,
  emailVerifiedAt: true,
} as const satisfies Prisma.UserSelect;

export type ProfileRow = Prisma.UserGetPayload<{ select: typeof profileSelect }>;

export function findProfile(db: Db | Tx, userId: string): Promise<ProfileRow | null> {
  return db.user.findUnique({ where: { id: userId }, select: profileSelect });
}

/** The profile fields a person may change about themselves (e-mail and roles are not among them). */
export type ProfileChanges = Pick<
  Prisma.UserUpdateInput,
  | 'fullname'
  | 'firstname'
  | 'lastname'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'country'
  | 'nit'
  | 'zip'
>;

export function updateProfile(
  db: Db | Tx,
  userId: string,
  changes: ProfileChanges,
): Promise<ProfileRow> {
  return db.user.update({ where: { id: userId }, data: changes, select: profileSelect });
}
