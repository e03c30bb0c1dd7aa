import type { Cart, PromoCode, ValidatePromoCodeBody } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import {
  assertPromoUsable,
  discountFor,
  findPromoByCode,
  findScopedShows,
  toPromoAnswer,
} from './cart-promo.ts';
import { toCart } from './cart.mapper.ts';
import type { CartRow } from './cart.repo.ts';
import { findOpenCart } from './cart.repo.ts';
import { inCartTransaction, liveCartForWrite } from './cart.tx.ts';
import type { CartCaller } from './cart.tx.ts';

/**
 * Codes are short and guessable: each address may have this many refused in a
 * window (applying and validating alike). Only refusals count (decision 0050's
 * rule, 0055): a good code is the norm, and buyers behind one address (a
 * university, a venue's Wi-Fi) applying the same code never lock each other out.
 */
export const PROMO_ATTEMPTS: RateLimitRule = { limit: 20, windowSeconds: 600 };

/** The answers that tell a guesser something about the code typed. */
const CODE_REFUSALS = new Set([
  'PROMO_CODE_NOT_FOUND',
  'PROMO_CODE_INACTIVE',
  'PROMO_CODE_EXPIRED',
  'PROMO_CODE_USAGE_LIMIT_EXCEEDED',
  'PROMO_CODE_NOT_APPLICABLE',
]);

/**
 * Promo codes on a cart (000 §7, §8, §9). A cart carries one code at a time,
 * as the page shows it (the input hides once a code is applied); its discount
 * is re-priced whenever the cart's lines change.
 */
export function createCartPromoService(deps: {
  db: Db;
  clock: () => Date;
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
}) {
  const { db, clock } = deps;
  const budget = (ip: string) => [{ key: `promo:ip:${ip}`, rule: PROMO_ATTEMPTS }];
  /** Checked before the attempt, spent only when the code is refused. */
  async function countingRefusals<T>(ip: string, attempt: () => Promise<T>): Promise<T> {
    await deps.rateLimiter.check(budget(ip));
    try {
      return await attempt();
    } catch (err) {
      if (err instanceof AppError && CODE_REFUSALS.has(err.code)) {
        await deps.rateLimiter.consume(budget(ip));
      }
      throw err;
    }
  }

  /** The apply's transaction: the code checked and recorded under the cart's lock. */
  function applyToCart(sessionKey: string, caller: CartCaller, code: string): Promise<CartRow> {
    return inCartTransaction(db, async (tx) => {
      const now = clock();
      const open = await liveCartForWrite(tx, sessionKey, caller, now);
      if (open.promoCodes.length > 0) throw new AppError('PROMO_CODE_ALREADY_APPLIED');
      const promo = await findPromoByCode(tx, code);
      const shows = await findScopedShows(
        tx,
        open.items.map((i) => i.showId),
      );
      assertPromoUsable(promo, {
        now,
        shows,
        currency: open.currency,
        notApplicable: 'Código promocional no aplicable a este carrito',
      });
      await tx.promoCodeApplication.create({
        data: {
          promoCodeId: promo.id,
          cartId: open.id,
          discountAmount: discountFor(promo, open, shows),
        },
      });
      return (await findOpenCart(tx, sessionKey)) as CartRow;
    });
  }

  return {
    /** POST /cart/carts/{sessionID}/promo-codes */
    async apply(sessionKey: string, caller: CartCaller, code: string): Promise<Cart> {
      const cart = await countingRefusals(caller.ip, () => applyToCart(sessionKey, caller, code));
      return toCart(cart);
    },

    /** DELETE /cart/carts/{sessionID}/promo-codes/{code} */
    async remove(sessionKey: string, caller: CartCaller, code: string): Promise<Cart> {
      const cart = await inCartTransaction(db, async (tx) => {
        const open = await liveCartForWrite(tx, sessionKey, caller, clock());
        const applied = open.promoCodes.find((p) => p.promoCode.code === code);
        if (!applied) throw new AppError('PROMO_CODE_NOT_FOUND');
        await tx.promoCodeApplication.delete({ where: { id: applied.id } });
        return (await findOpenCart(tx, sessionKey)) as CartRow;
      });
      return toCart(cart);
    },

    /** POST /cart/promo-codes/validate: for forms without a cart (deposit, registration). */
    async validate(ip: string, body: ValidatePromoCodeBody): Promise<PromoCode> {
      return countingRefusals(ip, async () => {
        const promo = await findPromoByCode(db, body.code);
        const shows = await findScopedShows(
          db,
          body.items.map((i) => i.show_uid),
        );
        assertPromoUsable(promo, {
          now: clock(),
          shows,
          currency: 'GTQ',
          notApplicable: 'Código promocional no aplicable a este pedido',
        });
        return toPromoAnswer(promo);
      });
    },
  };
}

export type CartPromoService = ReturnType<typeof createCartPromoService>;
