import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

interface Totals {
  subtotal: number;
  total_fee: number;
  total_discount: number;
  total: number;
}

/**
 * One meaning of `subtotal` for the cart and the order (decision 0055): the
 * tickets' prices, after quantity discounts and before service fees and promo
 * codes; `total = subtotal + total_fee − total_discount` on both.
 */
describe('cart and order totals: one meaning of subtotal', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('answers the same subtotal, fees and total for a cart and the order placed from it', async () => {
    const show = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 86_400_000),
    });
    const ticket = await createTicket(t.database.db, show.id, {
      price: 9_000,
      fee: 500,
      paymentTypes: ['CREDIT_CARD'],
    });
    const buyer = browser(() => t);
    const cartId = await buyer.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 2 }]);
    const cart = (await buyer.send('GET', `/cart/${buyer.sid}`)).json() as Totals;
    const expected = { subtotal: 180, total_fee: 10, total_discount: 0, total: 190 };
    expect(cart).toMatchObject(expected);

    const placed = await buyer.order(cartId, 'CREDIT_CARD', {
      ...cardInfo(CARDS.visa),
      total: 190,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { _id: string })._id;
    const order = (await buyer.send('GET', `/viewers/orders/${orderId}`)).json() as Totals;
    expect(order).toMatchObject(expected);
  });

  it('says so in the contract: both schemas describe subtotal the same way', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const answerOf = (path: string) =>
      JSON.stringify(
        (doc.paths[path]?.get as { responses: Record<string, unknown> }).responses['200'],
      );
    const describedSubtotal = (json: string) =>
      /"subtotal":\{[^}]*"description":"([^"]+)"/.exec(json)?.[1];
    const cartSubtotal = describedSubtotal(answerOf('/cart/{sessionID}'));
    const orderSubtotal = describedSubtotal(answerOf('/viewers/orders/{id}'));
    expect(cartSubtotal).toContain('sin cargos por servicio');
    expect(orderSubtotal).toBe(cartSubtotal);
  });
});
