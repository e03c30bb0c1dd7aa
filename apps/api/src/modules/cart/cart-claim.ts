import type { Db } from '../../infra/db.ts';
import { claimAnonymousCart, lockCartSession } from './cart.repo.ts';
import { clientKeyOf, inCartTransaction } from './cart.tx.ts';

/** What signing in does with the browser's cart (decision 0055). */
export interface CartClaims {
  /**
   * Makes the open cart that `sessionKey` names the user's, when it has no owner
   * yet: from then on only that user's session reaches it. Its lines, seat holds
   * and ten minutes stay as they are. Never the caller's failure: a cart left
   * anonymous by a lost claim is attached by the user's next write on it.
   */
  claimForUser(sessionKey: string, userId: string): Promise<void>;
}

export function createCartClaims(deps: {
  db: Db;
  log: { warn: (o: object, m: string) => void };
}): CartClaims {
  return {
    async claimForUser(sessionKey, userId) {
      try {
        await inCartTransaction(deps.db, async (tx) => {
          // The same locks, in the same order, as an add: session, then the user's hold cap.
          const clientKey = clientKeyOf({ userId, ip: '' });
          await lockCartSession(tx, sessionKey, clientKey);
          await claimAnonymousCart(tx, { sessionKey, userId, clientKey });
        });
      } catch (err) {
        deps.log.warn({ err, userId }, 'anonymous cart not attached at sign-in');
      }
    },
  };
}
