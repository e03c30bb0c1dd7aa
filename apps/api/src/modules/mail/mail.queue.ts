import { Queue } from 'bullmq';
import type { ConnectionOptions, JobsOptions } from 'bullmq';
import { QUEUES } from '../../infra/queues.ts';
import { withRequestId } from '../../infra/request-context.ts';
import type { Mailer, MailMessage } from './mail.types.ts';

export interface MailRetry {
  /** Sends tried in all, the first included. */
  attempts: number;
  /**
   * Wait before the first retry; it doubles at each one up to 64 times this
   * (5 s, 10 s … 320 s), then stays there (mailBackoffDelay).
   */
  backoffMs: number;
}

/** The backoff type of mail jobs: exponential, capped (the mail worker knows it). */
export const MAIL_BACKOFF_TYPE = 'capped-exponential';
/** The doublings before the wait stops growing: 2^6 × 5 s = 320 s. */
const MAIL_BACKOFF_DOUBLINGS = 6;

/** The wait before retry number `attemptsMade` (1 = the first retry). */
export function mailBackoffDelay(attemptsMade: number, backoffMs: number): number {
  return backoffMs * 2 ** Math.min(Math.max(attemptsMade - 1, 0), MAIL_BACKOFF_DOUBLINGS);
}

/** How long a message keeps being retried before it lands in the failed set. */
export function mailRetryWindowMs(retry: MailRetry): number {
  let total = 0;
  for (let n = 1; n < retry.attempts; n += 1) total += mailBackoffDelay(n, retry.backoffMs);
  return total;
}

/**
 * A day of retries (decision 0048): a mail server down for hours, or a
 * provider refusing for a while, delays the e-mails but loses none; once it is
 * back, each waiting message goes out within about five minutes.
 */
export const MAIL_RETRY: MailRetry = { attempts: 280, backoffMs: 5_000 };
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
    backoff: { type: MAIL_BACKOFF_TYPE, delay: retry.backoffMs },
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
      // Sent inside a request, the job carries its id to the worker's lines (decision 0044).
      await queue.add(message.template, withRequestId(message), mailJobOptions(message, retry));
    },
    close: () => queue.close(),
  };
}
