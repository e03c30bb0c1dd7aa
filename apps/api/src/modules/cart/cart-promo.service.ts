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
 * Codes are short and guessable: each address may try this many in a window
 * (applying and validating alike). A buyer types one or two.
 */
export const PROMO_ATTEMPTS: RateLimitRule = { limit: 20, windowSeconds: 600 };

/**
 * Promo codes on a cart (000 §7, §8, §9). A cart carries one code at a time,
 * as the page shows it (the input hides once a code is applied); its discount
 * is re-priced whenever the cart's lines change.
 */
export function createCartPromoService(deps: {
  db: Db;
  clock: () => Date;
  rateLimiter: Pick<RateLimiter, 'consume'>;
}) {
  const { db, clock } = deps;
  const spendAttempt = (ip: string) =>
    deps.rateLimiter.consume([{ key: `promo:ip:${ip}`, rule: PROMO_ATTEMPTS }]);

  return {
    /** POST /cart/carts/{sessionID}/promo-codes */
    async apply(sessionKey: string, caller: CartCaller, code: string): Promise<Cart> {
      await spendAttempt(caller.ip);
      const cart = await inCartTransaction(db, async (tx) => {
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
      await spendAttempt(ip);
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
    },
  };
}

export type CartPromoService = ReturnType<typeof createCartPromoService>;
