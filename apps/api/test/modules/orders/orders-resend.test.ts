import { createHmac } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisNamespace } from '../../../src/config.ts';
import { QUEUES, bullConnection } from '../../../src/infra/queues.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';

const DECLINED_51 = '4000000000000093';
const MESSAGE = 'Tus boletos fueron reenviados al correo registrado en la orden';

let lastIp = 0;
/** An address of its own per caller, so each test meets only the budgets it means to. */
const nextIp = () => `203.0.113.${(lastIp += 1)}`;

describe('resending an order’s tickets (POST /viewers/orders/{id}/resendTickets)', () => {
  let t: TestApp;
  let tickets: Queue;
  let showId: string;
  let ticketId: string;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
    // The app's own `tickets` queue: no worker runs here, so a resend waits in it.
    tickets = new Queue(QUEUES.tickets, {
      connection: bullConnection(t.config.REDIS_URL),
      prefix: redisNamespace(t.config),
    });
    showId = (await createShow(t.database.db)).id;
    ticketId = (await createTicket(t.database.db, showId, { capacity: 50 })).id;
  });
  afterAll(async () => {
    await tickets.close();
    await t.close();
  });

  async function owner() {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    return login(t, user.email, TEST_PASSWORD, 'Viewer');
  }

  /** A card order placed by a signed-in owner from one browser; APPROVED unless the card is declined. */
  async function placeOrder(card: string = CARDS.visa) {
    const session = await owner();
    const b = browser(app, session.headers);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(card));
    const order = await t.database.db.order.findFirstOrThrow({
      where: { userId: session.userId },
      orderBy: { createdAt: 'desc' },
    });
    return { session, sid: b.sid, status: res.statusCode, orderId: order.id };
  }

  const resend = (
    orderId: string,
    headers: Record<string, string> = {},
    query = '',
    ip = nextIp(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/viewers/orders/${orderId}/resendTickets${query}`,
      headers,
      remoteAddress: ip,
    });

  const resendJobs = async (orderId: string) =>
    (await tickets.getJobs(['waiting', 'delayed', 'prioritized', 'active'])).filter(
      (job) => job.name === 'resend' && (job.data as { orderId: string }).orderId === orderId,
    );

  function linkToken(orderId: string): string {
    const secret = createHmac('sha256', t.config.ADMIN_PASSWORD)
      .update(`orders:${t.config.DATABASE_URL}`)
      .digest('hex');
    return createHmac('sha256', secret).update(`order:${orderId}`).digest('base64url');
  }

  it('queues the tickets e-mail again for its owner, its browser and its e-mailed link', async () => {
    const { session, sid, orderId } = await placeOrder();
    const callers: [Record<string, string>, string][] = [
      [session.headers, ''],
      [{ cookie: `sessionID=${sid}` }, ''],
      [{}, `?t=${linkToken(orderId)}`],
    ];
    for (const [headers, query] of callers) {
      const res = await resend(orderId, headers, query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGE });
    }
    const jobs = await resendJobs(orderId);
    expect(jobs).toHaveLength(3);
    // Each resend goes out under a key of its own (a first send's key would be swallowed).
    const keys = jobs.map((job) => (job.data as { mailKey: string }).mailKey);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((key) => key.startsWith(`order-tickets-${orderId}-`))).toBe(true);
  });

  it('answers 404 to anyone else, without saying whether the order exists', async () => {
    const { orderId } = await placeOrder();
    const stranger = await owner();
    const others: [Record<string, string>, string][] = [
      [stranger.headers, ''],
      [{}, ''],
      [{ cookie: 'sessionID=otra-sesion-de-navegador-123' }, ''],
      [{}, `?t=${linkToken(orderId).slice(1)}x`],
    ];
    for (const [headers, query] of others) {
      const res = await resend(orderId, headers, query);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ORDER_NOT_FOUND');
    }
    for (const id of ['0194f1c2-0000-7000-8000-000000000000', 'no-es-un-id']) {
      expect((await resend(id, stranger.headers)).json().error).toBe('ORDER_NOT_FOUND');
    }
    expect(await resendJobs(orderId)).toHaveLength(0);
  });

  it('answers 409 for an order that is not approved', async () => {
    const { session, status, orderId } = await placeOrder(DECLINED_51);
    expect(status).toBe(402);
    const res = await resend(orderId, session.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'ORDER_NOT_APPROVED',
      message: 'Solo se pueden reenviar los boletos de una orden aprobada',
    });
    expect(await resendJobs(orderId)).toHaveLength(0);
  });

  it('allows three resends of an order in ten minutes and ten calls per address in an hour', async () => {
    const { session, orderId } = await placeOrder();
    for (let i = 0; i < 3; i += 1) {
      expect((await resend(orderId, session.headers)).statusCode).toBe(200);
    }
    const fourth = await resend(orderId, session.headers);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe('RATE_LIMITED');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await resendJobs(orderId)).toHaveLength(3);

    const other = await placeOrder();
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const probe = await resend('0194f1c2-0000-7000-8000-000000000000', {}, '', ip);
      expect(probe.statusCode).toBe(404);
    }
    expect((await resend(other.orderId, other.session.headers, '', ip)).statusCode).toBe(429);
    expect((await resend(other.orderId, other.session.headers)).statusCode).toBe(200);
  });
});
