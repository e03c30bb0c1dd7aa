import { DelayedError, Worker } from 'bullmq';
import type { ConnectionOptions, Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../infra/db.ts';
import type { Pg } from '../infra/pg.ts';
import { purgeSpentCredentials } from '../modules/auth/auth.retention.ts';
import { releaseCart, releaseExpiredHolds } from '../modules/inventory/inventory.expiry.ts';
import { purgeExpiredIdempotencyKeys } from '../modules/orders/orders.idempotency.ts';
import type { CartExpiryJob } from '../modules/inventory/inventory-expiry.queue.ts';
import type { SeatChanges } from '../modules/maps/seat-changes.ts';
import { makeMissingShowImageVariants } from '../modules/images/images.backfill.ts';
import { startMailWorker } from '../modules/mail/mail.worker.ts';
import type { MailWorkerOptions } from '../modules/mail/mail.worker.ts';
import { startTicketsWorker } from '../modules/etickets/etickets.worker.ts';
import type { TicketsWorkerOptions } from '../modules/etickets/etickets.worker.ts';
import { releaseAbandonedPayments } from '../modules/orders/orders.abandoned.ts';
import type { ObjectStorage } from '../modules/storage/storage.types.ts';
import { sweepUnreferencedUploads } from '../modules/uploads/uploads.sweep.ts';
import { sweepShareCardsOfDeletedShows } from '../modules/seo/share-card.sweep.ts';
import { QUEUES, SWEEPER_JOBS } from '../infra/queues.ts';
import { WORKER_METRICS, inJobContext } from '../infra/job-telemetry.ts';
import { markTicketsMailed } from './reconcile.ts';

export interface WorkerDeps {
  db: Db;
  /** A plain pg pool for the tickets job's statements (worker.ts gives one); else Prisma. */
  pg?: Pg;
  connection: ConnectionOptions;
  log: Logger;
  clock?: () => Date;
  prefix?: string;
  /** Announces released seats on `show-seats/{show}`; absent, releases are silent. */
  seatChanges?: Pick<SeatChanges, 'announce'>;
  /** The mail worker runs when given (worker.ts always gives it; tests of other queues may not). */
  mail?: MailWorkerOptions;
  /** The tickets worker (issue codes, e-mail them) runs when given: it needs PUBLIC_URL. */
  tickets?: TicketsWorkerOptions;
  /**
   * Where proofs and show images live: the unreferenced-upload sweep (0061) and the
   * show images' missing copies (0071) need it.
   */
  storage?: ObjectStorage;
}

/** Starts every BullMQ worker of the platform and returns them for closing. */
export function startWorkers(deps: WorkerDeps): Worker[] {
  const clock = deps.clock ?? (() => new Date());
  // Show images whose copies failed in this process: logged once, then skipped.
  const failedImages = new Set<string>();
  const sweeper = new Worker(
    QUEUES.sweeper,
    async (job) => {
      if (job.name === SWEEPER_JOBS.purge) {
        const purged = await purgeSpentCredentials(deps.db, clock());
        deps.log.info(purged, 'spent sessions and tokens purged');
        return purged;
      }
      if (job.name === SWEEPER_JOBS.uploads) {
        if (!deps.storage) return { skipped: 'no storage' };
        const swept = await sweepUnreferencedUploads({ db: deps.db, storage: deps.storage, clock });
        if (swept.deleted > 0) deps.log.info(swept, 'unreferenced uploads removed');
        // Share cards of deleted shows (decision 0073) go in the same daily pass.
        const cards = await sweepShareCardsOfDeletedShows({ db: deps.db, storage: deps.storage });
        if (cards.deleted > 0) deps.log.info(cards, 'share cards of deleted shows removed');
        return { ...swept, shareCards: cards };
      }
      if (job.name === SWEEPER_JOBS.variants) {
        if (!deps.storage) return { skipped: 'no storage' };
        const made = await makeMissingShowImageVariants({
          storage: deps.storage,
          log: deps.log,
          failedBefore: failedImages,
        });
        if (made.made > 0) deps.log.info(made, 'show image copies made');
        return made;
      }
      const { changes, shows, ...released } = await releaseExpiredHolds(deps.db, clock());
      await deps.seatChanges?.announce(changes, shows);
      const result = {
        ...released,
        purgedIdempotencyKeys: await purgeExpiredIdempotencyKeys(deps.db, clock()),
      };
      if (result.releasedSeats + result.expiredCarts + result.purgedIdempotencyKeys > 0) {
        deps.log.info(result, 'expired holds released');
      }
      const abandoned = await releaseAbandonedPayments(deps.db, clock());
      await deps.seatChanges?.announce(abandoned.changes, abandoned.shows);
      if (abandoned.orders > 0) {
        deps.log.info({ orders: abandoned.orders }, 'abandoned card payments released');
      }
      return { ...result, abandonedPayments: abandoned.orders };
    },
    {
      connection: deps.connection,
      concurrency: 1,
      ...WORKER_METRICS,
      ...(deps.prefix ? { prefix: deps.prefix } : {}),
    },
  );
  const cartExpiry = new Worker<CartExpiryJob>(
    QUEUES.cartExpiry,
    // A cart's expiry runs inside the request id of the request that scheduled it (0044).
    inJobContext(async (job: Job<CartExpiryJob>, token?: string) => {
      const now = clock();
      const result = await releaseCart(deps.db, job.data.cartId, now);
      if (result.state === 'later') {
        // Emptied and filled anew: the same job waits for the cart's new time.
        await job.moveToDelayed(Date.now() + (result.due.getTime() - now.getTime()), token);
        throw new DelayedError();
      }
      if (result.state === 'released') {
        await deps.seatChanges?.announce(result.changes, result.shows);
        return { state: result.state, releasedSeats: result.releasedSeats };
      }
      return { state: result.state };
    }),
    {
      connection: deps.connection,
      // Releases are short statements on different rows: many run at once.
      concurrency: 20,
      ...WORKER_METRICS,
      ...(deps.prefix ? { prefix: deps.prefix } : {}),
    },
  );
  for (const worker of [sweeper, cartExpiry]) {
    worker.on('failed', (job, err) =>
      deps.log.error({ queue: worker.name, jobId: job?.id, err }, 'job failed'),
    );
  }
  // The mail worker logs its own failures: retries as warnings, the last one as an error.
  const mail = deps.mail
    ? [
        startMailWorker({
          // An order's tickets e-mail, once out, is marked on the order (reconcile.ts).
          onSent: (message) => markTicketsMailed(deps.db, message),
          ...deps.mail,
          connection: deps.connection,
          log: deps.log,
          ...(deps.prefix ? { prefix: deps.prefix } : {}),
        }),
      ]
    : [];
  // It logs its own failures too; its e-mails go through the mail queue.
  const tickets = deps.tickets
    ? [
        startTicketsWorker({
          ...deps.tickets,
          db: deps.db,
          ...(deps.pg ? { pg: deps.pg } : {}),
          connection: deps.connection,
          log: deps.log,
          ...(deps.prefix ? { prefix: deps.prefix } : {}),
        }),
      ]
    : [];
  return [sweeper, cartExpiry, ...mail, ...tickets];
}
