import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisNamespace } from '../../../src/config.ts';
import { QUEUES, bullConnection } from '../../../src/infra/queues.ts';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

const MISSING = '0194f1c2-0000-7000-8000-000000000000';
const MESSAGE = 'Los boletos se reenviaron al correo de la orden';

describe('organiser API: resending an order’s tickets (POST /admin/orders/{id}/resend)', () => {
  let t: TestApp;
  let o: Organisers;
  let tickets: Queue;
  let showA: string;
  let ticketA: string;
  let ticketB: string;
  let showB: string;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    // The app's own `tickets` queue: no worker runs here, so a resend waits in it.
    tickets = new Queue(QUEUES.tickets, {
      connection: bullConnection(t.config.REDIS_URL),
      prefix: redisNamespace(t.config),
    });
    const db = t.database.db;
    showA = (await createShow(db, { producerId: o.producerA })).id;
    showB = (await createShow(db, { producerId: o.producerB })).id;
    ticketA = (await createTicket(db, showA, { capacity: 50 })).id;
    ticketB = (await createTicket(db, showB, { capacity: 50 })).id;
  });
  afterAll(async () => {
    await tickets.close();
    await t.close();
  });

  /** An APPROVED card order of one place. */
  async function placeOrder(showId: string, ticketId: string) {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    return t.database.db.order.findFirstOrThrow({
      where: { cartId },
      select: { id: true, status: true, email: true },
    });
  }

  const resend = (who: LoggedIn | null, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/orders/${id}/resend`,
      headers: who ? who.headers : {},
    });

  const resendJobs = async (orderId: string) =>
    (await tickets.getJobs(['waiting', 'delayed', 'prioritized', 'active'])).filter(
      (job) => job.name === 'resend' && (job.data as { orderId: string }).orderId === orderId,
    );

  const auditOf = (orderId: string) =>
    t.database.db.auditLog.findMany({
      where: { entityId: orderId, action: 'order.resend_tickets' },
    });

  it('queues the tickets e-mail again for the order’s producer and for an admin, audited', async () => {
    const order = await placeOrder(showA, ticketA);
    expect(order.status).toBe('APPROVED');
    for (const who of [o.producerUserA, o.admin]) {
      const res = await resend(who, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGE });
    }
    const jobs = await resendJobs(order.id);
    expect(jobs).toHaveLength(2);
    // Each resend goes out under a mail key of its own, so neither is swallowed.
    const keys = jobs.map((job) => (job.data as { mailKey: string }).mailKey);
    expect(new Set(keys).size).toBe(2);
    expect(keys.every((key) => key.startsWith(`order-tickets-${order.id}-`))).toBe(true);
    const audit = await auditOf(order.id);
    expect(audit.map((row) => row.actorUserId).sort()).toEqual(
      [o.producerUserA.userId, o.admin.userId].sort(),
    );
    expect(audit[0]).toMatchObject({
      entityType: 'order',
      after: { status: 'APPROVED', email: order.email },
    });
  });

  it('answers 404 for another producer’s order or an unknown id, sending nothing', async () => {
    const order = await placeOrder(showB, ticketB);
    for (const id of [order.id, MISSING, 'no-es-un-id']) {
      const res = await resend(o.producerUserA, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ORDER_NOT_FOUND');
    }
    expect(await resendJobs(order.id)).toHaveLength(0);
    expect(await auditOf(order.id)).toHaveLength(0);
  });

  it('answers 401 without a session and 403 to a viewer', async () => {
    const order = await placeOrder(showA, ticketA);
    expect((await resend(null, order.id)).statusCode).toBe(401);
    const viewer = await resend(o.viewer, order.id);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error).toBe('FORBIDDEN');
    expect(await resendJobs(order.id)).toHaveLength(0);
  });

  it('answers 409 for an order that is not approved (cancelled)', async () => {
    const order = await placeOrder(showA, ticketA);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${order.id}/cancel`,
      headers: o.producerUserA.headers,
      payload: { reason: 'Pedido por el comprador' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await resend(o.producerUserA, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'ORDER_NOT_APPROVED',
      message: 'Solo se pueden reenviar los boletos de una orden aprobada',
    });
    expect(await resendJobs(order.id)).toHaveLength(0);
    expect(await auditOf(order.id)).toHaveLength(0);
  });

  it('allows three resends of one order in ten minutes, whoever asks', async () => {
    const order = await placeOrder(showA, ticketA);
    for (const who of [o.producerUserA, o.admin, o.producerUserA]) {
      expect((await resend(who, order.id)).statusCode).toBe(200);
    }
    const fourth = await resend(o.admin, order.id);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe('RATE_LIMITED');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await resendJobs(order.id)).toHaveLength(3);
    expect(await auditOf(order.id)).toHaveLength(3);
    // The budget is the order's: another order still goes out.
    const other = await placeOrder(showA, ticketA);
    expect((await resend(o.producerUserA, other.id)).statusCode).toBe(200);
  });
});

describe('organiser API: the deposit queue’s order and the codes’ door check-in', () => {
  let t: TestApp;
  let o: Organisers;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists oldest first with sort=oldest, newest first otherwise, and refuses another sort', async () => {
    const db = t.database.db;
    const showId = (await createShow(db, { producerId: o.producerA })).id;
    const ticketId = (await createTicket(db, showId, { capacity: 50 })).id;
    const numbers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const b = browser(app);
      const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
      const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
      expect(res.statusCode, res.body).toBe(200);
      numbers.push((res.json() as { order_number: number }).order_number);
    }
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/orders?${query}`,
        headers: o.producerUserA.headers,
      });
      return res;
    };
    const numbersOf = (body: { items: { order_number: number }[] }) =>
      body.items.map((item) => item.order_number);
    expect(numbersOf((await list(`show_uid=${showId}&sort=oldest`)).json())).toEqual(numbers);
    expect(numbersOf((await list(`show_uid=${showId}`)).json())).toEqual([...numbers].reverse());
    const second = await list(`show_uid=${showId}&sort=oldest&page=2&page_size=2`);
    expect(numbersOf(second.json())).toEqual([numbers[2]]);
    const bad = await list('sort=sideways');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([{ field: 'sort', message: 'Usa newest u oldest' }]);

    // The detail tells when each code was admitted at the door.
    const [first] = await db.order.findMany({ where: { orderNumber: numbers[0] } });
    await issueTicketCodes(db, first!.id);
    const code = await db.ticketCode.findFirstOrThrow({ where: { orderId: first!.id } });
    const at = new Date('2027-03-10T20:15:00.000Z');
    await db.ticketCode.update({ where: { id: code.id }, data: { checkedInAt: at } });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/admin/orders/${first!.id}`,
      headers: o.producerUserA.headers,
    });
    expect(detail.json().codes).toEqual([
      expect.objectContaining({ code: code.code, checked_in_at: at.toISOString() }),
    ]);
  });
});
