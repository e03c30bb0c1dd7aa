import { Queue } from 'bullmq';
import type { ConnectionOptions, JobsOptions } from 'bullmq';
import { QUEUES } from '../../jobs/queues.ts';
import type { Mailer, MailMessage } from './mail.types.ts';

export interface MailRetry {
  /** Sends tried in all, the first included. */
  attempts: number;
  /** Wait before the first retry; it doubles at each one (5 s, 10 s, 20 s, 40 s). */
  backoffMs: number;
}

export const MAIL_RETRY: MailRetry = { attempts: 5, backoffMs: 5_000 };
/** Completed jobs kept: enough to see recent sends and to deduplicate by key. */
export const MAIL_KEEP_COMPLETED = 1_000;

export type MailQueue = Queue<MailMessage, unknown, MailMessage['template']>;

/** The BullMQ-backed mailer the API uses, with its queue (closed with the app). */
export interface QueueMailer extends Mailer {
  readonly queue: MailQueue;
  close(): Promise<void>;
}

export function mailJobOptions(message: MailMessage, retry: MailRetry): JobsOptions {
  return {
    jobId: message.key,
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    removeOnComplete: MAIL_KEEP_COMPLETED,
    // A send that finally fails stays in the failed set, to be seen and retried by hand.
    removeOnFail: false,
  };
}

/**
 * Enqueues on the `mail` queue; the worker renders and sends. The job id is
 * the message's key, so enqueueing the same key twice sends once (BullMQ
 * ignores an add whose id is already in the queue). Keys must not contain
 * ':' nor be a bare integer (BullMQ refuses such ids).
 */
export function createQueueMailer(deps: {
  connection: ConnectionOptions;
  /** BullMQ key prefix: the deployment's Redis namespace. */
  prefix?: string;
  retry?: MailRetry;
}): QueueMailer {
  const queue: MailQueue = new Queue(QUEUES.mail, {
    connection: deps.connection,
    ...(deps.prefix ? { prefix: deps.prefix } : {}),
  });
  const retry = deps.retry ?? MAIL_RETRY;
  return {
    queue,
    async send(message) {
      await queue.add(message.template, message, mailJobOptions(message, retry));
    },
    close: () => queue.close(),
  };
}
