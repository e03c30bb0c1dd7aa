import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { login } from '../../helpers/auth.ts';
import type { LoggedIn } from '../../helpers/auth.ts';
import { createOrderWithItems, createUser } from '../../helpers/factories.ts';

const PASSWORD = 'Tikal-al-Amanecer-2027';
const DAY = 86_400_000;

describe('account orders: GET /cart/orders, the caller’s own only', () => {
  let t: TestApp;
  let ana: { id: string; email: string; session: LoggedIn };
  let beto: { id: string; email: string; session: LoggedIn };
  const ids: Record<string, string> = {};

  async function newAccount() {
    const user = await createUser(t.database.db, { password: PASSWORD, withViewer: true });
    return {
      id: user.id,
      email: user.email,
      session: await login(t, user.email, PASSWORD, 'Viewer'),
    };
  }

  const list = (query: string, session: LoggedIn | null = ana.session) =>
    t.app.inject({
      method: 'GET',
      url: `/cart/orders?${query}`,
      ...(session ? { headers: session.headers } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    ana = await newAccount();
    beto = await newAccount();
    const db = t.database.db;
    const base = Date.UTC(2027, 1, 1, 18);
    ids.oldest = (
      await createOrderWithItems(db, {
        order: {
          userId: ana.id,
          email: ana.email,
          status: 'REJECTED',
          subtotal: 15_000,
          total: 15_000,
          createdAt: new Date(base),
        },
        items: [{ showName: 'Festival de Marimba', description: 'General', quantity: 1 }],
      })
    ).id;
    ids.newest = (
      await createOrderWithItems(db, {
        order: {
          userId: ana.id,
          email: ana.email,
          status: 'APPROVED',
          currency: 'GTQ',
          subtotal: 24_000,
          totalFee: 995,
          total: 24_995,
          createdAt: new Date(base + 2 * DAY),
        },
        items: [
          { showName: 'Concierto en el Teatro Nacional', description: 'Platea', quantity: 2 },
          { showName: 'Concierto en el Teatro Nacional', description: null, quantity: 1 },
        ],
      })
    ).id;
    ids.usd = (
      await createOrderWithItems(db, {
        order: {
          userId: ana.id,
          email: ana.email,
          status: 'WAITING_CONFIRMATION',
          currency: 'USD',
          subtotal: 1_400,
          total: 1_400,
          paymentType: 'BANK_DEPOSIT',
          createdAt: new Date(base + DAY),
        },
        items: [{ showName: 'Concierto virtual', description: 'Preventa', quantity: 1 }],
      })
    ).id;
    // A guest checkout made with Ana's address, before or without her account.
    ids.guest = (
      await createOrderWithItems(db, {
        order: { userId: null, email: ana.email, createdAt: new Date(base + 3 * DAY) },
        items: [{ showName: 'Obra de teatro', quantity: 1 }],
      })
    ).id;
    ids.beto = (
      await createOrderWithItems(db, {
        order: { userId: beto.id, email: beto.email, createdAt: new Date(base + 4 * DAY) },
        items: [{ showName: 'Privado de Beto', quantity: 3 }],
      })
    ).id;
  });
  afterAll(() => t.close());

  it('lists the caller’s orders newest first, amounts in currency units from centavos', async () => {
    const res = await list(`user=${ana.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { _id: string; order_number: number }[] };
    expect(body.items.map((o) => o._id)).toEqual([ids.newest, ids.usd, ids.oldest]);

    const newest = await t.database.db.order.findUniqueOrThrow({
      where: { id: ids.newest },
      include: { items: { orderBy: { id: 'asc' } } },
    });
    expect(body.items[0]).toEqual({
      _id: ids.newest,
      order_number: newest.orderNumber,
      createdAt: newest.createdAt.toISOString(),
      status: 'APPROVED',
      total: 249.95,
      currency: 'GTQ',
      tickets: [
        {
          _id: newest.items[0]?.id,
          show_name: 'Concierto en el Teatro Nacional',
          description: 'Platea',
          quantity: 2,
        },
        {
          _id: newest.items[1]?.id,
          show_name: 'Concierto en el Teatro Nacional',
          description: null,
          quantity: 1,
        },
      ],
    });
    expect(body.items[1]).toMatchObject({
      status: 'WAITING_CONFIRMATION',
      total: 14,
      currency: 'USD',
    });
    expect(body.items[2]).toMatchObject({ status: 'REJECTED', total: 150 });
  });

  it('answers the same list for ?email= with the caller’s address, in any letter case', async () => {
    const byUser = await list(`user=${ana.id}`);
    const byEmail = await list(`email=${encodeURIComponent(ana.email.toUpperCase())}`);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json()).toEqual(byUser.json());
  });

  it('includes guest checkouts made with the address only once the address is verified', async () => {
    const before = (await list(`user=${ana.id}`)).json() as { items: { _id: string }[] };
    expect(before.items.map((o) => o._id)).not.toContain(ids.guest);

    await t.database.db.user.update({
      where: { id: ana.id },
      data: { emailVerifiedAt: new Date() },
    });
    const after = (await list(`user=${ana.id}`)).json() as { items: { _id: string }[] };
    expect(after.items.map((o) => o._id)).toEqual([ids.guest, ids.newest, ids.usd, ids.oldest]);
    expect(after.items.map((o) => o._id)).not.toContain(ids.beto);
  });

  it('answers 403 for another user’s id or address, and never lists their orders', async () => {
    for (const query of [
      `user=${beto.id}`,
      `email=${encodeURIComponent(beto.email)}`,
      `user=${ana.id}&email=${encodeURIComponent(beto.email)}`,
      `user=${beto.id}&email=${encodeURIComponent(ana.email)}`,
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
      expect(res.body).not.toContain(ids.beto);
    }
    const own = await list(`user=${beto.id}`, beto.session);
    expect((own.json() as { items: { _id: string }[] }).items.map((o) => o._id)).toEqual([
      ids.beto,
    ]);
  });

  it('answers 401 without a session, and 422 when neither user nor email is given', async () => {
    const anonymous = await list(`user=${ana.id}`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(ids.newest);
    const noFilter = await t.app.inject({
      method: 'GET',
      url: '/cart/orders',
      headers: ana.session.headers,
    });
    expect(noFilter.statusCode).toBe(422);
  });

  it('answers an empty list to an account without orders', async () => {
    const carla = await newAccount();
    const res = await list(`user=${carla.id}`, carla.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });
});
