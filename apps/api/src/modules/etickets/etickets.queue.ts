import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type { ConnectionOptions, JobsOptions } from 'bullmq';
import { QUEUES } from '../../infra/queues.ts';
import { withRequestId } from '../../infra/request-context.ts';
import { orderTicketsMailKey } from './etickets.service.ts';

/** A `tickets` job: the order, and the key its e-mail is sent under. */
export interface TicketsJob {
  orderId: string;
  mailKey: string;
}

export const TICKETS_JOB_NAMES = { issue: 'issue', resend: 'resend' } as const;
export type TicketsJobName = (typeof TICKETS_JOB_NAMES)[keyof typeof TICKETS_JOB_NAMES];

/**
 * Finished jobs leave at once: the once-only guarantees live in the database
 * (codes issued under the order's row lock) and in the mail key, and a job id
 * kept after completion would swallow the enqueue of an order approved again.
 * The id still merges enqueues that arrive while the job waits or runs.
 */
export const TICKETS_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: 1_000,
} as const satisfies JobsOptions;

export const ticketsJobId = (orderId: string) => `tickets-${orderId}`;

export interface TicketsQueue {
  readonly queue: Queue<TicketsJob, unknown, TicketsJobName>;
  /**
   * After an order becomes APPROVED and its transaction commits: issues its
   * codes and e-mails them once (job id `tickets-{orderId}`, mail key
   * `order-tickets-{orderId}`).
   */
  enqueue(orderId: string): Promise<void>;
  /**
   * "Reenviar boletos": the same e-mail under a fresh key, so it goes out
   * again. Not rate-limited here: the caller limits it. Issues missing codes
   * first, so it also serves an order whose first job failed.
   */
  resend(orderId: string): Promise<void>;
  close(): Promise<void>;
}

/** Enqueues on the `tickets` queue of the deployment's namespace; the worker issues and mails. */
export function createTicketsQueue(deps: {
  connection: ConnectionOptions;
  /** BullMQ key prefix: the deployment's Redis namespace. */
  prefix?: string;
}): TicketsQueue {
  const queue = new Queue<TicketsJob, unknown, TicketsJobName>(QUEUES.tickets, {
    connection: deps.connection,
    ...(deps.prefix ? { prefix: deps.prefix } : {}),
  });
  return {
    queue,
    async enqueue(orderId) {
      await queue.add(
        TICKETS_JOB_NAMES.issue,
        // Enqueued inside a request, the job carries its id to the worker's lines (0044).
        withRequestId({ orderId, mailKey: orderTicketsMailKey(orderId) }),
        { ...TICKETS_JOB_OPTIONS, jobId: ticketsJobId(orderId) },
      );
    },
    async resend(orderId) {
      // Fixed per resend, so a retried job does not send a second copy.
      const nonce = randomBytes(6).toString('hex');
      await queue.add(
        TICKETS_JOB_NAMES.resend,
        withRequestId({ orderId, mailKey: `${orderTicketsMailKey(orderId)}-${nonce}` }),
        { ...TICKETS_JOB_OPTIONS, jobId: `${ticketsJobId(orderId)}-${nonce}` },
      );
    },
    close: () => queue.close(),
  };
}
