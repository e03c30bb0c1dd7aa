import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '../../../src/generated/prisma/client.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;
const session = () => randomUUID();

interface CartBody {
  _id: string;
  items: { _id: string }[];
  promo_codes: {
    code: string;
    discount_type: string;
    discount_value: number;
    discount_amount: number;
  }[];
  subtotal: number;
  total_fee: number;
  total_discount: number;
  total: number;
}

describe('promo codes on the cart (000 §8, §9)', () => {
  let t: TestApp;
  let show: { id: string; producerId: string };
  let ticketId: string;
  let ip = 0;
  // Each test speaks from its own address: the attempt budget is per address.
  const nextIp = () => `192.0.2.${++ip}`;

  const promo = (data: Partial<Prisma.PromoCodeUncheckedCreateInput> = {}) =>
    t.database.db.promoCode.create({
      data: {
        producerId: show.producerId,
        code: `PROMO${randomBytes(3).toString('hex').toUpperCase()}`,
        discountType: 'PERCENT',
        discountValue: 15,
        ...data,
      },
    });

  /** A cart holding Q 380.00 (Q 360 of tickets and Q 20 of fees). */
  async function cartOf(remoteAddress: string, quantity = 4) {
    const sid = session();
    const res = await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      remoteAddress,
      payload: { items: [{ ticket_uid: ticketId, show_uid: show.id, quantity }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sid;
  }
  const apply = (sid: string, code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/cart/carts/${sid}/promo-codes`,
      remoteAddress,
      payload: { code },
    });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    show = await createShow(t.database.db, { showDate: new Date(NOW.getTime() + 7 * DAY) });
    ticketId = (
      await createTicket(t.database.db, show.id, { price: 9_000, fee: 500, capacity: 1_000 })
    ).id;
  });
  afterAll(() => t.close());

  it('applies a code typed in any case with spaces, rounds a percentage to whole quetzales, and re-prices', async () => {
    const from = nextIp();
    const code = await promo({ discountValue: 12 });
    const sid = await cartOf(from);
    const res = await apply(sid, `  ${code.code.toLowerCase()} `, from);
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json() as CartBody;
    // 12 % of Q 380 is Q 45.60: rounded to Q 46.
    expect(cart).toMatchObject({ subtotal: 360, total_fee: 20, total_discount: 46, total: 334 });
    expect(cart.promo_codes).toEqual([
      expect.objectContaining({
        code: code.code,
        discount_type: 'PERCENT',
        discount_value: 12,
        discount_amount: 46,
      }),
    ]);

    // The cart re-prices when its lines change: one more ticket, Q 475 × 12 % = Q 57.
    await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      remoteAddress: from,
      payload: { items: [{ ticket_uid: ticketId, show_uid: show.id, quantity: 1 }] },
    });
    const after = (
      await t.app.inject({ method: 'GET', url: `/cart/${sid}`, remoteAddress: from })
    ).json() as CartBody;
    expect(after).toMatchObject({ subtotal: 450, total_fee: 25, total_discount: 57, total: 418 });

    // And when a line leaves: a line of another ticket (Q 95) comes and goes, the code
    // follows (Q 570 × 12 % = Q 68.40 → Q 68, then Q 475 × 12 % = Q 57 again).
    const other = await createTicket(t.database.db, show.id, { price: 9_000, fee: 500 });
    const withOther = await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      remoteAddress: from,
      payload: { items: [{ ticket_uid: other.id, show_uid: show.id, quantity: 1 }] },
    });
    expect(withOther.json()).toMatchObject({ subtotal: 540, total_discount: 68 });
    const otherLine = (withOther.json() as CartBody).items.find(
      (i) => i._id !== after.items[0]?._id,
    );
    const removedLine = await t.app.inject({
      method: 'DELETE',
      url: `/cart/${sid}/items`,
      remoteAddress: from,
      payload: { items: [otherLine?._id] },
    });
    expect(removedLine.statusCode, removedLine.body).toBe(200);
    expect(removedLine.json()).toMatchObject({ subtotal: 450, total_discount: 57, total: 418 });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cart/carts/${sid}/promo-codes/${code.code.toLowerCase()}`,
      remoteAddress: from,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ promo_codes: [], total_discount: 0, total: 475 });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/cart/carts/${sid}/promo-codes/${code.code}`,
      remoteAddress: from,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('PROMO_CODE_NOT_FOUND');
  });

  it('caps a fixed discount at what the cart costs, fees included', async () => {
    const from = nextIp();
    const code = await promo({ discountType: 'FIXED', discountValue: 50_000 });
    const sid = await cartOf(from);
    const res = await apply(sid, code.code, from);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subtotal: 360,
      total_fee: 20,
      total_discount: 380,
      total: 0,
    });
    expect((res.json() as CartBody).promo_codes[0]).toMatchObject({
      discount_type: 'FIXED',
      discount_value: 500,
      discount_amount: 380,
    });
  });

  it('answers every refusal of 000 §8 with its code and text, and applies nothing', async () => {
    const from = nextIp();
    const other = await createShow(t.database.db);
    const cases: [
      Partial<Prisma.PromoCodeUncheckedCreateInput> | string,
      number,
      string,
      string,
    ][] = [
      ['NOEXISTE', 404, 'PROMO_CODE_NOT_FOUND', 'Código promocional no encontrado'],
      [{ active: false }, 409, 'PROMO_CODE_INACTIVE', 'Código promocional inactivo'],
      [
        { validSince: new Date(NOW.getTime() + DAY) },
        409,
        'PROMO_CODE_INACTIVE',
        'Código promocional inactivo',
      ],
      [
        { validThru: new Date(NOW.getTime() - 1) },
        409,
        'PROMO_CODE_EXPIRED',
        'Código promocional expirado',
      ],
      [
        { usageLimit: 3, usedCount: 3 },
        409,
        'PROMO_CODE_USAGE_LIMIT_EXCEEDED',
        'Límite de uso del código promocional excedido',
      ],
      [
        { producerId: other.producerId },
        409,
        'PROMO_CODE_NOT_APPLICABLE',
        'Código promocional no aplicable a este carrito',
      ],
      [
        { shows: { create: [{ showId: other.id }] } } as never,
        409,
        'PROMO_CODE_NOT_APPLICABLE',
        'Código promocional no aplicable a este carrito',
      ],
    ];
    const sid = await cartOf(from);
    for (const [data, status, error, message] of cases) {
      const code = typeof data === 'string' ? data : (await promo(data)).code;
      const res = await apply(sid, code, from);
      expect(res.statusCode, `${error} ${res.body}`).toBe(status);
      expect(res.json()).toEqual({ error, message });
    }
    expect(
      await t.database.db.promoCodeApplication.count({ where: { cart: { sessionKey: sid } } }),
    ).toBe(0);

    // One code per cart: a second one (or the same again) is "ya aplicado".
    const first = await promo();
    expect((await apply(sid, first.code, from)).statusCode).toBe(200);
    for (const code of [first.code, (await promo()).code]) {
      const res = await apply(sid, code, from);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'PROMO_CODE_ALREADY_APPLIED',
        message: 'Código promocional ya aplicado',
      });
    }

    const noCart = await apply(session(), first.code, from);
    expect(noCart.statusCode).toBe(404);
    expect(noCart.json().error).toBe('CART_NOT_FOUND');
    for (const code of ['', '   ', 'CON ESPACIO', 'x'.repeat(41)]) {
      const res = await apply(sid, code, from);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
  });

  it('covers a date (función) through its parent show, and validates for forms without a cart', async () => {
    const from = nextIp();
    const date = await createShow(t.database.db, {
      producerId: show.producerId,
      parentShowId: show.id,
    });
    const code = await promo({ shows: { create: [{ showId: show.id }] } } as never);
    const validate = (items: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/cart/promo-codes/validate',
        remoteAddress: from,
        payload: { code: code.code.toLowerCase(), items },
      });
    const ok = await validate([{ show_uid: date.id }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      _id: code.id,
      code: code.code,
      discount_type: 'PERCENT',
      discount_value: 15,
    });
    const elsewhere = await validate([{ show_uid: (await createShow(t.database.db)).id }]);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({
      error: 'PROMO_CODE_NOT_APPLICABLE',
      message: 'Código promocional no aplicable a este pedido',
    });
    const empty = await validate([]);
    expect(empty.statusCode).toBe(422);
  });

  it('limits how many codes one address may try', async () => {
    const from = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cart/promo-codes/validate',
        remoteAddress: from,
        payload: { code: `ADIVINA${i}`, items: [{ show_uid: show.id }] },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    const known = await promo();
    const stillLimited = await t.app.inject({
      method: 'POST',
      url: '/cart/promo-codes/validate',
      remoteAddress: from,
      payload: { code: known.code, items: [{ show_uid: show.id }] },
    });
    expect(stillLimited.statusCode).toBe(429);
    expect(stillLimited.json().error).toBe('RATE_LIMITED');
  });

  it('counts only refused codes: thirty buyers behind one address all apply and check a good code', async () => {
    const from = nextIp();
    const code = await promo({ discountValue: 10 });
    for (let i = 0; i < 30; i += 1) {
      const sid = await cartOf(from, 1);
      const applied = await apply(sid, code.code, from);
      expect(applied.statusCode, applied.body).toBe(200);
      const checked = await t.app.inject({
        method: 'POST',
        url: '/cart/promo-codes/validate',
        remoteAddress: from,
        payload: { code: code.code, items: [{ show_uid: show.id }] },
      });
      expect(checked.statusCode, checked.body).toBe(200);
      // Each buyer's cart is released again, so the address's hold cap is never met.
      const reset = await t.app.inject({
        method: 'DELETE',
        url: `/cart/${sid}/`,
        remoteAddress: from,
      });
      expect(reset.statusCode, reset.body).toBe(200);
    }
  });
});
