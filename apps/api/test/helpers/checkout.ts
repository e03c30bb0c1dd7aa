import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** Sandbox cards (apps/api/src/modules/payments/sandbox.cards.ts). */
export const CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  amex: '378282246310005',
} as const;

export const buyer = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Ana',
  lastname: 'López',
  email: 'ana.lopez@example.com',
  phone: '55551234',
  address: 'Ciudad',
  city: 'Guatemala',
  state: 'Guatemala',
  country: 'GT',
  nit: 'C/F',
  ...overrides,
});

export const cardInfo = (number: string, overrides: Record<string, unknown> = {}) =>
  buyer({
    cc_name: 'ANA LOPEZ',
    cc_number: number,
    cc_exp: '12/30',
    cc_cvv2: number.startsWith('3') ? '1234' : '123',
    ...overrides,
  });

/** One buyer's browser: a `sessionID` and the calls its pages make. */
export function browser(t: () => TestApp, headers: Record<string, string> = {}) {
  const sid = randomUUID();
  const withCookie = {
    ...headers,
    cookie: [headers.cookie, `sessionID=${sid}`].filter(Boolean).join('; '),
  };
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) =>
    t().app.inject({
      method,
      url,
      headers: { ...withCookie, ...extra },
      ...(payload ? { payload } : {}),
    });
  return {
    sid,
    send,
    /** Adds lines and fails the test unless they are held; answers the cart id. */
    async hold(items: object[]): Promise<string> {
      const res = await send('POST', `/cart/${sid}/items`, { items });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { _id: string })._id;
    },
    cart: async () =>
      (await send('GET', `/cart/${sid}`)).json() as { _id: string | null; items: unknown[] },
    order: (
      cartId: string,
      paymentType: string,
      info: object,
      extra: Record<string, string> = {},
    ) =>
      send(
        'POST',
        '/cart/orders',
        { payment_type: paymentType, payment_info: info, session_id: sid, cart_uid: cartId },
        extra,
      ),
  };
}
