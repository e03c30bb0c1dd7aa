import { UnrecoverableError, Worker } from 'bullmq';
import type { ConnectionOptions, Job, MinimalJob } from 'bullmq';
import type { Logger } from 'pino';
import { maskTicketCode } from '@taquilla/domain';
import { z } from 'zod';
import { QUEUES } from '../../infra/queues.ts';
import { WORKER_METRICS, inJobContext } from '../../infra/job-telemetry.ts';
import { MAIL_BACKOFF_TYPE, mailBackoffDelay } from './mail.queue.ts';
import { composeMail } from './mail.templates.ts';
import { createMailTransport } from './mail.transport.ts';
import type { MailTransport, MailTransportConfig } from './mail.transport.ts';
import {
  depositReceivedMailDataSchema,
  orderDecisionMailDataSchema,
  orderTicketsMailDataSchema,
  telethonCodesMailDataSchema,
} from './mail.types.ts';
import type { MailMessage } from './mail.types.ts';

/**
 * The job payload, checked before sending: an API and a worker of different
 * versions may meet in one queue, and a payload this worker cannot read fails
 * at once rather than five times.
 */
const mailMessageSchema = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('email-verification'),
    to: z.email(),
    key: z.string().min(1),
    data: z.object({
      fullname: z.string(),
      verifyUrl: z.url(),
      expiresInHours: z.number().positive(),
    }),
  }),
  z.object({
    template: z.literal('password-reset'),
    to: z.email(),
    key: z.string().min(1),
    data: z.object({
      fullname: z.string(),
      resetUrl: z.url(),
      expiresInMinutes: z.number().positive(),
    }),
  }),
  z.object({
    template: z.literal('organiser-invitation'),
    to: z.email(),
    key: z.string().min(1),
    data: z.object({
      fullname: z.string(),
      role: z.enum(['Producer', 'Admin']),
      producerName: z.string().nullable(),
      setPasswordUrl: z.url(),
      expiresInHours: z.number().positive(),
    }),
  }),
  z.object({
    template: z.literal('order-tickets'),
    to: z.email(),
    key: z.string().min(1),
    data: orderTicketsMailDataSchema,
  }),
  z.object({
    template: z.literal('deposit-received'),
    to: z.email(),
    key: z.string().min(1),
    data: depositReceivedMailDataSchema,
  }),
  z.object({
    template: z.literal('order-decision'),
    to: z.email(),
    key: z.string().min(1),
    data: orderDecisionMailDataSchema,
  }),
  z.object({
    template: z.literal('telethon-codes'),
    to: z.email(),
    key: z.string().min(1),
    data: telethonCodesMailDataSchema,
  }),
]);

function parseMessage(data: unknown): MailMessage {
  const parsed = mailMessageSchema.safeParse(data);
  if (!parsed.success) throw new UnrecoverableError('invalid mail job payload');
  return parsed.data;
}

/** The link's secret segment, replaced once the message is out. */
const sentLink = (url: string) => url.replace(/[^/]+$/, '[enviado]');

/**
 * A sent message's job stays in Redis (for deduplication and inspection)
 * without the live one-time link: the database keeps only token hashes, and
 * Redis should not undo that.
 */
function withoutLink(message: MailMessage): MailMessage {
  switch (message.template) {
    case 'email-verification':
      return { ...message, data: { ...message.data, verifyUrl: sentLink(message.data.verifyUrl) } };
    case 'password-reset':
      return { ...message, data: { ...message.data, resetUrl: sentLink(message.data.resetUrl) } };
    case 'organiser-invitation':
      return {
        ...message,
        data: { ...message.data, setPasswordUrl: sentLink(message.data.setPasswordUrl) },
      };
    // The link's `?t=` opens the order without a session: it goes with the rest of the path.
    case 'order-tickets':
      return { ...message, data: { ...message.data, orderUrl: sentLink(message.data.orderUrl) } };
    case 'deposit-received':
      return { ...message, data: { ...message.data, orderUrl: sentLink(message.data.orderUrl) } };
    case 'order-decision':
      return { ...message, data: { ...message.data, orderUrl: sentLink(message.data.orderUrl) } };
    case 'telethon-codes':
      // The codes were asked for by DPI, not by a session: once out, Redis keeps them masked.
      return {
        ...message,
        data: {
          ...message.data,
          codes: message.data.codes.map((c) => ({ ...c, code: maskTicketCode(c.code) })),
        },
      };
  }
}

export interface MailJobResult {
  messageId: string;
  file?: string;
}

/** Told of each message once the mail server took it (the worker stamps order e-mails). */
export type MailSentHook = (message: MailMessage) => Promise<void>;

/**
 * The job handler: render the template, send, then forget the link. Its lines
 * carry the request id of the request that enqueued the mail (decision 0044).
 */
export function createMailProcessor(deps: {
  transport: MailTransport;
  log: Logger;
  onSent?: MailSentHook;
}) {
  return inJobContext(async (job: Job<MailMessage>): Promise<MailJobResult> => {
    const message = parseMessage(job.data);
    const rendered = composeMail(message);
    const delivery = await deps.transport.send({
      ...rendered,
      to: message.to,
      key: message.key,
      template: message.template,
    });
    deps.log.info(
      { jobId: job.id, template: message.template, to: message.to, messageId: delivery.messageId },
      'mail sent',
    );
    if (deps.onSent) {
      try {
        await deps.onSent(message);
      } catch (err) {
        // The mail is out; failing the job now would send it again.
        deps.log.warn({ jobId: job.id, err }, 'could not record a sent mail');
      }
    }
    const kept = withoutLink(message);
    // A message without a secret link is kept as it came: no write to Redis.
    if (kept !== message) {
      try {
        await job.updateData(kept);
      } catch (err) {
        // The mail is out; failing the job now would send it again.
        deps.log.warn({ jobId: job.id, err }, 'could not clear the link from a sent mail job');
      }
    }
    return delivery.file ? { messageId: delivery.messageId, file: delivery.file } : delivery;
  });
}

export interface MailWorkerOptions {
  config: MailTransportConfig;
  /** Sends in parallel per worker process. */
  concurrency?: number;
  /** Tests may hand in a transport; otherwise one is built from `config`. */
  transport?: MailTransport;
  /** Runs after each send; its failure is logged, never retried (the mail is out). */
  onSent?: MailSentHook;
}

/** The mail queue's retry waits: capped exponential (MAIL_RETRY); other types as BullMQ's. */
export function mailBackoffStrategy(
  attemptsMade: number,
  type?: string,
  _err?: Error,
  job?: MinimalJob,
): number {
  if (type !== MAIL_BACKOFF_TYPE) throw new Error(`unknown mail backoff ${type ?? ''}`);
  const base = job?.opts.backoff;
  const delay = typeof base === 'object' && base.delay !== undefined ? base.delay : 5_000;
  return mailBackoffDelay(attemptsMade, delay);
}

/**
 * Consumes the `mail` queue. A failed attempt is retried with the job's
 * backoff and logged as a warning; the last one is logged as an error with
 * the job id and the attempts made, and the job stays in the failed set.
 */
export function startMailWorker(
  deps: MailWorkerOptions & { connection: ConnectionOptions; log: Logger; prefix?: string },
): Worker<MailMessage, MailJobResult> {
  const log = deps.log.child({ queue: QUEUES.mail });
  const transport = deps.transport ?? createMailTransport(deps.config, log);
  const worker = new Worker<MailMessage, MailJobResult>(
    QUEUES.mail,
    createMailProcessor({ transport, log, ...(deps.onSent ? { onSent: deps.onSent } : {}) }),
    {
      connection: deps.connection,
      concurrency: deps.concurrency ?? 5,
      ...WORKER_METRICS,
      settings: { backoffStrategy: mailBackoffStrategy },
      ...(deps.prefix ? { prefix: deps.prefix } : {}),
    },
  );
  worker.on('failed', (job, err) => {
    if (!job) {
      log.error({ err }, 'mail job failed');
      return;
    }
    const fields = {
      jobId: job.id,
      template: job.name,
      attemptsMade: job.attemptsMade,
      attempts: job.opts.attempts ?? 1,
      err,
    };
    // BullMQ stamps finishedOn only when the job leaves for the failed set for good.
    if (job.finishedOn !== undefined) log.error(fields, 'mail not sent: no attempts left');
    else log.warn(fields, 'mail send failed; it will be retried');
  });
  worker.on('error', (err) => log.error({ err }, 'mail worker error'));
  worker.on('closed', () => transport.close());
  return worker;
}
