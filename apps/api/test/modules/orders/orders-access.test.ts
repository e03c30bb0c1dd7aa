import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { releaseAbandonedPayments } from '../../../src/modules/orders/orders.abandoned.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';

const CHALLENGE_CARD = '4000000000003220';

interface OrderBody {
  _id: string;
  status: string;
  cart_uid: string | null;
  tickets?: unknown[];
  payment_response: { redirect?: string } | null;
}

describe('who reads an order, and 3-D Secure through the cart channel', () => {
  let t: TestApp;
  let showId: string;
  let ticketId: string;
  let base: string;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `127.0.0.1:${address.port}`;
    showId = (await createShow(t.database.db)).id;
    ticketId = (await createTicket(t.database.db, showId, { capacity: 50 })).id;
  });
  afterAll(async () => t.close());

  it('shows the whole order to its owner, its browser and its e-mailed link; the login prompt to anyone else', async () => {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const owner = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    const b = browser(app, owner.headers);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
    const res = await b.order(
      cartId,
      'CREDIT_CARD',
      cardInfo(CARDS.visa, { email: 'dueno@example.com', save_info: true, phone: '55559999' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as OrderBody)._id;
    // "Guardar mis datos": the form's fields are the profile's now.
    expect(await t.database.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      phone: '55559999',
      city: 'Guatemala',
    });
    const full = (headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `/viewers/orders/${id}${query}`, headers });

    const asOwner = await full(owner.headers);
    expect((asOwner.json() as OrderBody).tickets).toHaveLength(1);
    const asBrowser = await full({ cookie: `sessionID=${b.sid}` });
    expect((asBrowser.json() as OrderBody).tickets).toHaveLength(1);

    const other = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const stranger = await login(t, other.email, TEST_PASSWORD, 'Viewer');
    const others: Record<string, string>[] = [
      stranger.headers,
      {},
      { cookie: 'sessionID=otra-sesion-de-navegador-123' },
    ];
    for (const headers of others) {
      const prompt = await full(headers);
      expect(prompt.statusCode).toBe(200);
      // The e-mail masked (decision 0066): the account to sign in with, not the address.
      expect(prompt.json()).toEqual({ _id: id, status: 'APPROVED', email: 'd•••@example.com' });
      expect(prompt.body).not.toContain('dueno');
    }
    const secret = createHmac('sha256', t.config.ADMIN_PASSWORD)
      .update(`orders:${t.config.DATABASE_URL}`)
      .digest('hex');
    const token = createHmac('sha256', secret).update(`order:${id}`).digest('base64url');
    expect(((await full({}, `?t=${token}`)).json() as OrderBody).tickets).toHaveLength(1);
    expect((await full({}, `?t=${token.slice(1)}x`)).json()).not.toHaveProperty('tickets');

    const missing = await t.app.inject({
      method: 'GET',
      url: '/viewers/orders/0194f1c2-0000-7000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('ORDER_NOT_FOUND');
    expect(
      (await t.app.inject({ method: 'GET', url: '/viewers/orders/no-es-un-id' })).statusCode,
    ).toBe(404);
  });

  /** Subscribes to a channel with a browser's cookie and collects what it hears. */
  async function subscribe(channel: string, sid: string | null) {
    const ws = new WebSocket(`ws://${base}/realtime`, {
      headers: sid ? { cookie: `sessionID=${sid}` } : {},
    });
    const heard: { type?: string; event?: string; status?: string; error?: string }[] = [];
    ws.on('message', (raw) => heard.push(JSON.parse(String(raw))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ action: 'subscribe', channel }));
    const deadline = Date.now() + 3_000;
    while (
      !heard.some((m) => m.type === 'subscribed' || m.type === 'error') &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { ws, heard };
  }

  async function challengeOrder() {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 2 }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CHALLENGE_CARD));
    expect(res.statusCode, res.body).toBe(303);
    const order = res.json() as OrderBody;
    expect(order.status).toBe('PENDING');
    expect(order.cart_uid).toBe(cartId);
    const redirect = order.payment_response?.redirect ?? '';
    expect(redirect).toMatch(/\/payments\/sandbox\/3ds\//);
    return { b, cartId, order, path: new URL(redirect).pathname };
  }

  async function decide(path: string, decision: 'approve' | 'reject') {
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `decision=${decision}`,
    });
  }

  it('approves a 3-D Secure payment on the challenge page and tells only that cart’s browser', async () => {
    const { b, cartId, order, path } = await challengeOrder();
    const stranger = await subscribe(`cart/${cartId}/3ds`, 'otra-sesion-de-navegador-123');
    expect(stranger.heard.at(-1)).toMatchObject({ type: 'error', error: 'CHANNEL_FORBIDDEN' });
    stranger.ws.close();
    const mine = await subscribe(`cart/${cartId}/3ds`, b.sid);
    expect(mine.heard.at(-1)).toMatchObject({ type: 'subscribed' });

    expect((await decide(path, 'approve')).statusCode).toBe(200);
    const deadline = Date.now() + 3_000;
    while (!mine.heard.some((m) => m.type === 'message') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    mine.ws.close();
    expect(JSON.stringify(mine.heard)).toContain('"status":"APPROVED"');
    const row = await t.database.db.order.findUniqueOrThrow({ where: { id: order._id } });
    expect(row.status).toBe('APPROVED');
    expect((await decide(path, 'approve')).statusCode).toBe(404);
  });

  it('rejects a 3-D Secure payment: the order is REJECTED and the places go back to the cart', async () => {
    const { b, cartId, order, path } = await challengeOrder();
    expect((await decide(path, 'reject')).statusCode).toBe(200);
    const row = await t.database.db.order.findUniqueOrThrow({ where: { id: order._id } });
    expect(row.status).toBe('REJECTED');
    expect((await t.database.db.cart.findUniqueOrThrow({ where: { id: cartId } })).status).toBe(
      'OPEN',
    );
    expect((await b.cart()).items).toHaveLength(1);
    const paid = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('gives back the places of a 3-D Secure payment nobody finished, once', async () => {
    const { order } = await challengeOrder();
    const soldBefore = (await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticketId } }))
      .sold;
    const early = await releaseAbandonedPayments(t.database.db, new Date(Date.now() + 5 * 60_000));
    expect(early.orders).toBe(0);
    const later = new Date(Date.now() + 21 * 60_000);
    expect((await releaseAbandonedPayments(t.database.db, later)).orders).toBe(1);
    expect((await releaseAbandonedPayments(t.database.db, later)).orders).toBe(0);
    const row = await t.database.db.order.findUniqueOrThrow({
      where: { id: order._id },
      include: { changeLog: true },
    });
    expect(row.status).toBe('REJECTED');
    expect(row.changeLog.map((c) => c.action)).toContain('Payment abandoned');
    expect((await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticketId } })).sold).toBe(
      soldBefore - 2,
    );
  });
});
