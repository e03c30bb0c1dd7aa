import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminOrderEndpoints } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, buyer, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

/** The smallest PNG there is: a 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const MISSING = '0194f1c2-0000-7000-8000-000000000000';

interface ListItem {
  _id: string;
  order_number: number;
  status: string;
  payment_type: string;
  total: number;
  email: string;
  buyer_name: string | null;
  show_names: string[];
  quantity: number;
}
interface Page {
  items: ListItem[];
  total: number;
  page: number;
  page_size: number;
}

describe('organiser API: the orders list and an order’s detail', () => {
  let t: TestApp;
  let o: Organisers;
  let dir: string;
  const app = () => t;
  const show: Record<'a' | 'date' | 'b', { id: string; fullname: string }> = {} as never;
  /** The orders of the file, placed through the real checkout, oldest first. */
  const order: Record<'maria' | 'ana' | 'pedro' | 'lucia', { _id: string; order_number: number }> =
    {} as never;
  let mariaCode: string;

  const get = (who: LoggedIn | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
  async function list(who: LoggedIn, query = ''): Promise<Page> {
    const res = await get(who, `/admin/orders${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  }
  const numbers = (page: Page) => page.items.map((i) => i.order_number);
  const n = (key: keyof typeof order) => order[key].order_number;

  async function placeCard(
    showId: string,
    ticketId: string,
    quantity: number,
    who: Record<string, unknown>,
  ) {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa, who));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { _id: string; order_number: number };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-admin-orders-'));
    t = await createTestApp({ config: { STORAGE_DIR: dir } });
    o = await createOrganisers(t);
    const db = t.database.db;
    const types = {
      paymentTypes: ['CREDIT_CARD', 'BANK_DEPOSIT'] as ('CREDIT_CARD' | 'BANK_DEPOSIT')[],
    };
    show.a = await createShow(db, {
      producerId: o.producerA,
      fullname: 'Concierto de Marimba',
      settings: { deposit: true },
    });
    show.date = await createShow(db, {
      producerId: o.producerA,
      parentShowId: show.a.id,
      fullname: 'Función del sábado',
      settings: { is_show_date: true },
    });
    show.b = await createShow(db, { producerId: o.producerB, fullname: 'Teatro de Títeres' });
    const general = await createTicket(db, show.a.id, { ...types, capacity: 50, price: 10_000 });
    const dated = await createTicket(db, show.a.id, {
      fullname: 'Sábado',
      capacity: 20,
      price: 5_000,
      showDates: { create: [{ showId: show.date.id, label: 'Sábado' }] },
    });
    const other = await createTicket(db, show.b.id, { capacity: 20, price: 7_500 });

    order.maria = await placeCard(show.a.id, general.id, 2, {
      firstname: 'María José',
      lastname: 'Pérez Ávila',
      email: 'Maria.Perez@example.com',
    });
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: general.id, show_uid: show.a.id, quantity: 1 }]);
    const upload = await b.send(
      'GET',
      `/cart/orders/uploadUrl?show_uid=${show.a.id}&session_id=${b.sid}&filename=boleta.png`,
    );
    const { signedUrl, link } = upload.json() as { signedUrl: string; link: string };
    const url = new URL(signedUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const deposit = await b.order(
      cartId,
      'BANK_DEPOSIT',
      buyer({ file_info: link, reference: 'BI-445566', custom_fields: { dpi: '1234567890101' } }),
    );
    expect(deposit.statusCode, deposit.body).toBe(200);
    order.ana = deposit.json() as { _id: string; order_number: number };
    order.pedro = await placeCard(show.date.id, dated.id, 3, {
      firstname: 'Pedro',
      lastname: 'Gómez',
      email: 'pedro@example.com',
    });
    order.lucia = await placeCard(show.b.id, other.id, 1, {
      firstname: 'Lucía',
      lastname: 'Ramírez',
      email: 'lucia@example.com',
    });
    await issueTicketCodes(db, order.maria._id);
    mariaCode = (await db.ticketCode.findFirstOrThrow({ where: { orderId: order.maria._id } }))
      .code;
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('who may call it', () => {
    const routes = (id: string): Record<keyof typeof adminOrderEndpoints, [string, string]> => ({
      listOrders: ['GET', '/admin/orders'],
      getOrder: ['GET', `/admin/orders/${id}`],
      confirmDeposit: ['POST', `/admin/orders/${id}/deposit/confirm`],
      rejectDeposit: ['POST', `/admin/orders/${id}/deposit/reject`],
      cancelOrder: ['POST', `/admin/orders/${id}/cancel`],
      refundOrder: ['POST', `/admin/orders/${id}/refund`],
      resendOrderTickets: ['POST', `/admin/orders/${id}/resend`],
    });

    it('covers every endpoint of the contract’s order table', () => {
      const table = routes(':id');
      for (const [name, endpoint] of Object.entries(adminOrderEndpoints)) {
        expect(table[name as keyof typeof table], name).toEqual([endpoint.method, endpoint.path]);
      }
    });

    it('answers 401 without a session and 403 to a viewer on every route, changing nothing', async () => {
      for (const [name, [method, url]] of Object.entries(routes(order.ana._id))) {
        const payload = method === 'POST' ? { reason: 'No corresponde' } : undefined;
        const m = method as 'GET' | 'POST';
        const anonymous = await t.app.inject({ method: m, url, ...(payload ? { payload } : {}) });
        expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
        const viewer = await t.app.inject({
          method: m,
          url,
          headers: o.viewer.headers,
          ...(payload ? { payload } : {}),
        });
        expect(viewer.statusCode, `${name} viewer`).toBe(403);
        expect(viewer.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
      }
      const row = await t.database.db.order.findUniqueOrThrow({ where: { id: order.ana._id } });
      expect(row.status).toBe('WAITING_CONFIRMATION');
    });
  });

  describe('GET /admin/orders', () => {
    it('lists every order to an admin, newest first, with what the list shows', async () => {
      const page = await list(o.admin);
      expect(numbers(page)).toEqual([n('lucia'), n('pedro'), n('ana'), n('maria')]);
      expect(page).toMatchObject({ total: 4, page: 1, page_size: 25 });
      expect(page.items.find((i) => i._id === order.maria._id)).toEqual({
        _id: order.maria._id,
        order_number: n('maria'),
        createdAt: expect.any(String),
        status: 'APPROVED',
        payment_type: 'CREDIT_CARD',
        currency: 'GTQ',
        total: 200,
        email: 'maria.perez@example.com',
        buyer_name: 'María José Pérez Ávila',
        show_names: ['Concierto de Marimba'],
        quantity: 2,
      });
    });

    it('filters by status, payment type, show (a show covers its dates) and dates', async () => {
      expect(numbers(await list(o.admin, 'status=WAITING_CONFIRMATION'))).toEqual([n('ana')]);
      expect(numbers(await list(o.admin, 'status=waiting_confirmation,REJECTED'))).toEqual([
        n('ana'),
      ]);
      expect(numbers(await list(o.admin, 'payment_type=BANK_DEPOSIT'))).toEqual([n('ana')]);
      expect(numbers(await list(o.admin, `show_uid=${show.a.id}`))).toEqual([
        n('pedro'),
        n('ana'),
        n('maria'),
      ]);
      expect(numbers(await list(o.admin, `show_uid=${show.date.id}`))).toEqual([n('pedro')]);

      const rows = await t.database.db.order.findMany({ orderBy: { orderNumber: 'asc' } });
      const pedro = rows.find((r) => r.id === order.pedro._id)!;
      const since = encodeURIComponent(pedro.createdAt.toISOString());
      expect(numbers(await list(o.admin, `from=${since}`))).toEqual([n('lucia'), n('pedro')]);
      expect(numbers(await list(o.admin, `to=${since}`))).toEqual([
        n('pedro'),
        n('ana'),
        n('maria'),
      ]);
      // Calendar days are whole days in Guatemala time.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(
        pedro.createdAt,
      );
      expect((await list(o.admin, `from=${today}&to=${today}`)).total).toBe(4);
      expect((await list(o.admin, 'to=2020-01-01')).total).toBe(0);
    });

    it('searches the order number, the e-mail, the buyer’s names (any case or accent) and a ticket code', async () => {
      const search = async (q: string) =>
        numbers(await list(o.admin, `q=${encodeURIComponent(q)}`));
      expect(await search(String(n('ana')))).toEqual([n('ana')]);
      expect(await search(`#${n('pedro')}`)).toEqual([n('pedro')]);
      expect(await search('MARIA.PEREZ@')).toEqual([n('maria')]);
      expect(await search('perez avila')).toEqual([n('maria')]);
      expect(await search('José')).toEqual([n('maria')]);
      expect(await search('lopez')).toEqual([n('ana')]);
      expect(await search(mariaCode.toLowerCase())).toEqual([n('maria')]);
      // LIKE's wildcards are plain characters in the box.
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
    });

    it('pages on the server: disjoint pages, the same total on each', async () => {
      const first = await list(o.admin, 'page_size=3');
      const second = await list(o.admin, 'page_size=3&page=2');
      const third = await list(o.admin, 'page_size=3&page=3');
      expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
      expect([...numbers(first), ...numbers(second)]).toEqual(numbers(await list(o.admin)));
      expect(third.items).toEqual([]);
      expect(second).toMatchObject({ page: 2, page_size: 3 });
    });

    it('answers 422 naming the field for bad filters', async () => {
      for (const [query, field] of [
        ['status=PAGADA', 'status'],
        ['payment_type=CASH', 'payment_type'],
        ['page=0', 'page'],
        ['page_size=101', 'page_size'],
        ['page=dos', 'page'],
        ['from=ayer', 'from'],
        [`show_uid=no-es-uuid`, 'show_uid'],
      ]) {
        const res = await get(o.admin, `/admin/orders?${query}`);
        expect(res.statusCode, query).toBe(422);
        const body = res.json() as { error: string; message: string; fields: { field: string }[] };
        expect(body.error).toBe('VALIDATION_ERROR');
        expect(body.message).toEqual(expect.any(String));
        expect(body.fields.map((f) => f.field)).toContain(field);
      }
    });

    it('shows a producer only the orders of its shows and of their dates', async () => {
      expect(numbers(await list(o.producerUserA))).toEqual([n('pedro'), n('ana'), n('maria')]);
      expect(numbers(await list(o.producerUserB))).toEqual([n('lucia')]);
      const foreign = await list(o.producerUserB, `show_uid=${show.a.id}`);
      expect(foreign).toMatchObject({ items: [], total: 0 });
      expect((await list(o.producerUserB, `q=${n('maria')}`)).items).toEqual([]);
    });
  });

  describe('GET /admin/orders/{id}', () => {
    it('answers the whole order with the buyer’s data, a working proof URL and the change log', async () => {
      const res = await get(o.producerUserA, `/admin/orders/${order.ana._id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        _id: order.ana._id,
        status: 'WAITING_CONFIRMATION',
        payment_type: 'BANK_DEPOSIT',
        total: 100,
        user_uid: null,
        payment_info: { email: 'ana.lopez@example.com', reference: 'BI-445566' },
        buyer: {
          firstname: 'Ana',
          lastname: 'López',
          email: 'ana.lopez@example.com',
          phone: '55551234',
          address: 'Ciudad',
          city: 'Guatemala',
          country: 'GT',
          reference: 'BI-445566',
          custom_fields: { dpi: '1234567890101' },
        },
        codes: [],
        change_log: [
          {
            action: 'Order created',
            reason: null,
            from_status: null,
            to_status: 'WAITING_CONFIRMATION',
            actor: null,
          },
        ],
      });
      expect(body.tickets).toHaveLength(1);
      const proof = new URL(body.proof_url as string);
      expect(proof.searchParams.get('expires')).toBeTruthy();
      const image = await t.app.inject({ method: 'GET', url: proof.pathname + proof.search });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(PNG)).toBe(true);
      // Without its signature the same path opens nothing.
      const bare = await t.app.inject({ method: 'GET', url: proof.pathname });
      expect(bare.statusCode).toBe(403);
    });

    it('shows a card order’s last four digits only, its codes and no proof', async () => {
      const res = await get(o.admin, `/admin/orders/${order.maria._id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.proof_url).toBeNull();
      expect(body.payment_info.cc_number).toBe('**** 1111');
      expect(res.body).not.toContain(CARDS.visa);
      expect(body.codes).toHaveLength(2);
      expect(body.codes[0]).toMatchObject({ activated_at: null, qrcode: expect.any(String) });
      expect(body.change_log.map((c: { action: string }) => c.action)).toEqual([
        'Order created',
        'Payment approved',
      ]);
    });

    it('answers 404 for another producer’s order, an unknown id and a malformed one', async () => {
      for (const [who, id] of [
        [o.producerUserB, order.maria._id],
        [o.producerUserA, order.lucia._id],
        [o.admin, MISSING],
        [o.admin, 'no-es-un-id'],
      ] as const) {
        const res = await get(who, `/admin/orders/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: 'ORDER_NOT_FOUND', message: expect.any(String) });
      }
      const date = await get(o.producerUserA, `/admin/orders/${order.pedro._id}`);
      expect(date.statusCode).toBe(200);
    });
  });
});
