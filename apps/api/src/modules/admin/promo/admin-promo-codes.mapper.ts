import type { AdminPromoCode } from '@taquilla/contract';
import { fromMinorUnits, toMinorUnits } from '@taquilla/domain';
import type { PromoDiscountType } from '@taquilla/domain';
import type { Prisma } from '../../../generated/prisma/client.ts';

/** A promo code with the shows it is limited to. */
export const promoCodeInclude = {
  shows: { select: { showId: true }, orderBy: { showId: 'asc' } },
} as const satisfies Prisma.PromoCodeInclude;
export type PromoCodeRow = Prisma.PromoCodeGetPayload<{ include: typeof promoCodeInclude }>;

/** Wire → column: a whole percent stays as is, an amount in quetzales becomes centavos. */
export function discountColumn(type: PromoDiscountType, value: number): number {
  return type === 'FIXED' ? toMinorUnits(value) : value;
}

/** Column → wire: centavos become quetzales for FIXED codes. */
export function discountWire(type: PromoDiscountType, stored: number): number {
  return type === 'FIXED' ? fromMinorUnits(stored) : stored;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toAdminPromoCode(row: PromoCodeRow): AdminPromoCode {
  return {
    _id: row.id,
    code: row.code,
    discount_type: row.discountType,
    discount_value: discountWire(row.discountType, row.discountValue),
    show_uids: row.shows.map((show) => show.showId),
    valid_since: iso(row.validSince),
    valid_thru: iso(row.validThru),
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    uses_left: row.usageLimit === null ? null : Math.max(0, row.usageLimit - row.usedCount),
    active: row.active,
    producer_uid: row.producerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
