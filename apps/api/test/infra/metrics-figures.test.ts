import { randomBytes } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisNamespace } from '../../src/config.ts';
import { QUEUES, bullConnection } from '../../src/infra/queues.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import {
  createCart,
  createOrder,
  createShow,
  createTicket,
  createTicketHold,
} from '../helpers/factories.ts';
import { startTestMailWorker } from '../helpers/mail.ts';
import type { TestMailWorker } from '../helpers/mail.ts';
import { scrape, valueOf } from '../helpers/prometheus.ts';
import { connectRealtime } from '../helpers/realtime-client.ts';

const inTenMinutes = () => new Date(Date.now() + 600_000);

describe('GET /metrics: holds, orders, queues and sockets', () => {
  let t: TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    // Figures read afresh at every scrape, so each test sees its own changes.
    t = await createTestApp({ config: { METRICS_CACHE_SECONDS: '0' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    const connection = bullConnection(t.config.REDIS_URL);
    for (const name of Object.values(QUEUES)) {
      const queue = new Queue(name, { connection, prefix: redisNamespace(t.config) });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await t.close();
  });

  it('reports places and carts held by live carts only', async () => {
    const db = t.database.db;
    const show = await createShow(db, { status: 'LIVE' });
    const ticket = await createTicket(db, show.id);
    const live = await createCart(db);
    await createTicketHold(db, {
      cartId: live.id,
      ticket,
      showId: show.id,
      quantity: 3,
      expiresAt: inTenMinutes(),
    });
    const other = await createCart(db);
    await createTicketHold(db, {
      cartId: other.id,
      ticket,
      showId: show.id,
      quantity: 2,
      expiresAt: inTenMinutes(),
    });
    // Run out (an hour ago, by the app's clock too), and checked out: neither holds anything.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const lapsed = await createCart(db, { validThru: anHourAgo });
    await createTicketHold(db, {
      cartId: lapsed.id,
      ticket,
      showId: show.id,
      quantity: 7,
      expiresAt: anHourAgo,
    });
    const done = await createCart(db, { status: 'CHECKED_OUT' });
    await createTicketHold(db, {
      cartId: done.id,
      ticket,
      showId: show.id,
      quantity: 11,
      expiresAt: inTenMinutes(),
    });

    const { samples } = await scrape(t);
    expect(valueOf(samples, 'taquilla_holds_units')).toBe(5);
    expect(valueOf(samples, 'taquilla_holds_carts')).toBe(2);
  });

  it('reports orders by status, every status present', async () => {
    const db = t.database.db;
    const before = (await scrape(t)).samples;
    await createOrder(db, { status: 'APPROVED' });
    await createOrder(db, { status: 'APPROVED' });
    await createOrder(db, { status: 'WAITING_CONFIRMATION' });
    const { samples } = await scrape(t);
    const count = (s: typeof samples, status: string) =>
      valueOf(s, 'taquilla_orders', { status }) ?? Number.NaN;
    expect(count(samples, 'APPROVED') - count(before, 'APPROVED')).toBe(2);
    expect(count(samples, 'WAITING_CONFIRMATION') - count(before, 'WAITING_CONFIRMATION')).toBe(1);
    for (const status of ['PENDING', 'REJECTED', 'CANCELLED', 'REFUND']) {
      expect(count(samples, status), status).toBeGreaterThanOrEqual(0);
    }
  });

  it('reports queue depths per queue and state from Redis', async () => {
    const key = `metricas-${randomBytes(4).toString('hex')}`;
    await t.app.mailer.send({
      template: 'password-reset',
      to: 'ana@taquilla.test',
      key,
      data: { fullname: 'Ana', resetUrl: 'http://localhost/r/x', expiresInMinutes: 30 },
    });
    const connection = bullConnection(t.config.REDIS_URL);
    const expiry = new Queue(QUEUES.cartExpiry, { connection, prefix: redisNamespace(t.config) });
    cleanups.push(() => expiry.close());
    await expiry.add('release', { cartId: key }, { jobId: key, delay: 600_000 });

    const { samples } = await scrape(t);
    expect(valueOf(samples, 'taquilla_queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(1);
    expect(
      valueOf(samples, 'taquilla_queue_jobs', { queue: 'cart-expiry', state: 'delayed' }),
    ).toBe(1);
    for (const queue of Object.values(QUEUES)) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(valueOf(samples, 'taquilla_queue_jobs', { queue, state }), queue).toBeDefined();
      }
    }
    const mail = new Queue(QUEUES.mail, { connection, prefix: redisNamespace(t.config) });
    await mail.obliterate({ force: true });
    await mail.close();
    await expiry.obliterate({ force: true });
  });

  it('counts jobs that failed for good, as the worker tallies them in Redis', async () => {
    let worker: TestMailWorker | undefined = startTestMailWorker(t);
    cleanups.push(async () => worker?.close());
    const connection = bullConnection(t.config.REDIS_URL);
    const prefix = redisNamespace(t.config);
    const events = new QueueEvents(QUEUES.mail, { connection, prefix });
    cleanups.push(() => events.close());
    await events.waitUntilReady();
    const before = valueOf((await scrape(t)).samples, 'taquilla_queue_jobs_failed_total', {
      queue: 'mail',
    });
    expect(before).toBe(0);
    // A payload the mail worker cannot read fails at once (UnrecoverableError).
    const job = await worker.queue.add('password-reset', { template: 'nada' }, { attempts: 3 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/invalid mail job/);

    const { samples } = await scrape(t);
    expect(valueOf(samples, 'taquilla_queue_jobs_failed_total', { queue: 'mail' })).toBe(1);
    expect(valueOf(samples, 'taquilla_queue_jobs', { queue: 'mail', state: 'failed' })).toBe(1);
    await worker.close();
    worker = undefined;
  });

  it('reports WebSocket connections open and messages delivered on this instance', async () => {
    const show = await createShow(t.database.db, { status: 'LIVE' });
    const base = await scrape(t);
    const connections = () => valueOf(base.samples, 'taquilla_websocket_connections');
    const delivered = valueOf(base.samples, 'taquilla_websocket_deliveries_total') ?? Number.NaN;
    expect(connections()).toBe(0);

    const a = await connectRealtime(t);
    const b = await connectRealtime(t);
    await a.subscribe(`show-events/${show.id}`);
    await b.subscribe(`show-events/${show.id}`);
    let now = await scrape(t);
    expect(valueOf(now.samples, 'taquilla_websocket_connections')).toBe(2);

    await t.app.realtime.publish(`show-events/${show.id}`, { event: 'statusChange', data: {} });
    await a.next((m) => m.type === 'message');
    await b.next((m) => m.type === 'message');
    now = await scrape(t);
    expect(valueOf(now.samples, 'taquilla_websocket_deliveries_total')).toBe(delivered + 2);

    a.close();
    b.close();
    await expect
      .poll(async () => valueOf((await scrape(t)).samples, 'taquilla_websocket_connections'))
      .toBe(0);
  });
});

describe('GET /metrics: database and queue figures are cached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_CACHE_SECONDS: '60' } });
  });
  afterAll(() => t.close());

  it('answers the same figures within METRICS_CACHE_SECONDS, costing no query per scrape', async () => {
    const first = valueOf((await scrape(t)).samples, 'taquilla_orders', { status: 'REFUND' });
    await createOrder(t.database.db, { status: 'REFUND' });
    const second = valueOf((await scrape(t)).samples, 'taquilla_orders', { status: 'REFUND' });
    expect(second).toBe(first);
  });
});
