import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

interface Line {
  ticket_name: string;
  description: string | null;
  quantity: number;
  price: number;
  unit_price: number;
  fee: number;
  total_price: number;
  total_fee: number;
}
interface Detail {
  tickets: Line[];
  subtotal: number;
  total_fee: number;
  total_discount: number;
  total: number;
  promo_codes: { code: string; discount_amount: number }[];
  change_log: { action: string; action_label: string; to_status: string | null }[];
}

describe('organiser API: the figures of an order’s detail', () => {
  let t: TestApp;
  let o: Organisers;
  let orderId: string;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    const db = t.database.db;
    const show = await createShow(db, { producerId: o.producerA, fullname: 'Noche de Marimba' });
    // A ticket with a fee on top and a description (what a section's ticket carries).
    const platea = await createTicket(db, show.id, {
      fullname: 'Platea VIP',
      description: 'Sección frente al escenario',
      price: 15_000,
      fee: 500,
    });
    // A ticket whose quantity rule prices each unit at Q 80.00 from two units on.
    const general = await createTicket(db, show.id, {
      fullname: 'General',
      price: 10_000,
      priceRules: { create: [{ quantityMin: 2, itemDiscountPrice: 8_000 }] },
    });
    const promo = await db.promoCode.create({
      data: {
        producerId: o.producerA,
        code: 'MARIMBA20',
        discountType: 'FIXED',
        discountValue: 2_000,
      },
    });
    const b = browser(app);
    const cartId = await b.hold([
      { ticket_uid: platea.id, show_uid: show.id, quantity: 3 },
      { ticket_uid: general.id, show_uid: show.id, quantity: 2 },
    ]);
    const applied = await b.send('POST', `/cart/carts/${b.sid}/promo-codes`, { code: promo.code });
    expect(applied.statusCode, applied.body).toBe(200);
    const placed = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(placed.statusCode, placed.body).toBe(200);
    orderId = (placed.json() as { _id: string })._id;
  });
  afterAll(() => t.close());

  async function detail(): Promise<Detail> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/orders/${orderId}`,
      headers: o.producerUserA.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Detail;
  }

  it('names each line by its ticket and gives the unit price each unit was charged', async () => {
    const order = await detail();
    const byName = new Map(order.tickets.map((line) => [line.ticket_name, line]));
    expect([...byName.keys()].sort()).toEqual(['General', 'Platea VIP']);
    expect(byName.get('Platea VIP')).toMatchObject({
      description: 'Sección frente al escenario',
      quantity: 3,
      price: 150,
      unit_price: 150,
      fee: 5,
      total_price: 450,
      total_fee: 15,
    });
    expect(byName.get('General')).toMatchObject({
      quantity: 2,
      price: 100,
      unit_price: 80,
      fee: 0,
      total_price: 160,
      total_fee: 0,
    });
  });

  it('adds up: the lines’ prices, their fees, less the promo discount', async () => {
    const order = await detail();
    expect(order).toMatchObject({
      subtotal: 610,
      total_fee: 15,
      total_discount: 20,
      total: 605,
      promo_codes: [{ code: 'MARIMBA20', discount_amount: 20 }],
    });
    const prices = order.tickets.reduce((sum, l) => sum + l.total_price, 0);
    const fees = order.tickets.reduce((sum, l) => sum + l.total_fee, 0);
    expect([prices, fees]).toEqual([order.subtotal, order.total_fee]);
    expect(order.subtotal + order.total_fee - order.total_discount).toBe(order.total);
  });

  it('labels every history entry in Spanish, keeping the stored code', async () => {
    const order = await detail();
    expect(order.change_log.map((c) => [c.action, c.action_label])).toEqual([
      ['Order created', 'Orden creada'],
      ['Payment approved', 'Pago aprobado'],
    ]);
  });

  it('labels entries stored before the labels existed, and any unknown code, in Spanish', async () => {
    const db = t.database.db;
    await db.orderChangeLog.create({
      data: { orderId, action: 'Order approved', toStatus: 'APPROVED' },
    });
    await db.orderChangeLog.create({ data: { orderId, action: 'Something new happened' } });
    const order = await detail();
    expect(order.change_log.slice(2).map((c) => c.action_label)).toEqual([
      'Orden aprobada',
      'Cambio en la orden',
    ]);
  });
});
