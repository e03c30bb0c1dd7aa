import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';

export function findAccountOwner(db: Db | Tx, userId: string) {
  return db.user.findUnique({
    where: { id: userId },
    select: { email: true, emailVerifiedAt: true },
  });
}

const accountOrderSelect = {
  id: true,
  orderNumber: true,
  createdAt: true,
  status: true,
  total: true,
  currency: true,
  items: {
    select: { id: true, showName: true, description: true, quantity: true },
    orderBy: { id: 'asc' },
  },
} as const satisfies Prisma.OrderSelect;

export type AccountOrderRow = Prisma.OrderGetPayload<{ select: typeof accountOrderSelect }>;

/**
 * The orders of a user, newest first: those placed while signed in, plus,
 * when `guestEmail` is given, guest checkouts made with that address (stored
 * lower-cased, so the e-mail index answers).
 */
export function findAccountOrders(
  db: Db | Tx,
  owner: { userId: string; guestEmail: string | null },
): Promise<AccountOrderRow[]> {
  const guestOrders: Prisma.OrderWhereInput[] = owner.guestEmail
    ? [{ userId: null, email: owner.guestEmail }]
    : [];
  return db.order.findMany({
    where: { OR: [{ userId: owner.userId }, ...guestOrders] },
    orderBy: [{ createdAt: 'desc' }, { orderNumber: 'desc' }],
    select: accountOrderSelect,
  });
}
