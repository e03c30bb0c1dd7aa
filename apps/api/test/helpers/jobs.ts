import { randomBytes } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { pino } from 'pino';
import { inject } from 'vitest';
import { bullConnection } from '../../src/infra/queues.ts';
import { startWorkers } from '../../src/jobs/workers.ts';
import type { Db } from '../../src/infra/db.ts';
import type { ObjectStorage } from '../../src/modules/storage/storage.types.ts';

/**
 * Adds one job to a queue and runs it through the real workers (real Redis,
 * a prefix of its own), answering the job's result; everything is closed and
 * removed afterwards.
 */
export async function runJobOnce(options: {
  db: Db;
  queue: string;
  name: string;
  clock: () => Date;
  storage?: ObjectStorage;
}): Promise<unknown> {
  const connection = bullConnection(inject('redisUrl'));
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  const workers = startWorkers({
    db: options.db,
    connection,
    log: pino({ level: 'silent' }),
    clock: options.clock,
    prefix,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  const queue = new Queue(options.queue, { connection, prefix });
  const events = new QueueEvents(options.queue, { connection, prefix });
  try {
    await events.waitUntilReady();
    const job = await queue.add(options.name, {});
    return await job.waitUntilFinished(events, 10_000);
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
  }
}
