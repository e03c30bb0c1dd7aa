import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPg } from '../../../src/infra/pg.ts';
import type { Pg } from '../../../src/infra/pg.ts';
import {
  CartChangedError,
  checkCartToPlace,
  placeOrder,
} from '../../../src/modules/orders/orders.checkout.ts';
import { readCheckoutCart } from '../../../src/modules/orders/orders.repo.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { browser, buyer } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

/**
 * `taquilla_place_order` (decision 0020, "Speed"): the cart is priced from a
 * read without a lock, so the function must refuse a cart that changed
 * between that read and its lock, writing nothing.
 */
describe('placing an order checks under the lock that the cart is still as priced', () => {
  let t: TestApp;
  let pg: Pg;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    pg = createPg(t.database.url, 2);
  });
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  async function pricedCart() {
    const show = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 86_400_000),
    });
    const ticket = await createTicket(t.database.db, show.id, { capacity: 10, price: 10_000 });
    await t.database.db.ticket.update({
      where: { id: ticket.id },
      data: { paymentTypes: ['BANK_DEPOSIT', 'CREDIT_CARD'] },
    });
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]);
    const input = {
      sessionKey: b.sid,
      caller: { userId: null, ip: '127.0.0.1' },
      paymentType: 'CREDIT_CARD' as const,
      expectedTotal: null,
      now: NOW,
    };
    const priced = checkCartToPlace(await readCheckoutCart(pg, cartId), input);
    const place = () =>
      placeOrder(pg, priced, {
        ...input,
        email: 'ana@example.com',
        paymentInfo: buyer(),
        card: null,
      });
    return { b, show, ticket, cartId, priced, place };
  }

  it('places the cart it priced: one order, the ticket counted sold once', async () => {
    const { ticket, priced, place } = await pricedCart();
    const placed = await place();
    expect(placed.total).toBe(priced.totals.total);
    const order = await t.database.db.order.findUniqueOrThrow({ where: { id: placed.orderId } });
    expect(order.status).toBe('PENDING');
    expect(order.total).toBe(10_000);
    const after = await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(after.sold).toBe(1);
    // The same priced cart again: it is checked out now.
    await expect(place()).rejects.toMatchObject({ code: 'ORDER_IN_PROGRESS' });
  });

  it('refuses a cart that got another line after it was priced, and writes nothing', async () => {
    const { b, show, ticket, cartId, place } = await pricedCart();
    await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 2 }]);
    await expect(place()).rejects.toBeInstanceOf(CartChangedError);
    expect(await t.database.db.order.count({ where: { cartId } })).toBe(0);
    const cart = await t.database.db.cart.findUniqueOrThrow({ where: { id: cartId } });
    expect(cart.status).toBe('OPEN');
    const after = await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(after.sold).toBe(0);
  });
});
