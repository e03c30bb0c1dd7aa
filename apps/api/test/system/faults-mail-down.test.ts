import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Worker } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { redisNamespace } from '../../src/config.ts';
import { createRedis } from '../../src/infra/redis.ts';
import { bullConnection } from '../../src/infra/queues.ts';
import { startWorkers } from '../../src/jobs/workers.ts';
import { loggerOptions } from '../../src/logger.ts';
import {
  createQueueMailer,
  MAIL_RETRY,
  mailBackoffDelay,
  mailRetryWindowMs,
} from '../../src/modules/mail/mail.queue.ts';
import type { QueueMailer } from '../../src/modules/mail/mail.queue.ts';
import { testConfig } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { runLog } from '../helpers/run-capture.ts';
import type { TestDatabase } from '../helpers/database.ts';
import { parseMail } from '../helpers/mail.ts';

/**
 * Issue 13 "Faults": the mail server is down while people sign up. Their
 * verification e-mails wait in the mail queue (retried with the production
 * attempts and curve, its base delay scaled down so the test takes seconds)
 * and go out, each exactly once, when a real SMTP server comes up on the port.
 */

const SIGNUPS = 12;
/** The production curve scaled 25× down: 0.2 s doubling to a 12.8 s cap. */
const TEST_BACKOFF_MS = 200;
/** Attempts every message must have failed while the server is down: more than the old 5. */
const FAILED_ATTEMPTS_WHILE_DOWN = 6;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('faults: the mail server is down', () => {
  let database: TestDatabase;
  let redis: Redis;
  let app: FastifyInstance;
  let mailer: QueueMailer;
  let workers: Worker[] = [];
  let smtp: SMTPServer | undefined;
  let port: number;
  const received: { messageId: string; to: string; subject: string; at: number }[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    database = await createTestDatabase();
    const config = testConfig({
      DATABASE_URL: database.url,
      // Nothing listens here yet.
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://boletos.example.gt',
      REDIS_NAMESPACE: `faults-mail-${randomBytes(4).toString('hex')}`,
    });
    const connection = bullConnection(config.REDIS_URL);
    const prefix = redisNamespace(config);
    redis = createRedis(config.REDIS_URL);
    mailer = createQueueMailer({
      connection,
      prefix,
      retry: { attempts: MAIL_RETRY.attempts, backoffMs: TEST_BACKOFF_MS },
    });
    const toRunLog = runLog('app-worker');
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        logs.push(String(chunk));
        toRunLog(String(chunk));
        callback();
      },
    });
    app = await buildApp({ config, db: database.db, redis, mailer, logStream: sink });
    await app.ready();
    const log = pino({ ...loggerOptions('info'), name: 'worker' }, sink);
    workers = startWorkers({ db: database.db, connection, log, prefix, mail: { config } });
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await mailer?.queue.obliterate({ force: true });
    await app?.close();
    await mailer?.close();
    redis?.disconnect();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await database?.drop();
  });

  it('keeps retrying a message for a day, a wait never longer than about five minutes', () => {
    const hours = mailRetryWindowMs(MAIL_RETRY) / 3_600_000;
    const longest = mailBackoffDelay(MAIL_RETRY.attempts, MAIL_RETRY.backoffMs);
    console.log(
      `[faults] mail retry: ${MAIL_RETRY.attempts} attempts over ${hours.toFixed(1)} h, ` +
        `waits ${MAIL_RETRY.backoffMs / 1000} s doubling to ${longest / 1000} s`,
    );
    expect(hours).toBeGreaterThanOrEqual(24);
    expect(longest).toBeLessThanOrEqual(5.5 * 60_000);
    expect(mailBackoffDelay(1, 5_000)).toBe(5_000);
    expect(mailBackoffDelay(3, 5_000)).toBe(20_000);
  });

  it('holds every sign-up e-mail while SMTP is down and delivers each once when it is back', async () => {
    const emails: string[] = [];
    for (let i = 0; i < SIGNUPS; i += 1) {
      const email = `caida-${i}-${randomBytes(3).toString('hex')}@correo.gt`;
      const res = await app.inject({
        method: 'POST',
        url: '/auth/users',
        remoteAddress: `198.51.100.${i + 1}`,
        payload: {
          username: email,
          email,
          password: 'Volcan-de-Fuego-2027',
          fullname: `Persona ${i}`,
          roles: ['Viewer'],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      emails.push(email);
    }
    const downAt = Date.now();
    console.log(`[faults] ${SIGNUPS} sign-ups answered 201 with SMTP down`);

    // Down: every message fails attempt after attempt, and none lands in the failed set.
    const attemptsWhileDown = await eventually(async () => {
      const jobs = await mailer.queue.getJobs(['delayed', 'waiting', 'active', 'failed']);
      const failed = await mailer.queue.getFailedCount();
      expect(failed).toBe(0);
      if (jobs.length !== SIGNUPS) return undefined;
      const fewest = Math.min(...jobs.map((j) => j.attemptsMade));
      return fewest >= FAILED_ATTEMPTS_WHILE_DOWN ? fewest : undefined;
    }, 60_000);
    expect(received).toEqual([]);
    const downFor = Date.now() - downAt;
    const refused = logs.filter((l) => l.includes('mail send failed; it will be retried')).length;
    expect(refused).toBeGreaterThanOrEqual(SIGNUPS * FAILED_ATTEMPTS_WHILE_DOWN);

    // The mail server comes back on the same port.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          parseMail(Buffer.concat(chunks)).then(
            (mail) => {
              received.push({
                messageId: mail.messageId,
                to: mail.to,
                subject: mail.subject,
                at: Date.now(),
              });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    const server = smtp;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const upAt = Date.now();

    await eventually(async () => {
      const counts = await mailer.queue.getJobCounts('completed', 'delayed', 'waiting', 'active');
      return counts.completed === SIGNUPS ? counts : undefined;
    }, 60_000);
    // A late duplicate would arrive within the longest wait: give it one.
    await new Promise((r) => setTimeout(r, mailBackoffDelay(99, TEST_BACKOFF_MS)));

    const lastAt = Math.max(...received.map((m) => m.at));
    console.log(
      `[faults] mail down: ${SIGNUPS} sign-ups, SMTP down ${(downFor / 1000).toFixed(1)} s, ` +
        `${refused} refused sends, ≥ ${attemptsWhileDown} attempts each, none failed for good; ` +
        `all delivered ${((lastAt - upAt) / 1000).toFixed(1)} s after it came back, ` +
        `${received.length} messages for ${SIGNUPS} people`,
    );
    expect(received.map((m) => m.to).sort()).toEqual([...emails].sort());
    expect(new Set(received.map((m) => m.messageId)).size).toBe(SIGNUPS);
    expect(received.every((m) => m.subject === 'Verifica tu correo en Taquilla')).toBe(true);
    expect(await mailer.queue.getFailedCount()).toBe(0);
  }, 150_000);
});
