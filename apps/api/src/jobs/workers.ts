import { Worker } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../infra/db.ts';
import { purgeSpentCredentials } from '../modules/auth/auth.retention.ts';
import { releaseExpiredHolds } from '../modules/cart/cart.expiry.ts';
import { startMailWorker } from '../modules/mail/mail.worker.ts';
import type { MailWorkerOptions } from '../modules/mail/mail.worker.ts';
import { QUEUES, SWEEPER_JOBS } from './queues.ts';

export interface WorkerDeps {
  db: Db;
  connection: ConnectionOptions;
  log: Logger;
  clock?: () => Date;
  prefix?: string;
  /** The mail worker runs when given (worker.ts always gives it; tests of other queues may not). */
  mail?: MailWorkerOptions;
}

/** Starts every BullMQ worker of the platform and returns them for closing. */
export function startWorkers(deps: WorkerDeps): Worker[] {
  const clock = deps.clock ?? (() => new Date());
  const sweeper = new Worker(
    QUEUES.sweeper,
    async (job) => {
      if (job.name === SWEEPER_JOBS.purge) {
        const purged = await purgeSpentCredentials(deps.db, clock());
        deps.log.info(purged, 'spent sessions and tokens purged');
        return purged;
      }
      const result = await releaseExpiredHolds(deps.db, clock());
      if (result.releasedSeats + result.expiredCarts + result.purgedIdempotencyKeys > 0) {
        deps.log.info(result, 'expired holds released');
      }
      return result;
    },
    {
      connection: deps.connection,
      concurrency: 1,
      ...(deps.prefix ? { prefix: deps.prefix } : {}),
    },
  );
  for (const worker of [sweeper]) {
    worker.on('failed', (job, err) =>
      deps.log.error({ queue: worker.name, jobId: job?.id, err }, 'job failed'),
    );
  }
  // The mail worker logs its own failures: retries as warnings, the last one as an error.
  const mail = deps.mail
    ? [
        startMailWorker({
          ...deps.mail,
          connection: deps.connection,
          log: deps.log,
          ...(deps.prefix ? { prefix: deps.prefix } : {}),
        }),
      ]
    : [];
  return [sweeper, ...mail];
}
