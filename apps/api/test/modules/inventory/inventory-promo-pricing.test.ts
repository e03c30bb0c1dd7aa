import { randomBytes, randomUUID } from 'node:crypto';
import { promoDiscount } from '@taquilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

/*
 * Decision 0078: a hold re-prices the cart's codes in the database
 * (`taquilla_reprice_promos`), while applying a code prices it in TypeScript
 * (`promoDiscount`). The two must give the same discount for every subtotal, rate and
 * currency, halves included: here the function prices one cart's line at many amounts
 * and each answer is compared with the domain's.
 */
describe('taquilla_reprice_promos prices as promoDiscount does', () => {
  let t: TestApp;
  let cartId: string;
  let producerId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const show = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 7 * 86_400_000),
    });
    producerId = show.producerId;
    const ticket = await createTicket(t.database.db, show.id, { price: 1_000, capacity: 100 });
    const sid = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      payload: { items: [{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    cartId = res.json()._id as string;
  });
  afterAll(() => t.close());

  /** The discount the function gives a code on the cart whose one line costs `price` + `fee`. */
  async function priced(
    code: { type: 'PERCENT' | 'FIXED'; value: number },
    line: { price: number; fee: number },
    currency: 'GTQ' | 'USD',
  ): Promise<number> {
    const db = t.database.db;
    await db.cart.update({ where: { id: cartId }, data: { currency } });
    await db.cartItem.updateMany({
      where: { cartId },
      data: {
        totalPrice: line.price,
        totalFee: line.fee,
        totalPriceUsd: line.price,
        totalFeeUsd: line.fee,
      },
    });
    await db.promoCodeApplication.deleteMany({ where: { cartId } });
    const promo = await db.promoCode.create({
      data: {
        producerId,
        code: `X${randomBytes(4).toString('hex').toUpperCase()}`,
        discountType: code.type,
        discountValue: code.value,
      },
    });
    const applied = await db.promoCodeApplication.create({
      // An amount no case gives: the function must write each one.
      data: { promoCodeId: promo.id, cartId, discountAmount: 123_456_789 },
    });
    await db.$queryRaw`SELECT taquilla_reprice_promos(${cartId}::uuid)::text`;
    return (await db.promoCodeApplication.findUniqueOrThrow({ where: { id: applied.id } }))
      .discountAmount;
  }

  it('gives the domain’s discount for percentages, halves and fixed amounts in both currencies', async () => {
    // Subtotals around the halves a rate makes (12 % of Q 4.25 is Q 0.51; 50 % of Q 1 is Q 0.50).
    const lines = [
      { price: 0, fee: 0 },
      { price: 100, fee: 0 },
      { price: 425, fee: 0 },
      { price: 38_000, fee: 2_000 },
      { price: 12_345, fee: 678 },
      { price: 999_999, fee: 1 },
    ];
    const codes = [
      { type: 'PERCENT', value: 1 },
      { type: 'PERCENT', value: 12 },
      { type: 'PERCENT', value: 50 },
      { type: 'PERCENT', value: 100 },
      { type: 'FIXED', value: 250 },
      { type: 'FIXED', value: 5_000_000 },
    ] as const;
    const cases = [];
    for (const currency of ['GTQ', 'USD'] as const) {
      for (const line of lines) {
        for (const code of codes) {
          const subtotal = line.price + line.fee;
          const expected =
            code.type === 'FIXED' && currency === 'USD'
              ? 0
              : promoDiscount({ subtotal, discount_type: code.type, discount_value: code.value });
          cases.push({
            currency,
            subtotal,
            code,
            expected,
            got: await priced(code, line, currency),
          });
        }
      }
    }
    expect(cases.filter((c) => c.got !== c.expected)).toEqual([]);
    // Not a vacuous grid: the codes discounted something, and differently.
    expect(new Set(cases.map((c) => c.got)).size).toBeGreaterThan(10);
  });
});
