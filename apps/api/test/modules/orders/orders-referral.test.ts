import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, buyer, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

interface AdminOrderBody {
  buyer: { email: string; referral: string | null };
}

describe('the referral on orders (002 §3 referral cookie)', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;
  let cardTicketId: string;
  let freeTicketId: string;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    showId = (await createShow(t.database.db, { producerId: o.producerA })).id;
    cardTicketId = (await createTicket(t.database.db, showId, { capacity: 20 })).id;
    freeTicketId = (
      await createTicket(t.database.db, showId, { price: 0, paymentTypes: ['REGISTRATION'] })
    ).id;
  });
  afterAll(async () => t.close());

  async function place(ticketId: string, paymentType: string, info: object) {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
    return b.order(cartId, paymentType, info);
  }

  const adminOrder = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/orders/${id}`,
      headers: o.producerUserA.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOrderBody;
  };

  it('keeps the referral of a card order (trimmed) and shows it to the organiser', async () => {
    const res = await place(
      cardTicketId,
      'CREDIT_CARD',
      cardInfo(CARDS.visa, { referral: ' radio-fm_95 ' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { _id: string })._id;

    const row = await t.database.db.order.findUniqueOrThrow({ where: { id } });
    expect(row.paymentInfo).toMatchObject({ referral: 'radio-fm_95' });
    expect((await adminOrder(id)).buyer.referral).toBe('radio-fm_95');
  });

  it('keeps it on a free registration too, and answers null without one', async () => {
    const registered = await place(
      freeTicketId,
      'REGISTRATION',
      buyer({ referral: 'Boletin2027' }),
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const withReferral = (registered.json() as { _id: string })._id;
    expect((await adminOrder(withReferral)).buyer.referral).toBe('Boletin2027');

    const plain = await place(cardTicketId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(plain.statusCode, plain.body).toBe(200);
    const without = (plain.json() as { _id: string })._id;
    expect((await adminOrder(without)).buyer.referral).toBeNull();
  });

  it('answers 422 naming the field for a referral that cannot be one, and places nothing', async () => {
    const before = await t.database.db.order.count();
    for (const referral of ['hola mundo', 'x'.repeat(65), '   ', 'cupón']) {
      const res = await place(cardTicketId, 'CREDIT_CARD', cardInfo(CARDS.visa, { referral }));
      expect(res.statusCode, referral).toBe(422);
      expect(res.json()).toMatchObject({
        error: 'VALIDATION_ERROR',
        fields: [
          {
            field: 'payment_info.referral',
            message: 'El referido debe tener de 1 a 64 letras, números, guiones o guiones bajos',
          },
        ],
      });
    }
    expect(await t.database.db.order.count()).toBe(before);
  });
});
