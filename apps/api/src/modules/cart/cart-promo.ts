import type { PromoCode as PromoCodeAnswer } from '@taquilla/contract';
import { fromMinorUnits, promoDiscount } from '@taquilla/domain';
import type { Prisma } from '../../generated/prisma/client.ts';
import { AppError } from '../../errors.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { CartRow } from './cart.repo.ts';

const PROMO_INCLUDE = { shows: { select: { showId: true } } } satisfies Prisma.PromoCodeInclude;
type PromoRow = Prisma.PromoCodeGetPayload<{ include: typeof PROMO_INCLUDE }>;

/** The show of a cart line or form item, as a promo code's scope reads it. */
interface ScopedShow {
  id: string;
  producerId: string;
  parentShowId: string | null;
}

export function findPromoByCode(db: Db | Tx, code: string): Promise<PromoRow | null> {
  return db.promoCode.findUnique({ where: { code }, include: PROMO_INCLUDE });
}

export function findScopedShows(db: Db | Tx, ids: string[]): Promise<ScopedShow[]> {
  return db.show.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, producerId: true, parentShowId: true },
  });
}

/**
 * Whether a code covers a show: its own list names the show or, for a date
 * (función), its parent; an empty list covers every show of its producer.
 */
function covers(promo: PromoRow, show: ScopedShow): boolean {
  if (promo.shows.length === 0) return show.producerId === promo.producerId;
  return promo.shows.some((s) => s.showId === show.id || s.showId === show.parentShowId);
}

/**
 * The checks of 000 §8 in the order a buyer can act on them: a code that
 * does not exist, is switched off or not yet valid, is past its time, has
 * no uses left, or covers nothing here. Applying only checks that uses are
 * left; a use is consumed atomically when an order is placed.
 */
export function assertPromoUsable(
  promo: PromoRow | null,
  context: { now: Date; shows: ScopedShow[]; currency: 'GTQ' | 'USD'; notApplicable: string },
): asserts promo is PromoRow {
  if (!promo) throw new AppError('PROMO_CODE_NOT_FOUND');
  const { now } = context;
  if (!promo.active || (promo.validSince && promo.validSince > now)) {
    throw new AppError('PROMO_CODE_INACTIVE');
  }
  if (promo.validThru && promo.validThru < now) throw new AppError('PROMO_CODE_EXPIRED');
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) {
    throw new AppError('PROMO_CODE_USAGE_LIMIT_EXCEEDED');
  }
  // A FIXED code is an amount in quetzales: it does not price a dollar cart.
  const fitsCurrency = promo.discountType === 'PERCENT' || context.currency === 'GTQ';
  if (!fitsCurrency || !context.shows.some((show) => covers(promo, show))) {
    throw new AppError('PROMO_CODE_NOT_APPLICABLE', { message: context.notApplicable });
  }
}

/** What a form without a cart may show of a code (POST /cart/promo-codes/validate). */
export function toPromoAnswer(promo: PromoRow): PromoCodeAnswer {
  return {
    _id: promo.id,
    code: promo.code,
    discount_type: promo.discountType,
    discount_value:
      promo.discountType === 'FIXED' ? fromMinorUnits(promo.discountValue) : promo.discountValue,
  };
}

/** A line's amount in the cart's currency, in minor units. */
function lineAmount(cart: CartRow, item: CartRow['items'][number]): number {
  return cart.currency === 'USD'
    ? (item.totalPriceUsd ?? 0) + (item.totalFeeUsd ?? 0)
    : item.totalPrice + item.totalFee;
}

/**
 * The discount of one code on this cart: PERCENT or FIXED (000 §9) on the
 * subtotal of the lines the code covers, never more than that subtotal.
 */
export function discountFor(promo: PromoRow, cart: CartRow, shows: ScopedShow[]): number {
  const byId = new Map(shows.map((s) => [s.id, s]));
  const covered = cart.items.filter((item) => {
    const show = byId.get(item.showId);
    return show !== undefined && covers(promo, show);
  });
  const subtotal = covered.reduce((sum, item) => sum + lineAmount(cart, item), 0);
  if (promo.discountType === 'FIXED' && cart.currency !== 'GTQ') return 0;
  return promoDiscount({
    subtotal,
    discount_type: promo.discountType,
    discount_value: promo.discountValue,
  });
}
