import { Queue } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../infra/db.ts';
import { rescheduleHoldingCarts } from '../modules/inventory/inventory-expiry.reschedule.ts';
import { createCartExpiryScheduler } from '../modules/inventory/inventory-expiry.queue.ts';
import { createTicketsQueue, ticketsJobId } from '../modules/etickets/etickets.queue.ts';
import { orderTicketsMailKey } from '../modules/etickets/etickets.service.ts';
import type { MailMessage } from '../modules/mail/mail.types.ts';
import { QUEUES, SWEEPER_SCHEDULER_ID, upsertSweeperSchedulers } from '../infra/queues.ts';

/**
 * Redis holds jobs, PostgreSQL holds the truth (decision 0048). After Redis
 * lost its data (FLUSHALL, a restart without persistence) or a process died
 * between a commit and its enqueue, the worker puts back what the database
 * says should be waiting:
 * - the sweeper's schedules and one expiry job per open cart (when the
 *   sweeper's schedule is gone, the sign that Redis lost its keys, and at start);
 * - a tickets job for every APPROVED order whose e-mail is not marked sent and
 *   has neither a tickets nor a mail job (every run). Job ids make each step
 *   idempotent: enqueueing twice keeps one job.
 */

/** Orders looked at per run: a backlog clears over a few runs. */
export const RECONCILE_ORDERS_BATCH = 500;

const ORDER_TICKETS_KEY =
  /^order-tickets-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/;

/**
 * The mail worker's hook: an order's tickets e-mail (first send or a resend)
 * is out, so reconciliation leaves the order alone. Leaves updated_at as it is.
 */
export async function markTicketsMailed(db: Db, message: MailMessage): Promise<void> {
  if (message.template !== 'order-tickets') return;
  const orderId = ORDER_TICKETS_KEY.exec(message.key)?.[1];
  if (!orderId) return;
  await db.$executeRaw`UPDATE orders SET tickets_mailed_at = now()
    WHERE id = ${orderId}::uuid AND tickets_mailed_at IS NULL`;
}

export interface ReconcileResult {
  /** True when the schedules and cart expiries were put back (at start, or Redis lost them). */
  full: boolean;
  /** Open carts whose expiry job was scheduled (an existing job is kept as it is). */
  carts: number;
  /** APPROVED orders without their e-mail that got a tickets job again. */
  ticketsEnqueued: number;
  /** Failed tickets jobs sent back to run. */
  ticketsRetried: number;
  /** Orders whose e-mail had gone out (its job completed) but was not marked: marked now. */
  mailedMarked: number;
}

export interface Reconciler {
  /** `full` forces the schedules and expiries (the worker's start); otherwise only if lost. */
  run(options?: { full?: boolean }): Promise<ReconcileResult>;
  close(): Promise<void>;
}

export function createReconciler(deps: {
  db: Db;
  connection: ConnectionOptions;
  prefix?: string;
  log: Logger;
  clock?: () => Date;
  /**
   * Orders approved more recently than this are left to the normal path (the
   * API enqueues right after the commit); 0 at start.
   */
  graceMs?: number;
}): Reconciler {
  const clock = deps.clock ?? (() => new Date());
  const prefix = deps.prefix ? { prefix: deps.prefix } : {};
  const sweeper = new Queue(QUEUES.sweeper, { connection: deps.connection, ...prefix });
  const mail = new Queue(QUEUES.mail, { connection: deps.connection, ...prefix });
  const tickets = createTicketsQueue({ connection: deps.connection, ...prefix });
  const expiry = createCartExpiryScheduler({
    connection: deps.connection,
    ...prefix,
    clock,
    log: deps.log,
  });
  for (const queue of [sweeper, mail, tickets.queue]) {
    queue.on('error', (err) => deps.log.warn({ err, queue: queue.name }, 'reconcile queue error'));
  }

  async function reconcileOrders(graceMs: number) {
    const before = new Date(clock().getTime() - graceMs);
    const orders = await deps.db.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM orders
       WHERE status = 'APPROVED' AND tickets_mailed_at IS NULL AND updated_at <= ${before}
       ORDER BY updated_at LIMIT ${RECONCILE_ORDERS_BATCH}`;
    const counts = { ticketsEnqueued: 0, ticketsRetried: 0, mailedMarked: 0 };
    for (const { id } of orders) {
      const mailJob = await mail.getJob(orderTicketsMailKey(id));
      if (mailJob) {
        // Waiting, delayed (retrying), active or failed: the mail queue has it in hand.
        if ((await mailJob.getState()) === 'completed') {
          await deps.db.$executeRaw`UPDATE orders SET tickets_mailed_at = now()
            WHERE id = ${id}::uuid AND tickets_mailed_at IS NULL`;
          counts.mailedMarked += 1;
        }
        continue;
      }
      const ticketsJob = await tickets.queue.getJob(ticketsJobId(id));
      if (!ticketsJob) {
        await tickets.enqueue(id);
        counts.ticketsEnqueued += 1;
      } else if ((await ticketsJob.getState()) === 'failed') {
        await ticketsJob.retry('failed');
        counts.ticketsRetried += 1;
      }
    }
    return counts;
  }

  let first = true;
  return {
    async run(options = {}) {
      const lost = !(await sweeper.getJobScheduler(SWEEPER_SCHEDULER_ID));
      const full = options.full === true || lost;
      let carts = 0;
      if (full) {
        await upsertSweeperSchedulers(sweeper);
        carts = await rescheduleHoldingCarts(deps.db, expiry, clock());
      }
      // At start nothing is in flight yet: every unsent order counts.
      const counts = await reconcileOrders(first ? 0 : (deps.graceMs ?? 0));
      first = false;
      const result = { full, carts, ...counts };
      if (lost || counts.ticketsEnqueued + counts.ticketsRetried + counts.mailedMarked > 0) {
        deps.log.warn({ ...result, redisLost: lost }, 'jobs reconciled with the database');
      }
      return result;
    },
    async close() {
      await Promise.all([sweeper.close(), mail.close(), tickets.close(), expiry.close()]);
    },
  };
}
