import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { CARDS, browser, buyer, cardInfo } from '../../helpers/checkout.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { createShow, createTicket, createUser, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DECLINED_51 = '4000000000000093';

interface OrderBody {
  _id: string;
  status: string;
  total: number;
  cart_uid: string | null;
  payment_info: { cc_number: string | null; email: string };
  payment_response: { redirect?: string; response_text: string | null } | null;
  change_log: { action: string }[];
}

describe('checkout by card (sandbox): approved, declined, idempotent, promo race, expired', () => {
  let t: TestApp;
  let showId: string;
  let producerId: string;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const show = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 86_400_000),
    });
    showId = show.id;
    producerId = show.producerId;
  });
  afterAll(async () => t.close());

  /** A seated show of the same producer: one cart may hold both (decision 0062). */
  async function seatedShow() {
    const show = await createShow(t.database.db, { producerId });
    const { sections } = await createVenueMap(t.database.db, show.id, [{ rows: 1, cols: 4 }]);
    const section = sections[0];
    if (!section) throw new Error('map fixture');
    await t.database.db.ticket.update({
      where: { id: section.ticket.id },
      data: { paymentTypes: ['CREDIT_CARD'] },
    });
    return { show, section };
  }

  it('turns the holds into sales with an approved card, keeping only the last four digits', async () => {
    const { show, section } = await seatedShow();
    const seat = section.seats[0];
    if (!seat) throw new Error('seat');
    const ticket = await createTicket(t.database.db, showId, { capacity: 5, price: 10_000 });
    const b = browser(app);
    const cartId = await b.hold([
      { ticket_uid: section.ticket.id, show_uid: show.id, quantity: 1, seat: seat.id },
    ]);
    await b.hold([{ ticket_uid: ticket.id, show_uid: showId, quantity: 2 }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa, { cc_cvv2: '987' }));
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as OrderBody;
    expect(order.status).toBe('APPROVED');
    expect(order.payment_info.cc_number).toBe('**** 1111');
    expect(order.change_log.map((c) => c.action)).toEqual(['Order created', 'Payment approved']);

    const db = t.database.db;
    expect(await db.seatReservation.findFirstOrThrow({ where: { seatId: seat.id } })).toMatchObject(
      {
        kind: 'SALE',
        orderId: order._id,
      },
    );
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).sold).toBe(2);
    expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).status).toBe('CHECKED_OUT');
    // The card number and the CVV are nowhere: not in the order, not in the logs.
    const row = await db.order.findUniqueOrThrow({ where: { id: order._id } });
    expect(JSON.stringify(row)).not.toContain(CARDS.visa);
    // The CVV as a value of its own: a random UUID of the row may hold the digits 987.
    expect(JSON.stringify(row)).not.toMatch(/(^|[^0-9a-f])987([^0-9a-f]|$)/i);
    expect(t.logs.join('')).not.toContain(CARDS.visa);
    // The cart is empty for the browser now; a second order of it is refused.
    expect((await b.cart()).items).toHaveLength(0);
    const again = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('ORDER_IN_PROGRESS');
  });

  it('answers a decline with 402, its code and text, and leaves the holds for another card', async () => {
    const { show, section } = await seatedShow();
    const seat = section.seats[1];
    if (!seat) throw new Error('seat');
    const b = browser(app);
    const cartId = await b.hold([
      { ticket_uid: section.ticket.id, show_uid: show.id, quantity: 1, seat: seat.id },
    ]);
    const declined = await b.order(cartId, 'CREDIT_CARD', cardInfo(DECLINED_51));
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({ error: 'CARD_DECLINED', response_code: '51' });
    expect(declined.json().message).toMatch(/banco/i);
    const hold = await t.database.db.seatReservation.findFirstOrThrow({
      where: { seatId: seat.id },
    });
    expect(hold).toMatchObject({ kind: 'HOLD', cartId, orderId: null });
    expect((await b.cart()).items).toHaveLength(1);

    const paid = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.mastercard));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json() as OrderBody).status).toBe('APPROVED');
    const orders = await t.database.db.order.findMany({
      where: { items: { some: { seatId: seat.id } } },
      orderBy: { orderNumber: 'asc' },
    });
    expect(orders.map((o) => o.status)).toEqual(['REJECTED', 'APPROVED']);
  });

  it('places one order and charges once for ten concurrent requests with one Idempotency-Key', async () => {
    const ticket = await createTicket(t.database.db, showId, { capacity: 10 });
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }]);
    const key = 'clave-idempotente-0001';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa), { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => (a.json() as OrderBody)._id));
    expect(ids.size).toBe(1);
    expect(
      await t.database.db.order.count({ where: { items: { some: { ticketId: ticket.id } } } }),
    ).toBe(1);
    expect((await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).sold).toBe(
      1,
    );

    const other = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.amex), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('gives the last use of a promo code to one of two racing orders', async () => {
    const show = await createShow(t.database.db);
    const ticket = await createTicket(t.database.db, show.id, { capacity: 10, price: 20_000 });
    const promo = await t.database.db.promoCode.create({
      data: {
        producerId: show.producerId,
        code: `ULTIMO${Date.now()}`,
        discountType: 'PERCENT',
        discountValue: 50,
        usageLimit: 1,
      },
    });
    const buyers = [browser(app), browser(app)];
    const carts: string[] = [];
    for (const b of buyers) {
      carts.push(await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]));
      const applied = await b.send('POST', `/cart/carts/${b.sid}/promo-codes`, {
        code: promo.code,
      });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const answers = await Promise.all(
      buyers.map((b, i) => b.order(carts[i] as string, 'CREDIT_CARD', cardInfo(CARDS.visa))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser?.json().error).toBe('PROMO_CODE_USAGE_LIMIT_EXCEEDED');
    expect((answers.find((a) => a.statusCode === 200)?.json() as OrderBody).total).toBe(100);
    expect(
      (await t.database.db.promoCode.findUniqueOrThrow({ where: { id: promo.id } })).usedCount,
    ).toBe(1);
    // The loser keeps its holds: its cart is open and still holds the place.
    const loserIndex = answers.indexOf(loser as (typeof answers)[number]);
    expect((await buyers[loserIndex]?.cart())?.items).toHaveLength(1);
  });

  it('refuses an expired cart with 409 and a clear text, and bad buyer data with the fields named', async () => {
    const ticket = await createTicket(t.database.db, showId, { capacity: 10 });
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }]);
    const invalid = await b.order(
      cartId,
      'CREDIT_CARD',
      cardInfo('4111111111111112', { cc_exp: '13/30', cc_cvv2: '000', phone: '' }),
    );
    expect(invalid.statusCode).toBe(422);
    const fields = (invalid.json() as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'payment_info.cc_number',
        'payment_info.cc_exp',
        'payment_info.cc_cvv2',
        'payment_info.phone',
      ]),
    );
    expect(await t.database.db.order.count({ where: { cartId } })).toBe(0);

    t.setNow(new Date(NOW.getTime() + 11 * 60_000));
    try {
      const late = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ error: 'CART_EXPIRED' });
      expect(late.json().message).toMatch(/reservación/);
    } finally {
      t.setNow(NOW);
    }
  });

  it('registers a free ticket at once and refuses free registration of a paid one', async () => {
    const free = await createTicket(t.database.db, showId, {
      price: 0,
      paymentTypes: ['REGISTRATION'],
    });
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const signedIn = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    const b = browser(app, signedIn.headers);
    const cartId = await b.hold([{ ticket_uid: free.id, show_uid: showId, quantity: 2 }]);
    const res = await b.order(
      cartId,
      'REGISTRATION',
      buyer({ save_info: true, address: 'Calle Real 5', phone: '55550001' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OrderBody).status).toBe('APPROVED');
    // "Guardar estos datos en mi perfil" travels with the order, whatever the way of paying.
    expect(await t.database.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      address: 'Calle Real 5',
      phone: '55550001',
    });

    const paid = await createTicket(t.database.db, showId, { paymentTypes: ['REGISTRATION'] });
    const c = browser(app);
    const paidCart = await c.hold([{ ticket_uid: paid.id, show_uid: showId, quantity: 1 }]);
    const refused = await c.order(paidCart, 'REGISTRATION', buyer());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('PAYMENT_TYPE_NOT_ACCEPTED');
    const wrongType = await c.order(paidCart, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().error).toBe('PAYMENT_TYPE_NOT_ACCEPTED');
  });
});
