import type { Order } from '@taquilla/contract';
import type { stubApi } from './catalogue-factory';

/*
 * Orders as GET /viewers/orders/{id} and POST /cart/orders answer them, and the
 * POST /cart/orders calls a test made.
 */

export const ORDER_ID = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** An approved card order of two Platea tickets (Q 930.00); `overrides` make any other. */
export function buildCardOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    order_number: 1042,
    createdAt: '2026-11-25T16:00:00.000Z',
    status: 'APPROVED',
    payment_type: 'CREDIT_CARD',
    currency: 'GTQ',
    tickets: [],
    codes: [],
    subtotal: 900,
    total_fee: 30,
    total_discount: 0,
    total: 930,
    promo_codes: [],
    payment_info: {
      email: 'ana@correo.gt',
      firstname: 'Ana',
      lastname: 'López',
      reference: null,
      cc_number: '**** 1111',
      cc_brand: 'visa',
    },
    payment_response: {
      authorization: '123456',
      transaction_id: 'sbx_1',
      response_text: 'Aprobada',
    },
    change_log: [],
    cart_uid: 'cart-1',
    ...overrides,
  };
}

/** The POST /cart/orders calls made, with their body and Idempotency-Key. */
export function orderCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/cart/orders'))
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown> & {
        payment_info: Record<string, unknown>;
      },
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }));
}
