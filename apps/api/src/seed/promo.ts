import type { Db } from '../infra/db.ts';
import type { DiscountType } from '../generated/prisma/client.ts';
import { PATHS } from './paths.ts';
import type { ShowIds } from './shows.ts';
import type { ProducerIds, ProducerKey } from './users.ts';
import { guatemalaTime } from './util.ts';

interface PromoSpec {
  code: string;
  producer: ProducerKey;
  discountType: DiscountType;
  /** PERCENT: 1..100; FIXED: centavos. */
  discountValue: number;
  validSinceDays?: number;
  validThruDays?: number;
  usageLimit?: number;
  active?: boolean;
  /** Restricts the code to these shows; none means every show of its producer. */
  showPaths?: string[];
}

const PROMOS: PromoSpec[] = [
  { code: 'BIENVENIDA10', producer: 'quetzal', discountType: 'PERCENT', discountValue: 10 },
  { code: 'MENOS50', producer: 'quetzal', discountType: 'FIXED', discountValue: 5000 },
  {
    code: 'PRIMEROS100',
    producer: 'quetzal',
    discountType: 'PERCENT',
    discountValue: 15,
    usageLimit: 100,
  },
  {
    code: 'NAVIDAD20',
    producer: 'quetzal',
    discountType: 'PERCENT',
    discountValue: 20,
    validSinceDays: -120,
    validThruDays: -30,
  },
  {
    code: 'PRUEBA25',
    producer: 'quetzal',
    discountType: 'PERCENT',
    discountValue: 25,
    active: false,
  },
  {
    code: 'GALA100',
    producer: 'quetzal',
    discountType: 'FIXED',
    discountValue: 10000,
    validSinceDays: -1,
    validThruDays: 30,
    showPaths: [PATHS.seatMap],
  },
  { code: 'CULTURA15', producer: 'culturaViva', discountType: 'PERCENT', discountValue: 15 },
];

/** Promo codes by code: percent, fixed, limited, expired, inactive and single-show. */
export async function seedPromoCodes(
  db: Db,
  producers: ProducerIds,
  shows: ShowIds,
  now: Date,
): Promise<void> {
  // Whole Guatemalan days, so a re-run on the same day writes the same instants.
  const since = (days: number | undefined) =>
    days === undefined ? null : guatemalaTime(now, days, 0);
  const thru = (days: number | undefined) =>
    days === undefined ? null : guatemalaTime(now, days, 23, 59);

  await db.$transaction(async (tx) => {
    for (const promo of PROMOS) {
      const existing = await tx.promoCode.findUnique({
        where: { code: promo.code },
        select: { id: true, usedCount: true },
      });
      // used_count belongs to real purchases; a limit never drops below it.
      const usedCount = existing?.usedCount ?? 0;
      const data = {
        producerId: producers[promo.producer],
        discountType: promo.discountType,
        discountValue: promo.discountValue,
        validSince: since(promo.validSinceDays),
        validThru: thru(promo.validThruDays),
        usageLimit: promo.usageLimit === undefined ? null : Math.max(promo.usageLimit, usedCount),
        active: promo.active ?? true,
      };
      const row = existing
        ? await tx.promoCode.update({ where: { id: existing.id }, data, select: { id: true } })
        : await tx.promoCode.create({ data: { code: promo.code, ...data }, select: { id: true } });
      for (const path of promo.showPaths ?? []) {
        const showId = shows.get(path)?.id;
        if (!showId) throw new Error(`Promo ${promo.code}: show ${path} is not seeded`);
        await tx.promoCodeShow.upsert({
          where: { promoCodeId_showId: { promoCodeId: row.id, showId } },
          create: { promoCodeId: row.id, showId },
          update: {},
        });
      }
    }
  });
}
