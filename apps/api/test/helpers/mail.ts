import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import type { Worker } from 'bullmq';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { redisNamespace } from '../../src/config.ts';
import { bullConnection, QUEUES } from '../../src/infra/queues.ts';
import { startWorkers } from '../../src/jobs/workers.ts';
import { loggerOptions } from '../../src/logger.ts';
import type { MailTransportConfig } from '../../src/modules/mail/mail.transport.ts';
import { orderLinkSecret } from '../../src/modules/orders/orders.links.ts';
import type { TestApp } from './app.ts';
import { runLog } from './run-capture.ts';

/** A message as a person's mail client would show it. */
export interface ReceivedMail {
  /** The To addresses, comma-separated. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The envelope recipients the SMTP server was given. */
  envelopeTo: string[];
  messageId: string;
  /** Attached files and inline images, decoded. */
  attachments: ReceivedAttachment[];
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  /** `inline` (an image the HTML shows) or `attachment` (a file to keep). */
  disposition: string;
  cid: string | null;
  content: Buffer;
}

function addressesOf(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .flatMap((object) => object.value.map((a) => a.address ?? ''))
    .filter(Boolean)
    .join(', ');
}

/** Parses an RFC 822 message (from SMTP or an .eml file) with mailparser. */
export async function parseMail(raw: Buffer | string, envelopeTo: string[] = []) {
  const parsed = await simpleParser(raw);
  return {
    to: addressesOf(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    envelopeTo,
    messageId: parsed.messageId ?? '',
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      disposition: a.contentDisposition ?? '',
      cid: a.cid ?? null,
      content: a.content,
    })),
  } satisfies ReceivedMail;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message received so far, in order of arrival. */
  received: ReceivedMail[];
  /** The first message (already received or still to come) that matches. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        parseMail(Buffer.concat(chunks), envelopeTo).then(
          (mail) => {
            received.push(mail);
            for (const wake of waiters) wake();
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestMailWorker {
  workers: Worker[];
  /** A handle on the app's mail queue (same namespace), to inspect jobs. */
  queue: Queue;
  /** Stops the workers and removes the test's queues from Redis. */
  close(): Promise<void>;
}

/**
 * The platform's real BullMQ workers (startWorkers), by default on the test
 * app's Redis namespace so they consume what its mailer enqueues. Their log lines go to
 * `t.logs` with the app's, so tests can check both for secrets.
 */
export function startTestMailWorker(
  t: TestApp,
  options: {
    /** Mail settings that differ from the app's (SMTP_URL, MAIL_OUTBOX_DIR). */
    config?: Partial<MailTransportConfig>;
    /** Another namespace than the app's (for a mailer the test builds itself). */
    prefix?: string;
    /** Also the `tickets` worker (issue codes, e-mail them), linking to the app's orders. */
    tickets?: boolean;
  } = {},
): TestMailWorker {
  const connection = bullConnection(t.config.REDIS_URL);
  const prefix = options.prefix ?? redisNamespace(t.config);
  const toRunLog = runLog('worker');
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      t.logs.push(String(chunk));
      toRunLog(String(chunk));
      callback();
    },
  });
  const log = pino({ ...loggerOptions('info'), name: 'worker' }, stream);
  const workers = startWorkers({
    db: t.database.db,
    connection,
    log,
    prefix,
    mail: { config: { ...t.config, ...options.config } },
    ...(options.tickets
      ? { tickets: { publicUrl: t.config.PUBLIC_URL, linkSecret: orderLinkSecret(t.config) } }
      : {}),
  });
  const queue = new Queue(QUEUES.mail, { connection, prefix });
  return {
    workers,
    queue,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await queue.obliterate({ force: true });
      await queue.close();
      // The workers started alongside leave their queues' keys too.
      for (const name of [QUEUES.sweeper, QUEUES.tickets]) {
        const other = new Queue(name, { connection, prefix });
        await other.obliterate({ force: true });
        await other.close();
      }
    },
  };
}
