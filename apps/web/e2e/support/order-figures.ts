import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { adminShowSchema, adminTicketSchema, orderSchema } from '@taquilla/contract';
import { uniqueEmail } from './accounts';

/*
 * An order whose figures are worth checking on the console's order page (issue 20):
 * two lines of the demo producer's show, one with a fee on top and a description of
 * its own, one priced by a quantity rule, and a fixed promo code off the total. Set up
 * through the organiser API and paid by a sandbox card from a browser session of its own.
 */

const JSON_HEADERS = { Accept: 'application/json' };
type RequestFactory = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

export const FIGURES = {
  vip: { name: 'Platea VIP', description: 'Sección frente al escenario' },
  general: { name: 'General' },
} as const;

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/**
 * `organiser` is the producer's own session (its page's `request`): a second login of
 * the same account would end the page's session.
 */
export async function orderWithFeeAndDiscount(
  organiser: APIRequestContext,
  playwright: RequestFactory,
  baseURL: string,
  run: string,
): Promise<{ orderId: string; showName: string; promoCode: string }> {
  const showName = `Cifras de prueba ${run}`;
  const show = adminShowSchema.parse(
    await created(
      await organiser.post('/admin/shows', {
        data: {
          fullname: showName,
          show_date: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
          timezone: 'America/Guatemala',
          venue: 'Teatro Lux',
          type: 'VENUE',
          paid: true,
          status: 'ACTIVE',
          visible: false,
          settings: {},
        },
      }),
    ),
  );
  const ticket = async (data: object) =>
    adminTicketSchema.parse(
      await created(await organiser.post(`/admin/shows/${show._id}/tickets`, { data })),
    );
  const vip = await ticket({
    code: 'PLATEA-VIP',
    fullname: FIGURES.vip.name,
    description: FIGURES.vip.description,
    price: 150,
    fee: 5,
    payment_type: ['CREDIT_CARD'],
    capacity: 50,
  });
  const general = await ticket({
    code: 'GENERAL',
    fullname: FIGURES.general.name,
    price: 100,
    price_rules: [{ quantity_min: 2, item_discount_price: 80 }],
    payment_type: ['CREDIT_CARD'],
    capacity: 50,
  });
  const promoCode = `CIFRAS${run.toUpperCase()}`.slice(0, 40);
  await created(
    await organiser.post('/admin/promo-codes', {
      data: {
        code: promoCode,
        discount_type: 'FIXED',
        discount_value: 20,
        show_uids: [show._id],
      },
    }),
  );

  const sessionID = randomUUID();
  const buyer = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { ...JSON_HEADERS, Cookie: `sessionID=${sessionID}` },
  });
  const cart = await buyer.post(`/cart/${sessionID}/items`, {
    data: {
      items: [
        { ticket_uid: vip._id, show_uid: show._id, quantity: 1 },
        { ticket_uid: general._id, show_uid: show._id, quantity: 2 },
      ],
    },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const applied = await buyer.post(`/cart/carts/${sessionID}/promo-codes`, {
    data: { code: promoCode },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const placed = await buyer.post('/cart/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      payment_type: 'CREDIT_CARD',
      session_id: sessionID,
      cart_uid: ((await cart.json()) as { _id: string })._id,
      payment_info: {
        firstname: 'Rosa',
        lastname: 'Tzoc',
        email: uniqueEmail('cifras'),
        phone: '5555-4321',
        address: 'Zona 1',
        city: 'Guatemala',
        state: 'Guatemala',
        country: 'GT',
        nit: 'CF',
        cc_name: 'ROSA TZOC',
        cc_number: '4111111111111111',
        cc_exp: '12/30',
        cc_cvv2: '123',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = orderSchema.parse(await placed.json());
  await buyer.dispose();
  return { orderId: order._id, showName, promoCode };
}
