import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import type { Organiser } from '../shared/admin.access.ts';
import { promoCodeInclude } from './admin-promo-codes.mapper.ts';

/**
 * The promo codes an actor may see: an admin every one, a producer its
 * producer's. Anything else is "not found", so other organisers' ids are never confirmed.
 */
export function promoCodeScope(actor: Organiser): Prisma.PromoCodeWhereInput {
  return actor.role === 'Admin' ? {} : { producerId: actor.producerId };
}

export function findPromoCodeInScope(db: Db | Tx, scope: Prisma.PromoCodeWhereInput, id: string) {
  return db.promoCode.findFirst({ where: { ...scope, id }, include: promoCodeInclude });
}

/**
 * Serialises writes to one code, and against an order consuming a use
 * (`used_count` cannot move while `usage_limit` is checked) or a cart applying
 * it (its foreign-key check waits, so a code is not renamed under a new application).
 */
export async function lockPromoCode(tx: Tx, id: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM promo_codes WHERE id = ${id}::uuid FOR UPDATE`;
}

/** The show a list is filtered by, with what decides which codes cover it. */
export interface CoveredShow {
  id: string;
  parentShowId: string | null;
  producerId: string;
}

/** One page of the matching codes, newest first, and how many match in all. */
export async function listPromoCodesInScope(
  db: Db | Tx,
  scope: Prisma.PromoCodeWhereInput,
  filter: { q?: string; active?: boolean; producerId?: string; show?: CoveredShow },
  page: { offset: number; limit: number },
) {
  const { show } = filter;
  const where: Prisma.PromoCodeWhereInput = {
    // Its own AND term: `?producer=` narrows a producer's scope, never replaces it.
    AND: [scope],
    ...(filter.producerId ? { producerId: filter.producerId } : {}),
    ...(filter.active !== undefined ? { active: filter.active } : {}),
    ...(filter.q ? { code: { contains: filter.q, mode: 'insensitive' } } : {}),
    // As the cart reads a code's scope: its list names the show (or a date's
    // parent), or it lists none and belongs to the show's producer.
    ...(show
      ? {
          OR: [
            {
              shows: {
                some: {
                  showId: { in: [show.id, ...(show.parentShowId ? [show.parentShowId] : [])] },
                },
              },
            },
            { shows: { none: {} }, producerId: show.producerId },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.promoCode.findMany({
      where,
      include: promoCodeInclude,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.offset,
      take: page.limit,
    }),
    db.promoCode.count({ where }),
  ]);
  return { rows, total };
}

export function findShowForFilter(db: Db | Tx, scope: Prisma.ShowWhereInput, id: string) {
  return db.show.findFirst({
    where: { ...scope, id },
    select: { id: true, parentShowId: true, producerId: true },
  });
}

/**
 * Which of `ids` are shows of the producer. They are locked (KEY SHARE, what
 * the foreign key takes) until the transaction ends, so none can be deleted
 * between this check and the insert of the code's list.
 */
export async function lockShowsOfProducer(
  tx: Tx,
  producerId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM shows
    WHERE id = ANY(${ids}::uuid[]) AND producer_id = ${producerId}::uuid
    FOR KEY SHARE`;
  return new Set(rows.map((row) => row.id.toLowerCase()));
}

/** Carts and orders the code was ever applied to. */
export function countApplications(db: Db | Tx, promoCodeId: string) {
  return db.promoCodeApplication.count({ where: { promoCodeId } });
}

export function createPromoCode(tx: Tx, data: Prisma.PromoCodeUncheckedCreateInput) {
  return tx.promoCode.create({ data, include: promoCodeInclude });
}

export function updatePromoCode(tx: Tx, id: string, data: Prisma.PromoCodeUncheckedUpdateInput) {
  return tx.promoCode.update({ where: { id }, data, include: promoCodeInclude });
}
