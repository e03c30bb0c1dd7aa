import type { AccountOrder } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { normalEmail } from '../auth/auth.service.ts';
import { assertOwnUser } from './account.access.ts';
import { toAccountOrder } from './account-orders.mapper.ts';
import { findAccountOrders, findAccountOwner } from './account-orders.repo.ts';

/**
 * Mis Compras / Mis Órdenes (002 §2.6). `?user=` and `?email=` only say whose
 * orders the client thinks it is asking for; the answer is always the
 * caller's own, and naming anyone else answers 403.
 */
export function createAccountOrdersService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /**
     * GET /cart/orders. Guest checkouts made with the account's address are
     * the caller's only once that address is verified: otherwise anyone could
     * sign up with someone else's e-mail and read their purchases.
     */
    async list(
      caller: AuthContext,
      query: { user?: string | undefined; email?: string | undefined },
    ): Promise<{ items: AccountOrder[] }> {
      if (query.user !== undefined) assertOwnUser(caller, query.user);
      const owner = await findAccountOwner(db, caller.userId);
      if (!owner) throw new AppError('NOT_FOUND');
      if (query.email !== undefined && normalEmail(query.email) !== owner.email) {
        throw new AppError('FORBIDDEN');
      }
      const rows = await findAccountOrders(db, {
        userId: caller.userId,
        guestEmail: owner.emailVerifiedAt ? owner.email : null,
      });
      return { items: rows.map(toAccountOrder) };
    },
  };
}

export type AccountOrdersService = ReturnType<typeof createAccountOrdersService>;
