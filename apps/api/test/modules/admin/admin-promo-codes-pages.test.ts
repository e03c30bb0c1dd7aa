import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { newCode, promoCodeClient } from '../../helpers/promo-codes.ts';
import type { PromoAnswer } from '../../helpers/promo-codes.ts';

interface PromoPage {
  items: (PromoAnswer & { used_count: number; uses_left: number | null; active: boolean })[];
  total: number;
  page: number;
  page_size: number;
}

describe('organiser API: the promo code list by pages, and switching a code off', () => {
  let t: TestApp;
  let o: Organisers;
  const { send, created, patch } = promoCodeClient(() => t);
  /** Producer A's codes of this file, newest first. */
  let codesA: string[];
  let tag: string;

  async function page(who: LoggedIn, query: string): Promise<PromoPage> {
    const res = await send(who, 'GET', `/admin/promo-codes?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PromoPage;
  }
  const codes = (p: PromoPage) => p.items.map((item) => item.code);

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    tag = newCode('PAG');
    const db = t.database.db;
    codesA = [];
    for (let i = 1; i <= 5; i += 1) {
      const made = await created(o.producerUserA, {
        code: `${tag}-${i}`,
        discount_type: 'PERCENT',
        discount_value: 10,
        usage_limit: i === 1 ? 10 : null,
      });
      // One second apart, so "newest first" does not hang on the clock's milliseconds.
      await db.promoCode.update({
        where: { id: made._id },
        data: { createdAt: new Date(Date.UTC(2027, 0, 1, 0, 0, i)) },
      });
      codesA.unshift(made.code);
    }
    await created(o.producerUserB, {
      code: `${tag}-AJENO`,
      discount_type: 'FIXED',
      discount_value: 25,
    });
    const first = await db.promoCode.findFirstOrThrow({ where: { code: `${tag}-1` } });
    await db.promoCode.update({ where: { id: first.id }, data: { usedCount: 4 } });
  });
  afterAll(() => t.close());

  it('answers pages of the caller’s codes with the total, newest first', async () => {
    const q = `q=${tag.toLowerCase()}`;
    const one = await page(o.producerUserA, `${q}&page_size=2`);
    expect(one).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(codes(one)).toEqual(codesA.slice(0, 2));
    const three = await page(o.producerUserA, `${q}&page_size=2&page=3`);
    expect(codes(three)).toEqual(codesA.slice(4));
    expect((await page(o.producerUserA, `${q}&page_size=2&page=4`)).items).toEqual([]);
    const whole = await page(o.producerUserA, q);
    expect(whole).toMatchObject({ total: 5, page: 1, page_size: 25 });
    // Another producer's code is never on a producer's pages; an admin sees both.
    expect(codes(whole)).not.toContain(`${tag}-AJENO`);
    expect((await page(o.admin, q)).total).toBe(6);
  });

  it('tells each code’s uses and uses left', async () => {
    const { items } = await page(o.producerUserA, `q=${tag}-1`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ used_count: 4, usage_limit: 10, uses_left: 6 });
    const unlimited = await page(o.producerUserA, `q=${tag}-2`);
    expect(unlimited.items[0]).toMatchObject({ used_count: 0, usage_limit: null, uses_left: null });
  });

  it('refuses a page size over 100 and a page that is not a whole number', async () => {
    const big = await send(o.producerUserA, 'GET', '/admin/promo-codes?page_size=101');
    expect(big.statusCode).toBe(422);
    expect(big.json().fields).toEqual([{ field: 'page_size', message: 'El máximo es 100' }]);
    const bad = await send(o.producerUserA, 'GET', '/admin/promo-codes?page=dos');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([{ field: 'page', message: 'Usa un número entero' }]);
  });

  it('switches a code off with PATCH active:false; it then lists under active=false only', async () => {
    const q = `q=${tag}-3`;
    const [code] = (await page(o.producerUserA, q)).items;
    const res = await patch(o.producerUserA, code!._id, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: false });
    expect(codes(await page(o.producerUserA, `${q}&active=false`))).toEqual([`${tag}-3`]);
    expect((await page(o.producerUserA, `${q}&active=true`)).total).toBe(0);
  });

  it('answers 404 to another producer switching a code off, and 403 to a viewer', async () => {
    const [code] = (await page(o.producerUserA, `q=${tag}-4`)).items;
    const other = await patch(o.producerUserB, code!._id, { active: false });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('PROMO_CODE_NOT_FOUND');
    const viewer = await patch(o.viewer, code!._id, { active: false });
    expect(viewer.statusCode).toBe(403);
    expect((await send(o.viewer, 'GET', '/admin/promo-codes')).statusCode).toBe(403);
    const row = await t.database.db.promoCode.findUniqueOrThrow({ where: { id: code!._id } });
    expect(row.active).toBe(true);
  });
});
