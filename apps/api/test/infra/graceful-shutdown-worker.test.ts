import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgConnectionFields } from '../../src/infra/db.ts';
import { bullConnection } from '../../src/infra/queues.ts';
import { createQueueMailer } from '../../src/modules/mail/mail.queue.ts';
import type { QueueMailer } from '../../src/modules/mail/mail.queue.ts';
import { startSlowSmtp } from '../helpers/slow-smtp.ts';
import { messageOf, startStack } from '../helpers/stack-processes.ts';
import type { Stack, StackProcess } from '../helpers/stack-processes.ts';

describe('graceful shutdown of the worker (decision 0047)', () => {
  let stack: Stack;
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;

  beforeAll(async () => {
    smtp = await startSlowSmtp();
    stack = await startStack({ apis: [], worker: false, env: { SMTP_URL: smtp.url } });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
    await smtp?.close();
  });

  let mailer: QueueMailer;
  let queue: Queue;

  beforeAll(() => {
    mailer = createQueueMailer({
      connection: bullConnection(stack.env.REDIS_URL as string),
      prefix: stack.namespace,
    });
    queue = mailer.queue as unknown as Queue;
  });
  afterAll(async () => {
    await mailer?.close();
  });

  async function enqueue(count: number): Promise<string[]> {
    const keys = Array.from({ length: count }, () => `apagado-${randomUUID()}`);
    for (const key of keys) {
      await mailer.send({
        template: 'email-verification',
        to: 'ana@example.com',
        key,
        data: {
          fullname: 'Ana',
          verifyUrl: 'https://x.test/email/verify/abc',
          expiresInHours: 48,
        },
      });
    }
    return keys;
  }
  const deliveredOnce = (keys: string[]) =>
    keys.map((key) => smtp.received.filter((id) => id.includes(key)).length);
  const startWorker = (name: string, grace: number): Promise<StackProcess> =>
    stack.startWorker(name, { WORKER_SHUTDOWN_GRACE_SECONDS: String(grace) });

  it('SIGTERM while slow jobs run: they finish, nothing new is taken, the next worker does the rest, each once', async () => {
    smtp.setDelay(1_500);
    const worker = await startWorker('w1', 20);
    const mailFroms = smtp.mailFroms.length;
    const keys = await enqueue(12);
    await expect.poll(() => smtp.mailFroms.length - mailFroms, { timeout: 10_000 }).toBe(5);
    const running = (await queue.getActive()).map((job) => job.id as string).sort();
    expect(running).toHaveLength(5);

    const sigtermAt = Date.now();
    const exit = await worker.stop('SIGTERM');
    const tookMs = Date.now() - sigtermAt;
    expect(exit).toEqual({ code: 0, signal: null });
    const completed = (await queue.getCompleted()).map((job) => job.id as string);
    expect(completed.filter((id) => keys.includes(id)).sort()).toEqual(running);
    expect(await queue.getJobCounts('active', 'wait', 'failed')).toEqual({
      active: 0,
      wait: 7,
      failed: 0,
    });
    expect(smtp.received.filter((id) => keys.some((key) => id.includes(key)))).toHaveLength(5);

    smtp.setDelay(0);
    const next = await startWorker('w2', 20);
    await expect
      .poll(() => deliveredOnce(keys).filter((n) => n > 0).length, { timeout: 20_000 })
      .toBe(12);
    await sleep(500);
    expect(deliveredOnce(keys)).toEqual(Array(12).fill(1));
    expect(await queue.getJobCounts('active', 'wait', 'failed')).toEqual({
      active: 0,
      wait: 0,
      failed: 0,
    });
    console.log(`[graceful-shutdown] worker stopped ${tookMs} ms after SIGTERM (5 jobs of 1.5 s)`);
    await next.stop('SIGTERM');
  }, 60_000);

  it('SIGTERM while jobs outlast the grace period: they go back to the queue and the next worker sends each once', async () => {
    smtp.setDelay(30_000);
    const worker = await startWorker('w3', 1);
    const mailFroms = smtp.mailFroms.length;
    const keys = await enqueue(3);
    await expect.poll(() => smtp.mailFroms.length - mailFroms, { timeout: 10_000 }).toBe(3);

    const sigtermAt = Date.now();
    const exit = await worker.stop('SIGTERM');
    const tookMs = Date.now() - sigtermAt;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(5_000);
    expect(worker.lines.map(messageOf)).toContain(
      'grace period over: running jobs handed back to their queues',
    );
    // Handed back at once, not after a 30-second lock expiry.
    expect(await queue.getJobCounts('active', 'wait', 'failed')).toEqual({
      active: 0,
      wait: 3,
      failed: 0,
    });
    expect(deliveredOnce(keys)).toEqual([0, 0, 0]);

    smtp.setDelay(0);
    const next = await startWorker('w4', 20);
    await expect
      .poll(() => deliveredOnce(keys).filter((n) => n > 0).length, { timeout: 20_000 })
      .toBe(3);
    await sleep(500);
    expect(deliveredOnce(keys)).toEqual([1, 1, 1]);
    console.log(
      `[graceful-shutdown] worker handed back 3 jobs and ended ${tookMs} ms after SIGTERM`,
    );
    await next.stop('SIGTERM');
  }, 60_000);

  it('SIGTERM while the worker is still starting (its first reconciliation waits on the database): the mail jobs it already runs finish, none is left active', async () => {
    smtp.setDelay(1_500);
    // The first reconciliation reads the orders: while this lock is held it waits, and the
    // worker is not "ready", yet its queues already run jobs.
    const blocker = new pg.Client(pgConnectionFields(stack.database.url));
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    try {
      const mailFroms = smtp.mailFroms.length;
      const keys = await enqueue(3);
      const worker = stack.spawnWorker('w5', { WORKER_SHUTDOWN_GRACE_SECONDS: '20' });
      await expect.poll(() => smtp.mailFroms.length - mailFroms, { timeout: 15_000 }).toBe(3);
      expect(worker.lines.map(messageOf)).not.toContain('worker ready');

      const exit = await worker.stop('SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      // Finished before the exit: nothing waits for BullMQ's stalled-job check.
      expect(await queue.getJobCounts('active', 'wait', 'failed')).toEqual({
        active: 0,
        wait: 0,
        failed: 0,
      });
      expect(deliveredOnce(keys)).toEqual([1, 1, 1]);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
  }, 60_000);

  it('a second SIGTERM (or a SIGINT) during the grace period changes nothing: the running jobs still finish', async () => {
    smtp.setDelay(1_500);
    const worker = await startWorker('w6', 20);
    const mailFroms = smtp.mailFroms.length;
    const keys = await enqueue(3);
    await expect.poll(() => smtp.mailFroms.length - mailFroms, { timeout: 10_000 }).toBe(3);

    worker.child.kill('SIGTERM');
    await worker.waitForLine((line) => messageOf(line) === 'worker shutting down');
    worker.child.kill('SIGINT');
    const exit = await worker.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await queue.getJobCounts('active', 'wait', 'failed')).toEqual({
      active: 0,
      wait: 0,
      failed: 0,
    });
    expect(deliveredOnce(keys)).toEqual([1, 1, 1]);
  }, 60_000);
});
