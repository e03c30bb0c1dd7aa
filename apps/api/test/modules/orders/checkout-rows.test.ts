import { checkoutCartRowSchema, orderViewRowSchema } from '@taquilla/contract';
import { describe, expect, it } from 'vitest';

/*
 * Decision 0076: the JSON `orders.read-checkout-cart` builds is parsed by the contract's
 * schema at the repository (the checkout tests read real carts through it); here, what
 * the parse turns into what, and what it refuses instead of passing on.
 */

const row = {
  id: '01a2222a-0000-7000-8000-000000000001',
  sessionKey: 'sesion-de-prueba-0000000001',
  userId: null,
  status: 'OPEN',
  currency: 'GTQ',
  validThru: '2026-11-28T13:40:00.123+00:00',
  fingerprint: 'abc',
  items: [
    {
      id: '01a2222a-0000-7000-8000-000000000002',
      ticketId: '01a2222a-0000-7000-8000-000000000003',
      seatId: null,
      quantity: 2,
      totalPrice: 30000,
      totalFee: 1500,
      totalPriceUsd: null,
      totalFeeUsd: null,
      paymentTypes: ['CREDIT_CARD'],
      dated: false,
    },
  ],
  promoCodes: [{ promoCodeId: '01a2222a-0000-7000-8000-000000000004', discountAmount: 2000 }],
  shows: [{ id: '01a2222a-0000-7000-8000-000000000005', parentId: null, settings: {} }],
};

describe("the checkout cart's row (decision 0076)", () => {
  it('turns the JSON timestamp into a date and keeps the rest as the statement wrote it', () => {
    const cart = checkoutCartRowSchema.parse(row);
    expect(cart.validThru).toEqual(new Date('2026-11-28T13:40:00.123Z'));
    expect(cart.items[0]?.totalPrice).toBe(30000);
    expect(checkoutCartRowSchema.parse({ ...row, validThru: null }).validThru).toBeNull();
  });

  it('refuses a row whose shape drifted from the statement, instead of passing it on', () => {
    const drifted = [
      { ...row, status: 'PAID' },
      { ...row, items: [{ ...row.items[0], totalPrice: '300.00' }] },
      { ...row, items: [{ ...row.items[0], quantity: 0 }] },
      { ...row, fingerprint: undefined },
    ];
    for (const candidate of drifted) {
      expect(checkoutCartRowSchema.safeParse(candidate).success).toBe(false);
    }
  });
});

describe("the order page's row (decision 0076)", () => {
  const order = {
    id: 'o1',
    orderNumber: 1001,
    userId: null,
    cartId: 'c1',
    email: 'ana@example.com',
    status: 'APPROVED',
    paymentType: 'CREDIT_CARD',
    currency: 'GTQ',
    subtotal: 30000,
    totalFee: 1500,
    totalDiscount: 0,
    total: 31500,
    paymentInfo: { name: 'Ana' },
    paymentResponse: null,
    ccBrand: 'visa',
    ccLast4: '4242',
    createdAt: '2026-11-28T13:00:00+00:00',
    updatedAt: '2026-11-28T13:00:01+00:00',
    items: [],
    codes: [
      {
        id: 'k1',
        orderId: 'o1',
        orderItemId: 'i1',
        code: 'ABC234',
        ticketType: 'GENERAL',
        activatedAt: null,
        createdAt: '2026-11-28T13:00:02+00:00',
      },
    ],
    changeLog: [],
    promoCodes: [],
    cart: { sessionKey: 'sesion-de-prueba-0000000001' },
  };

  it('gives its timestamps as dates, a code not yet activated as null', () => {
    const view = orderViewRowSchema.parse(order);
    expect(view.createdAt).toEqual(new Date('2026-11-28T13:00:00Z'));
    expect(view.codes[0]?.createdAt).toEqual(new Date('2026-11-28T13:00:02Z'));
    expect(view.codes[0]?.activatedAt).toBeNull();
  });

  it('refuses a status or a payment type the database does not have', () => {
    expect(orderViewRowSchema.safeParse({ ...order, status: 'PAID' }).success).toBe(false);
    expect(orderViewRowSchema.safeParse({ ...order, paymentType: 'CASH' }).success).toBe(false);
    expect(orderViewRowSchema.safeParse({ ...order, paymentType: 'CODE' }).success).toBe(true);
  });
});
