import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { browser, buyer } from '../../helpers/checkout.ts';
import { createShow, createTicket, createVenueMap } from '../../helpers/factories.ts';
import { FAKE_PAYMENT_METHODS, startStripeFake } from '../../helpers/stripe-fake.ts';
import type { StripeFake, StripeFakeRequest } from '../../helpers/stripe-fake.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const WEBHOOK_SECRET = 'whsec_test';
const WEBHOOK_PATH = '/payments/stripe/webhook';

interface OrderBody {
  _id: string;
  status: string;
  total: number;
  payment_info: { cc_number: string | null };
  payment_response: {
    transaction_id: string | null;
    redirect?: string;
    response_text: string | null;
  } | null;
  change_log: { action: string }[];
}

/** The buyer form with a card Stripe.js turned into a PaymentMethod: no cc_number, no CVV. */
const stripeInfo = (paymentMethod: string, overrides: Record<string, unknown> = {}) =>
  buyer({ cc_name: 'ANA LOPEZ', payment_method: paymentMethod, ...overrides });

describe('card payments with the stripe provider (SDK against a local fake)', () => {
  let fake: StripeFake;
  let t: TestApp;
  const app = () => t;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      now: NOW,
      config: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const intentRequestOf = (orderId: string): StripeFakeRequest | undefined =>
    fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.params['metadata[order_id]'] === orderId,
    );
  const refundRequests = () => fake.requests.filter((r) => r.path === '/v1/refunds');

  /** A Stripe event for a PaymentIntent, signed as Stripe signs it (or with another secret). */
  function sendWebhook(
    type: string,
    intent: { id: string; orderId: string },
    secret = WEBHOOK_SECRET,
  ) {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
          metadata: { order_id: intent.orderId },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  async function ticketCart(price = 15_000) {
    const show = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 86_400_000),
    });
    const ticket = await createTicket(t.database.db, show.id, { capacity: 10, price });
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 2 }]);
    return { b, cartId, ticket };
  }

  async function seatCart() {
    const show = await createShow(t.database.db);
    const { sections } = await createVenueMap(t.database.db, show.id, [{ rows: 1, cols: 2 }]);
    const section = sections[0];
    const seat = section?.seats[0];
    if (!section || !seat) throw new Error('map fixture');
    await t.database.db.ticket.update({
      where: { id: section.ticket.id },
      data: { paymentTypes: ['CREDIT_CARD'] },
    });
    const b = browser(app);
    const cartId = await b.hold([
      { ticket_uid: section.ticket.id, show_uid: show.id, quantity: 1, seat: seat.id },
    ]);
    return { b, cartId, seat };
  }

  const orderOf = async (b: ReturnType<typeof browser>, orderId: string) => {
    const res = await b.send('GET', `/viewers/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderBody;
  };

  it('confirms a PaymentIntent with the browser’s PaymentMethod and answers APPROVED', async () => {
    const { b, cartId, ticket } = await ticketCart();
    const res = await b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.approved));
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as OrderBody;
    expect(order.status).toBe('APPROVED');
    expect(order.change_log.map((c) => c.action)).toEqual(['Order created', 'Payment approved']);

    const sent = intentRequestOf(order._id);
    expect(sent).toMatchObject({
      method: 'POST',
      authorization: 'Bearer sk_test_fake',
      idempotencyKey: `order-${order._id}`,
      params: {
        amount: '30000',
        currency: 'gtq',
        payment_method: FAKE_PAYMENT_METHODS.approved,
        confirm: 'true',
        'allowed_payment_method_types[0]': 'card',
        return_url: `${t.config.PUBLIC_URL}/orders/${order._id}`,
        'metadata[order_id]': order._id,
      },
    });
    const intentId = [...fake.intents.values()].find(
      (i) => (i.metadata as { order_id: string }).order_id === order._id,
    )?.id;
    expect(order.payment_response?.transaction_id).toBe(intentId);
    expect((await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).sold).toBe(
      2,
    );
  });

  it('ignores the webhook of a charge it already answered: no second approval, no refund', async () => {
    const { b, cartId } = await ticketCart();
    const res = await b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.approved));
    const order = res.json() as OrderBody;
    const intentId = order.payment_response?.transaction_id ?? '';
    const refundsBefore = refundRequests().length;

    const event = await sendWebhook('payment_intent.succeeded', {
      id: intentId,
      orderId: order._id,
    });
    expect(event.statusCode, event.body).toBe(200);
    expect(event.json()).toEqual({ received: true });
    expect((await orderOf(b, order._id)).status).toBe('APPROVED');
    expect(refundRequests()).toHaveLength(refundsBefore);
  });

  it('answers 503 to a webhook that overtakes its own charge, so Stripe delivers it again', async () => {
    const { b, cartId } = await ticketCart();
    const seen = fake.requests.length;
    const resume = fake.pause();
    const answer = b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.approved));
    try {
      await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThan(seen), {
        timeout: 10_000,
      });
      const orderId = fake.requests.at(-1)?.params['metadata[order_id]'] ?? '';
      expect(orderId).not.toBe('');
      const early = await sendWebhook('payment_intent.succeeded', { id: 'pi_early', orderId });
      expect(early.statusCode, early.body).toBe(503);
    } finally {
      resume();
    }
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OrderBody).status).toBe('APPROVED');
  });

  it('answers a decline with 402 and the 000 §8 code, and leaves the place in the cart', async () => {
    const { b, cartId, seat } = await seatCart();
    const declined = await b.order(
      cartId,
      'CREDIT_CARD',
      stripeInfo(FAKE_PAYMENT_METHODS.insufficientFunds),
    );
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({ error: 'CARD_DECLINED', response_code: '51' });
    expect(declined.json().message).toMatch(/banco/i);
    const hold = await t.database.db.seatReservation.findFirstOrThrow({
      where: { seatId: seat.id },
    });
    expect(hold).toMatchObject({ kind: 'HOLD', cartId, orderId: null });
    expect((await b.cart()).items).toHaveLength(1);

    const paid = await b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.approved));
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('sends the buyer to Stripe’s 3-D Secure page and approves the order on the signed webhook', async () => {
    const { b, cartId } = await ticketCart();
    const res = await b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.threeDSecure));
    expect(res.statusCode, res.body).toBe(303);
    const order = res.json() as OrderBody;
    expect(order.status).toBe('PENDING');
    const intentId = order.payment_response?.transaction_id ?? '';
    expect(intentId).toMatch(/^pi_/);
    expect(order.payment_response?.redirect).toBe(`${fake.url}/3ds/${intentId}`);

    // A forged event changes nothing.
    const forged = await sendWebhook(
      'payment_intent.succeeded',
      { id: intentId, orderId: order._id },
      'whsec_somebody_else',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'BAD_REQUEST', message: 'Firma del webhook inválida' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: { type: 'payment_intent.succeeded' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderOf(b, order._id)).status).toBe('PENDING');

    const signed = await sendWebhook('payment_intent.succeeded', {
      id: intentId,
      orderId: order._id,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toEqual({ received: true });
    const approved = await orderOf(b, order._id);
    expect(approved.status).toBe('APPROVED');
    expect(approved.payment_response?.transaction_id).toBe(intentId);

    // Stripe delivers an event at least once: the second delivery refunds nothing.
    const refundsBefore = refundRequests().length;
    const again = await sendWebhook('payment_intent.succeeded', {
      id: intentId,
      orderId: order._id,
    });
    expect(again.statusCode).toBe(200);
    expect((await orderOf(b, order._id)).status).toBe('APPROVED');
    expect(refundRequests()).toHaveLength(refundsBefore);
  });

  it('gives the place back to the cart when 3-D Secure fails', async () => {
    const { b, cartId, seat } = await seatCart();
    const res = await b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.threeDSecure));
    expect(res.statusCode, res.body).toBe(303);
    const order = res.json() as OrderBody;
    const failed = await sendWebhook('payment_intent.payment_failed', {
      id: order.payment_response?.transaction_id ?? '',
      orderId: order._id,
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await orderOf(b, order._id)).status).toBe('REJECTED');
    expect(
      await t.database.db.seatReservation.findFirstOrThrow({ where: { seatId: seat.id } }),
    ).toMatchObject({ kind: 'HOLD', cartId, orderId: null });
  });

  it('answers 200 to the events it does not handle', async () => {
    const res = await sendWebhook('payment_intent.created', { id: 'pi_x', orderId: randomUUID() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('turns a Stripe outage into PAYMENT_FAILED and gives the places back', async () => {
    const { b, cartId, seat } = await seatCart();
    const res = await b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.outage));
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toBe('PAYMENT_FAILED');
    expect(
      await t.database.db.seatReservation.findFirstOrThrow({ where: { seatId: seat.id } }),
    ).toMatchObject({ kind: 'HOLD', cartId, orderId: null });
  });

  it('asks for the PaymentMethod instead of the card, and refuses a card number sent anyway', async () => {
    const { b, cartId } = await ticketCart();
    const before = fake.requests.length;
    const missing = await b.order(cartId, 'CREDIT_CARD', buyer({ cc_name: 'ANA LOPEZ' }));
    expect(missing.statusCode).toBe(422);
    const missingFields = (missing.json() as { fields: { field: string }[] }).fields;
    expect(missingFields.map((f) => f.field)).toEqual(['payment_info.payment_method']);

    const withCard = await b.order(
      cartId,
      'CREDIT_CARD',
      stripeInfo(FAKE_PAYMENT_METHODS.approved, { cc_number: '4111111111111111', cc_cvv2: '123' }),
    );
    expect(withCard.statusCode).toBe(422);
    const cardFields = (withCard.json() as { fields: { field: string }[] }).fields;
    expect(cardFields.map((f) => f.field).sort()).toEqual([
      'payment_info.cc_cvv2',
      'payment_info.cc_number',
    ]);
    expect(fake.requests.length).toBe(before);
    expect(await t.database.db.order.count({ where: { cartId } })).toBe(0);
  });

  it('refuses a charge without a PaymentMethod at the gateway too, without calling Stripe', async () => {
    const before = fake.requests.length;
    const result = await t.app.paymentGateway.charge({
      orderId: randomUUID(),
      amount: 15_000,
      currency: 'GTQ',
      card: { number: '4111111111111111', exp: '12/30', cvv: '123', name: 'Ana' },
      returnUrl: 'http://localhost:3000/orders/x',
    });
    expect(result).toMatchObject({ outcome: 'DECLINED', responseCode: '14' });
    expect(fake.requests.length).toBe(before);
  });

  it('refunds a PaymentIntent with an idempotency key of its own, and reports a refusal', async () => {
    const { b, cartId } = await ticketCart(12_500);
    const res = await b.order(cartId, 'CREDIT_CARD', stripeInfo(FAKE_PAYMENT_METHODS.approved));
    const intentId = (res.json() as OrderBody).payment_response?.transaction_id ?? '';
    const refund = await t.app.paymentGateway.refund(intentId, 25_000);
    expect(refund).toEqual({ refunded: true, responseText: 'Reembolso aprobado' });
    expect(refundRequests().at(-1)).toMatchObject({
      idempotencyKey: `refund-${intentId}`,
      params: { payment_intent: intentId, amount: '25000' },
    });
    const unknown = await t.app.paymentGateway.refund('pi_unknown', 100);
    expect(unknown.refunded).toBe(false);
  });

  it('hides the sandbox’s test cards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/payments/sandbox/cards' });
    expect(res.statusCode).toBe(404);
  });
});
