import type { Prisma, Role } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';

/** What an account's wire shape needs; the password hash is never selected. */
export const adminUserSelect = {
  id: true,
  email: true,
  fullname: true,
  roles: true,
  emailVerifiedAt: true,
  createdAt: true,
  producer: { select: { id: true, name: true, slug: true } },
} as const satisfies Prisma.UserSelect;
export type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

export const producerSelect = {
  id: true,
  name: true,
  slug: true,
  email: true,
  phone: true,
  createdAt: true,
} as const satisfies Prisma.ProducerSelect;
export type ProducerRow = Prisma.ProducerGetPayload<{ select: typeof producerSelect }>;

export async function isEmailTaken(db: Db | Tx, email: string): Promise<boolean> {
  return (await db.user.count({ where: { email } })) > 0;
}

export function findProducer(db: Db | Tx, id: string) {
  return db.producer.findUnique({ where: { id }, select: producerSelect });
}

/** The producer's row, locked until the transaction ends (two edits at once run one after the other). */
export async function lockProducer(tx: Tx, id: string) {
  await tx.$queryRaw`SELECT id FROM producers WHERE id = ${id}::uuid FOR UPDATE`;
  return findProducer(tx, id);
}

export function updateProducer(
  tx: Tx,
  id: string,
  data: { name?: string; email?: string | null; phone?: string | null },
) {
  return tx.producer.update({ where: { id }, data, select: producerSelect });
}

/**
 * Serialises producer creations until the transaction ends, so two new
 * producers with the same name cannot both pick the same free slug.
 * Creating producers is rare: one lock for all of them costs nothing.
 */
export async function lockProducerSlugs(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('taquilla:producers.slug'))`;
}

export async function isSlugTaken(db: Db | Tx, slug: string): Promise<boolean> {
  return (await db.producer.count({ where: { slug } })) > 0;
}

/** `base` and every `base-…` slug in use. */
export async function slugsLike(db: Db | Tx, base: string): Promise<Set<string>> {
  const rows = await db.producer.findMany({
    where: { OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }] },
    select: { slug: true },
  });
  return new Set(rows.map((row) => row.slug));
}

export function createProducer(
  tx: Tx,
  data: { name: string; slug: string; email: string | null; phone: string | null; now: Date },
) {
  return tx.producer.create({
    data: {
      name: data.name,
      slug: data.slug,
      email: data.email,
      phone: data.phone,
      createdAt: data.now,
    },
    select: producerSelect,
  });
}

/** An organiser account: the login name is the e-mail, which the creating admin vouches for. */
export function createOrganiserUser(
  tx: Tx,
  data: {
    email: string;
    fullname: string;
    role: Role;
    producerId: string | null;
    passwordHash: string;
    now: Date;
  },
) {
  return tx.user.create({
    data: {
      email: data.email,
      username: data.email,
      fullname: data.fullname,
      passwordHash: data.passwordHash,
      roles: [data.role],
      producerId: data.producerId,
      emailVerifiedAt: data.now,
      createdAt: data.now,
    },
    select: adminUserSelect,
  });
}

/** An invitation is a password-reset link with a longer life; only the token's hash is kept. */
export function createSetPasswordToken(
  tx: Tx,
  data: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
) {
  return tx.passwordResetToken.create({
    data: {
      userId: data.userId,
      tokenHash: data.tokenHash,
      createdAt: data.now,
      expiresAt: data.expiresAt,
    },
    select: { id: true },
  });
}

export interface UserFilter {
  role?: Role;
  q?: string;
  producerId?: string;
}

function userWhere(filter: UserFilter): Prisma.UserWhereInput {
  return {
    ...(filter.role ? { roles: { has: filter.role } } : {}),
    ...(filter.producerId ? { producerId: filter.producerId } : {}),
    ...(filter.q
      ? {
          OR: [
            { email: { contains: filter.q, mode: 'insensitive' } },
            { fullname: { contains: filter.q, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

/** One page of accounts, newest first, and how many match. */
export async function listUsers(
  db: Db | Tx,
  filter: UserFilter,
  page: { skip: number; take: number },
) {
  const where = userWhere(filter);
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.skip,
      take: page.take,
      select: adminUserSelect,
    }),
  ]);
  return { total, rows };
}

export function listProducersWithCounts(db: Db | Tx) {
  return db.producer.findMany({
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { ...producerSelect, _count: { select: { users: true, shows: true } } },
  });
}
export type ProducerWithCountsRow = Awaited<ReturnType<typeof listProducersWithCounts>>[number];
