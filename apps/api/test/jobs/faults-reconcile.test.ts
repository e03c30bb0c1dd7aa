import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import type { Worker } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullConnection, QUEUES, SWEEPER_SCHEDULER_ID } from '../../src/infra/queues.ts';
import { createReconciler } from '../../src/jobs/reconcile.ts';
import type { Reconciler } from '../../src/jobs/reconcile.ts';
import { startWorkers } from '../../src/jobs/workers.ts';
import { loggerOptions } from '../../src/logger.ts';
import { ticketsJobId } from '../../src/modules/etickets/etickets.queue.ts';
import { orderTicketsMailKey } from '../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createCart, createOrderWithItems } from '../helpers/factories.ts';
import { startTestSmtp } from '../helpers/mail.ts';
import type { TestSmtp } from '../helpers/mail.ts';
import { runLog } from '../helpers/run-capture.ts';

/**
 * The worker's reconciliation (decision 0048) on a Redis namespace of its own
 * that starts empty, as a flushed Redis does: what the database says should
 * wait in the queues comes back, once however often it runs.
 */
describe('faults: the worker puts back the jobs Redis lost', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let reconciler: Reconciler;
  let workers: Worker[] = [];
  const prefix = `faults-reconcile-${randomBytes(4).toString('hex')}`;
  const queues: Queue[] = [];
  const logs: string[] = [];
  const queue = (name: string) => {
    const q = new Queue(name, { connection: bullConnection(t.config.REDIS_URL), prefix });
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ config: { SMTP_URL: smtp.url } });
    const toRunLog = runLog('reconciler');
    const log = pino(
      { ...loggerOptions('info'), name: 'worker' },
      new Writable({
        write(chunk, _encoding, callback) {
          logs.push(String(chunk));
          toRunLog(String(chunk));
          callback();
        },
      }),
    );
    reconciler = createReconciler({
      db: t.database.db,
      connection: bullConnection(t.config.REDIS_URL),
      prefix,
      log,
      graceMs: 60_000,
    });
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await reconciler?.close();
    for (const name of Object.values(QUEUES)) await queue(name).obliterate({ force: true });
    await Promise.all(queues.map((q) => q.close()));
    await t?.close();
    await smtp?.close();
  });

  it('re-creates schedules, expiries and tickets jobs at start, once however often it runs', async () => {
    const db = t.database.db;
    const validThru = new Date(Date.now() + 8 * 60_000);
    const cart = await createCart(db, { validThru });
    const expired = await createCart(db, { validThru: new Date(Date.now() - 60_000) });
    const unsent = await createOrderWithItems(db, { items: [{ showName: 'Gala', quantity: 2 }] });
    const sent = await createOrderWithItems(db, {
      order: { ticketsMailedAt: new Date() },
      items: [{ showName: 'Gala', quantity: 1 }],
    });
    const pending = await createOrderWithItems(db, {
      order: { status: 'PENDING' },
      items: [{ showName: 'Gala', quantity: 1 }],
    });

    const first = await reconciler.run({ full: true });
    expect(first).toMatchObject({ full: true, ticketsEnqueued: 1, ticketsRetried: 0 });
    expect(first.carts).toBeGreaterThanOrEqual(1);

    const expiry = queue(QUEUES.cartExpiry);
    const job = await expiry.getJob(cart.id);
    expect(await job?.getState()).toBe('delayed');
    // Due when the cart's time ends, give or take the test's own seconds.
    expect(Math.abs((job?.timestamp ?? 0) + (job?.delay ?? 0) - validThru.getTime())).toBeLessThan(
      5_000,
    );
    // A cart already past its time is the sweeper's: it runs at once when its schedule is new.
    expect(await expiry.getJob(expired.id)).toBeUndefined();
    expect(await queue(QUEUES.sweeper).getJobScheduler(SWEEPER_SCHEDULER_ID)).toBeTruthy();

    const tickets = queue(QUEUES.tickets);
    expect(await tickets.getJob(ticketsJobId(unsent.id))).toBeTruthy();
    expect(await tickets.getJob(ticketsJobId(sent.id))).toBeUndefined();
    expect(await tickets.getJob(ticketsJobId(pending.id))).toBeUndefined();

    const again = await reconciler.run({ full: true });
    expect(again).toMatchObject({ ticketsEnqueued: 0, ticketsRetried: 0, mailedMarked: 0 });
    expect(await tickets.getJobCounts('waiting', 'delayed')).toMatchObject({ waiting: 1 });
    expect(await expiry.getJobCounts('delayed')).toMatchObject({ delayed: first.carts });
  });

  it('issues the codes and sends the e-mail once, then marks the order mailed', async () => {
    const db = t.database.db;
    const unsent = await db.order.findFirstOrThrow({
      where: { status: 'APPROVED', ticketsMailedAt: null },
      include: { items: true },
    });
    const log = pino({ level: 'silent' });
    workers = startWorkers({
      db,
      connection: bullConnection(t.config.REDIS_URL),
      log,
      prefix,
      mail: { config: t.config },
      tickets: { publicUrl: 'https://boletos.example.gt', linkSecret: 'x'.repeat(32) },
    });
    await smtp.waitForMail((m) => m.to === unsent.email, 20_000);
    await expect
      .poll(
        async () => (await db.order.findUnique({ where: { id: unsent.id } }))?.ticketsMailedAt,
        {
          timeout: 10_000,
        },
      )
      .toBeInstanceOf(Date);
    expect(await db.ticketCode.count({ where: { orderId: unsent.id } })).toBe(2);

    const after = await reconciler.run();
    expect(after).toMatchObject({ full: false, ticketsEnqueued: 0, mailedMarked: 0 });
    expect(smtp.received.filter((m) => m.to === unsent.email)).toHaveLength(1);
  });

  it('marks an order whose e-mail went out unmarked, and sees a lost schedule', async () => {
    const db = t.database.db;
    const order = await createOrderWithItems(db, { items: [{ showName: 'Gala', quantity: 1 }] });
    await queue(QUEUES.tickets).add(
      'issue',
      { orderId: order.id, mailKey: orderTicketsMailKey(order.id) },
      { jobId: ticketsJobId(order.id), removeOnComplete: true },
    );
    await smtp.waitForMail((m) => m.to === order.email, 20_000);
    const mail = queue(QUEUES.mail);
    await expect
      .poll(async () => (await mail.getJob(orderTicketsMailKey(order.id)))?.getState(), {
        timeout: 10_000,
      })
      .toBe('completed');
    // The e-mail went out but its mark was lost (the database was away at that moment).
    await db.$executeRaw`UPDATE orders SET tickets_mailed_at = NULL,
      updated_at = now() - interval '5 minutes' WHERE id = ${order.id}::uuid`;

    // And Redis lost the sweeper's schedule, the sign of a flush.
    await queue(QUEUES.sweeper).removeJobScheduler(SWEEPER_SCHEDULER_ID);
    const result = await reconciler.run();
    expect(result).toMatchObject({ full: true, mailedMarked: 1, ticketsEnqueued: 0 });
    expect(await queue(QUEUES.sweeper).getJobScheduler(SWEEPER_SCHEDULER_ID)).toBeTruthy();
    expect(
      (await db.order.findUnique({ where: { id: order.id } }))?.ticketsMailedAt,
    ).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.to === order.email)).toHaveLength(1);
    expect(logs.some((l) => l.includes('jobs reconciled with the database'))).toBe(true);
  });
});
