import { UnrecoverableError, Worker } from 'bullmq';
import type { ConnectionOptions, Job } from 'bullmq';
import type { Logger } from 'pino';
import { z } from 'zod';
import { QUEUES } from '../../infra/queues.ts';
import { WORKER_METRICS, inJobContext } from '../../infra/job-telemetry.ts';
import type { Db } from '../../infra/db.ts';
import type { Pg } from '../../infra/pg.ts';
import { createQueueMailer } from '../mail/mail.queue.ts';
import type { Mailer } from '../mail/mail.types.ts';
import type { TicketsJob } from './etickets.queue.ts';
import type { TicketsDb } from './etickets.repo.ts';
import { issueAndMailTickets } from './etickets.service.ts';
import type { TicketsJobResult } from './etickets.service.ts';

const ticketsJobSchema = z.object({ orderId: z.uuid(), mailKey: z.string().min(1) });

export interface TicketsWorkerOptions {
  /** PUBLIC_URL: the e-mail links to `{PUBLIC_URL}/orders/{orderId}?t=…`. */
  publicUrl: string;
  /** The order links' secret (orderLinkSecret), the API's: it checks the `t=` it signs here. */
  linkSecret: string;
  concurrency?: number;
}

/** Its lines (and the e-mail it enqueues) carry the approving request's id (decision 0044). */
export function createTicketsProcessor(deps: {
  db: TicketsDb;
  mailer: Mailer;
  publicUrl: string;
  linkSecret: string;
  log: Logger;
}) {
  return inJobContext(async (job: Job<TicketsJob>): Promise<TicketsJobResult> => {
    const parsed = ticketsJobSchema.safeParse(job.data);
    // A payload this worker cannot read fails at once rather than five times.
    if (!parsed.success) throw new UnrecoverableError('invalid tickets job payload');
    const data = parsed.data;
    const result = await issueAndMailTickets(deps, data);
    if (!result.mailed) {
      deps.log.warn(
        { jobId: job.id, orderId: data.orderId },
        'tickets not sent: order not approved',
      );
    } else if (result.issued > 0) {
      deps.log.info({ jobId: job.id, orderId: data.orderId, ...result }, 'ticket codes issued');
    }
    return result;
  });
}

/**
 * Consumes the `tickets` queue. The e-mail goes through the `mail` queue of
 * the same namespace (its retries and once-per-key), never straight to SMTP.
 */
export function startTicketsWorker(
  deps: TicketsWorkerOptions & {
    db: Db;
    /** A plain pool for the job's two statements; without it they go through Prisma. */
    pg?: Pg;
    connection: ConnectionOptions;
    log: Logger;
    prefix?: string;
  },
): Worker<TicketsJob, TicketsJobResult> {
  const log = deps.log.child({ queue: QUEUES.tickets });
  const prefix = deps.prefix ? { prefix: deps.prefix } : {};
  const mailer = createQueueMailer({ connection: deps.connection, ...prefix });
  const worker = new Worker<TicketsJob, TicketsJobResult>(
    QUEUES.tickets,
    createTicketsProcessor({
      db: deps.pg ?? deps.db,
      mailer,
      publicUrl: deps.publicUrl,
      linkSecret: deps.linkSecret,
      log,
    }),
    // Each job runs one or two statements at a time: a few jobs at once keep the pool busy.
    {
      connection: deps.connection,
      concurrency: deps.concurrency ?? 4,
      ...prefix,
      ...WORKER_METRICS,
    },
  );
  worker.on('failed', (job, err) =>
    log.error({ jobId: job?.id, attemptsMade: job?.attemptsMade, err }, 'tickets job failed'),
  );
  worker.on('error', (err) => log.error({ err }, 'tickets worker error'));
  worker.on('closed', () => void mailer.close());
  return worker;
}
