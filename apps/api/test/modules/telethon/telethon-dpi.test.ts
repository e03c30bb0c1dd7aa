import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskTicketCode } from '@taquilla/domain';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import type { Prisma } from '../../../src/generated/prisma/client.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { createOrder, createShow, createTicket, createUser } from '../../helpers/factories.ts';
import { expectRateLimited } from '../../helpers/rate-limited.ts';

const DPI_BUYER = '2345678901234';
const DPI_OTHER = '3456789012345';
const DPI_MIXED = '4567890123456';
const DPI_NOBODY = '9876543210987';
const DPI_FIELD = { key: 'dpi', label: 'DPI', type: 'text', required: true, options: [] };

/** Each test looks up from an address of its own: the budget is per address. */
let lastAddress = 0;
const newAddress = () => `203.0.113.${(lastAddress += 1)}`;

describe('GET /cart/orders/teleton/?dpi= (decision 0038)', () => {
  let t: TestApp;
  let showId: string;
  let ticket: { id: string; code: string };
  /** Rosa, signed in with the verified e-mail of her orders: she sees her codes whole (0060). */
  let rosa: Record<string, string>;

  const lookup = (
    dpi: string,
    remoteAddress = newAddress(),
    path = '/cart/orders/teleton/',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'GET',
      url: `${path}?dpi=${encodeURIComponent(dpi)}`,
      headers: { accept: 'application/json', ...headers },
      remoteAddress,
    });

  /** An order of `status` whose buyer gave `dpi`, with one code per entry of `codes`. */
  async function orderWithCodes(
    dpi: string,
    status: Prisma.OrderUncheckedCreateInput['status'],
    codes: { code: string; activated?: boolean }[],
  ) {
    const db = t.database.db;
    const order = await createOrder(db, {
      status,
      email: 'rosa@example.com',
      paymentInfo: { firstname: 'Rosa', email: 'rosa@example.com', custom_fields: { dpi } },
    });
    const item = await db.orderItem.create({
      data: {
        orderId: order.id,
        ticketId: ticket.id,
        showId,
        code: ticket.code,
        showName: 'Teletón 2027',
        showDate: new Date(Date.now() + 86_400_000),
        ticketType: 'ONLINE',
        quantity: codes.length,
        price: 10_000,
        totalPrice: 10_000 * codes.length,
      },
    });
    for (const { code, activated } of codes) {
      await db.ticketCode.create({
        data: {
          orderId: order.id,
          orderItemId: item.id,
          code,
          ticketType: 'ONLINE',
          activatedAt: activated ? new Date() : null,
        },
      });
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    showId = (
      await createShow(db, {
        fullname: 'Teletón 2027',
        type: 'ONLINE',
        venue: 'Online',
        settings: {
          custom_fields: { fields: [DPI_FIELD] },
          landing: { template: 'telethon' },
        },
      })
    ).id;
    ticket = await createTicket(db, showId, { fullname: 'Donación Q 100', type: 'ONLINE' });
    await orderWithCodes(DPI_MIXED, 'APPROVED', [
      { code: 'TLAP01' },
      { code: 'TLAP02', activated: true },
    ]);
    await orderWithCodes(DPI_MIXED, 'PENDING', [{ code: 'TLPE01' }]);
    await orderWithCodes(DPI_MIXED, 'WAITING_CONFIRMATION', [{ code: 'TLWC01' }]);
    await orderWithCodes(DPI_MIXED, 'REJECTED', [{ code: 'TLRE01' }]);
    await orderWithCodes(DPI_MIXED, 'CANCELLED', [{ code: 'TLCA01' }]);
    await orderWithCodes(DPI_OTHER, 'APPROVED', [{ code: 'TLOT01' }]);
    const user = await createUser(db, { password: TEST_PASSWORD, email: 'rosa@example.com' });
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    rosa = (await login(t, 'rosa@example.com', TEST_PASSWORD, 'Viewer')).headers;
  });
  afterAll(() => t.close());

  it('finds the codes a card checkout bought with the DPI (typed with a stray space), and only what the page needs', async () => {
    const b = browser(() => t);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: showId, quantity: 2 }]);
    const placed = await b.order(
      cartId,
      'CREDIT_CARD',
      cardInfo(CARDS.visa, { custom_fields: { dpi: ` ${DPI_BUYER} ` } }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json() as { _id: string; status: string };
    expect(order.status).toBe('APPROVED');
    await issueTicketCodes(t.database.db, order._id);
    const codes = await t.database.db.ticketCode.findMany({ where: { orderId: order._id } });
    expect(codes).toHaveLength(2);

    const res = await lookup(DPI_BUYER);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { total: number; items: Record<string, unknown>[] };
    expect(Object.keys(body).sort()).toEqual(['items', 'total']);
    expect(body.total).toBe(2);
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual([
        'activated',
        'code',
        'masked',
        'show_name',
        'show_uid',
        'ticket_name',
      ]);
    }
    // A guest's codes, looked up by nobody signed in: masked (decision 0060).
    expect(body.items.map((item) => item.code).sort()).toEqual(
      codes.map((c) => maskTicketCode(c.code)).sort(),
    );
    for (const c of codes) expect(res.body).not.toContain(c.code);
    expect(body.items[0]).toMatchObject({
      masked: true,
      show_uid: showId,
      show_name: 'Teletón 2027',
      ticket_name: 'Donación Q 100',
      activated: false,
    });
    for (const secret of ['ana.lopez@example.com', 'López', order._id, 'APPROVED', 'total_price']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('answers only APPROVED orders’ codes, never another DPI’s, and says which are activated', async () => {
    const res = await lookup(DPI_MIXED, newAddress(), undefined, rosa);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; items: { code: string; activated: boolean }[] };
    expect(body.total).toBe(2);
    expect(body.items.map(({ code, activated }) => ({ code, activated }))).toEqual([
      { code: 'TLAP01', activated: false },
      { code: 'TLAP02', activated: true },
    ]);
    const other = (await lookup(DPI_OTHER, newAddress(), undefined, rosa)).json() as {
      items: { code: string }[];
    };
    expect(other.items.map((item) => item.code)).toEqual(['TLOT01']);
  });

  it('answers the same with or without the trailing slash', async () => {
    const withSlash = await lookup(DPI_OTHER, newAddress(), '/cart/orders/teleton/');
    const without = await lookup(DPI_OTHER, newAddress(), '/cart/orders/teleton');
    expect(without.statusCode).toBe(200);
    expect(without.json()).toEqual(withSlash.json());
  });

  it('answers total 0 and no items for a DPI with no codes', async () => {
    const res = await lookup(DPI_NOBODY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 0, items: [] });
  });

  it('refuses a DPI that is not 13 digits between 1111111111111 and 9999999999999 with 422', async () => {
    const refusal = {
      error: 'VALIDATION_ERROR',
      message: 'Los datos enviados no son válidos',
      fields: [{ field: 'dpi', message: 'El DPI debe tener 13 dígitos' }],
    };
    for (const dpi of [
      '234567890123',
      '23456789012345',
      '23456789O1234',
      '2345-678901234',
      ' 2345678901234',
      '1111111111110',
      '0000000000000',
      '',
    ]) {
      const res = await lookup(dpi);
      expect(res.statusCode, JSON.stringify(dpi)).toBe(422);
      expect(res.json()).toEqual(refusal);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/cart/orders/teleton/' });
    expect(missing.statusCode).toBe(422);
    expect((missing.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'dpi',
    ]);
  });

  it('allows an address ten lookups in ten minutes; the eleventh answers 429 with Retry-After', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await lookup(DPI_NOBODY, address)).statusCode).toBe(200);
    }
    expectRateLimited(await lookup(DPI_BUYER, address), 600);
    expect((await lookup(DPI_NOBODY, newAddress())).statusCode).toBe(200);
  });

  it('refuses at checkout a DPI that is not 13 digits when the show asks for it', async () => {
    const b = browser(() => t);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }]);
    const before = await t.database.db.order.count();
    for (const dpi of ['12345', '23456789O1234', '0000000000000']) {
      const res = await b.order(
        cartId,
        'CREDIT_CARD',
        cardInfo(CARDS.visa, { custom_fields: { dpi } }),
      );
      expect(res.statusCode, dpi).toBe(422);
      expect(res.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos',
        fields: [
          { field: 'payment_info.custom_fields.dpi', message: 'El DPI debe tener 13 dígitos' },
        ],
      });
    }
    expect(await t.database.db.order.count()).toBe(before);
  });
});
