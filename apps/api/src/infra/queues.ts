import { Queue } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';

/** Queue names of ARCHITECTURE §6. */
export const QUEUES = {
  sweeper: 'sweeper',
  mail: 'mail',
  /** One delayed job per cart (job id = cart id) that releases its holds on time. */
  cartExpiry: 'cart-expiry',
  /** Issues an approved order's codes and e-mails them (job id `tickets-{orderId}`). */
  tickets: 'tickets',
} as const;

export const SWEEP_EVERY_MS = 60_000;
export const SWEEPER_SCHEDULER_ID = 'release-expired-holds';
export const PURGE_EVERY_MS = 3_600_000;
export const PURGE_SCHEDULER_ID = 'purge-spent-credentials';
export const UPLOADS_SWEEP_EVERY_MS = 3_600_000;
export const UPLOADS_SWEEP_SCHEDULER_ID = 'sweep-unreferenced-uploads';
export const VARIANTS_EVERY_MS = 600_000;
export const VARIANTS_SCHEDULER_ID = 'make-missing-image-variants';
/** Job names on the sweeper queue. */
export const SWEEPER_JOBS = {
  sweep: 'sweep',
  purge: 'purge',
  uploads: 'uploads',
  variants: 'variants',
} as const;

export function bullConnection(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * Upserts the sweep (every minute), purge (hourly), unreferenced-uploads (hourly,
 * decision 0061) and missing image copies (every ten minutes, decision 0071)
 * schedules: upserting keeps one of each.
 */
export async function upsertSweeperSchedulers(queue: Queue) {
  await queue.upsertJobScheduler(
    VARIANTS_SCHEDULER_ID,
    { every: VARIANTS_EVERY_MS },
    { name: SWEEPER_JOBS.variants, opts: { removeOnComplete: 100, removeOnFail: 500 } },
  );
  await queue.upsertJobScheduler(
    UPLOADS_SWEEP_SCHEDULER_ID,
    { every: UPLOADS_SWEEP_EVERY_MS },
    { name: SWEEPER_JOBS.uploads, opts: { removeOnComplete: 100, removeOnFail: 500 } },
  );
  await queue.upsertJobScheduler(
    PURGE_SCHEDULER_ID,
    { every: PURGE_EVERY_MS },
    { name: SWEEPER_JOBS.purge, opts: { removeOnComplete: 100, removeOnFail: 500 } },
  );
  await queue.upsertJobScheduler(
    SWEEPER_SCHEDULER_ID,
    { every: SWEEP_EVERY_MS },
    { name: SWEEPER_JOBS.sweep, opts: { removeOnComplete: 100, removeOnFail: 500 } },
  );
}

/** Schedules the repeatable sweep and purge on the sweeper queue, which it answers. */
export async function scheduleSweeper(connection: ConnectionOptions, prefix?: string) {
  const queue = new Queue(QUEUES.sweeper, { connection, ...(prefix ? { prefix } : {}) });
  await upsertSweeperSchedulers(queue);
  return queue;
}
