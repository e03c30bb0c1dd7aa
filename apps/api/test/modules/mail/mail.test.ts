import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullConnection } from '../../../src/infra/queues.ts';
import { createQueueMailer } from '../../../src/modules/mail/mail.queue.ts';
import type { MailRetry, QueueMailer } from '../../../src/modules/mail/mail.queue.ts';
import { escapeHtml } from '../../../src/modules/mail/mail.layout.ts';
import { formatDuration, renderMail } from '../../../src/modules/mail/mail.templates.ts';
import type { MailMessage } from '../../../src/modules/mail/mail.types.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { parseMail, startTestMailWorker, startTestSmtp } from '../../helpers/mail.ts';
import type { TestMailWorker, TestSmtp } from '../../helpers/mail.ts';

const unique = () => randomBytes(4).toString('hex');

/** Polls `read` until it returns a value, or fails after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface LogLine {
  level: number;
  msg: string;
  jobId?: string;
  attemptsMade?: number;
  attempts?: number;
  to?: string;
  subject?: string;
  file?: string;
}

describe('mail queue, worker and transports', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  /** Every link token handed to the mailer here: none may reach a log line. */
  const tokens: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  function resetMessage(to: string, key = `m-${unique()}`): MailMessage {
    const token = randomBytes(32).toString('base64url');
    tokens.push(token);
    return {
      template: 'password-reset',
      to,
      key,
      data: {
        fullname: 'Marta Gómez',
        resetUrl: `https://boletos.example.gt/password/reset/${token}`,
        expiresInMinutes: 60,
      },
    };
  }

  /** A mailer and the real workers on a namespace of their own, closed after the file. */
  function mailPipeline(options: {
    config?: { SMTP_URL?: string | undefined; MAIL_OUTBOX_DIR?: string };
    retry?: MailRetry;
  }): { mailer: QueueMailer; worker: TestMailWorker } {
    const prefix = `test-mail-${unique()}`;
    const mailer = createQueueMailer({
      connection: bullConnection(t.config.REDIS_URL),
      prefix,
      ...(options.retry ? { retry: options.retry } : {}),
    });
    const worker = startTestMailWorker(t, { prefix, config: options.config ?? {} });
    cleanups.push(async () => {
      await worker.close();
      await mailer.close();
    });
    return { mailer, worker };
  }

  function logLines(): LogLine[] {
    return t.logs.flatMap((chunk) =>
      chunk
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
    );
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ config: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await t?.close();
    await smtp?.close();
  });

  describe('templates', () => {
    it('writes Spanish subjects and expiry texts', () => {
      const reset = renderMail(resetMessage('a@taquilla.test'));
      expect(reset.subject).toBe('Restablece tu contraseña de Taquilla');
      expect(reset.text).toContain('Este enlace vence en 1 hora y solo puede usarse una vez.');
      expect(reset.html).toContain('<html lang="es">');
      const verify = renderMail({
        template: 'email-verification',
        to: 'a@taquilla.test',
        key: 'k1',
        data: { fullname: 'Ana', verifyUrl: 'https://x.test/email/verify/abc', expiresInHours: 48 },
      });
      expect(verify.subject).toBe('Verifica tu correo en Taquilla');
      expect(verify.text).toContain('Este enlace vence en 48 horas');
      expect(formatDuration(30)).toBe('30 minutos');
      expect(formatDuration(120)).toBe('2 horas');
    });

    it('escapes user data and the link in the HTML part', () => {
      expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
        '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
      );
      const message = resetMessage('a@taquilla.test');
      if (message.template !== 'password-reset') throw new Error('unreachable');
      const html = renderMail({
        ...message,
        data: {
          ...message.data,
          fullname: '</p><script>x()</script>',
          resetUrl: 'https://x.test/password/reset/a"onmouseover="x()',
        },
      }).html;
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;');
      expect(html).toContain('href="https://x.test/password/reset/a&quot;onmouseover=&quot;x()"');
    });
  });

  it('delivers over SMTP once per key, and forgets the link once sent', async () => {
    const { mailer, worker } = mailPipeline({});
    const to = `dedupe-${unique()}@taquilla.test`;
    const message = resetMessage(to);
    await mailer.send(message);
    await smtp.waitForMail((m) => m.to === to);
    await mailer.send(message);
    // A later message to the same person: once it arrives, a duplicate would have too.
    const later = resetMessage(to);
    await mailer.send(later);
    const laterUrl = later.template === 'password-reset' ? later.data.resetUrl : '';
    await smtp.waitForMail((m) => m.to === to && m.text.includes(laterUrl));

    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(2);
    // The SMTP server has the message a moment before BullMQ marks the job completed.
    const counts = await eventually(async () => {
      const now = await worker.queue.getJobCounts('completed', 'waiting', 'active', 'delayed');
      const pending = (now.waiting ?? 0) + (now.active ?? 0) + (now.delayed ?? 0);
      return pending === 0 ? now : undefined;
    });
    expect(counts.completed).toBe(2);

    const job = (await worker.queue.getJob(message.key)) as Job<MailMessage>;
    expect(job.opts).toMatchObject({
      attempts: 280,
      backoff: { type: 'capped-exponential', delay: 5_000 },
      removeOnComplete: 1_000,
      removeOnFail: false,
    });
    const stored = job.data.template === 'password-reset' ? job.data.data.resetUrl : '';
    expect(stored).toBe('https://boletos.example.gt/password/reset/[enviado]');
    expect(job.returnvalue).toMatchObject({ messageId: expect.stringContaining(message.key) });
  });

  it('without SMTP_URL, writes each message as a parseable .eml file and logs where', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'taquilla-outbox-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const outbox = path.join(root, 'var', 'mail');
    const { mailer } = mailPipeline({ config: { SMTP_URL: undefined, MAIL_OUTBOX_DIR: outbox } });
    const to = `archivo-${unique()}@taquilla.test`;
    const message = resetMessage(to);
    await mailer.send(message);

    // The transport writes `<name>.eml.part` and renames it when complete: wait for the .eml.
    const files = await eventually(async () => {
      const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml'));
      return names.length > 0 ? names : undefined;
    });
    expect(files).toHaveLength(1);
    const name = files[0] as string;
    expect(name).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-password-reset-${message.key}\\.eml$`));

    const raw = await readFile(path.join(outbox, name));
    expect(raw.toString('latin1')).toContain('\r\n');
    const mail = await parseMail(raw);
    expect(mail.to).toBe(to);
    expect(mail.subject).toBe('Restablece tu contraseña de Taquilla');
    const url = message.template === 'password-reset' ? message.data.resetUrl : '';
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(smtp.received.filter((m) => m.to === to)).toEqual([]);

    const logged = await eventually(async () =>
      logLines().find((l) => l.msg === 'mail written to outbox' && l.to === to),
    );
    expect(logged).toMatchObject({
      level: 30,
      subject: 'Restablece tu contraseña de Taquilla',
      file: path.join(outbox, name),
    });
  });

  it('retries a send the SMTP server never takes, then keeps it failed and logs an error', async () => {
    const port = await closedPort();
    const { mailer, worker } = mailPipeline({
      config: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      retry: { attempts: 3, backoffMs: 50 },
    });
    const message = resetMessage(`sin-servidor-${unique()}@taquilla.test`);
    await mailer.send(message);

    const job = await eventually(async () => {
      const current = await worker.queue.getJob(message.key);
      return (await current?.getState()) === 'failed' ? current : undefined;
    });
    expect(job?.attemptsMade).toBe(3);
    expect(job?.failedReason).toMatch(/ECONNREFUSED/);
    expect(await worker.queue.getFailedCount()).toBe(1);

    const forJob = () => logLines().filter((l) => l.jobId === message.key);
    const final = await eventually(async () =>
      forJob().find((l) => l.msg === 'mail not sent: no attempts left'),
    );
    expect(final).toMatchObject({ level: 50, attemptsMade: 3, attempts: 3 });
    const retries = forJob().filter((l) => l.msg === 'mail send failed; it will be retried');
    expect(retries.map((l) => [l.level, l.attemptsMade])).toEqual([
      [40, 1],
      [40, 2],
    ]);
  });

  it('fails a job whose payload it cannot read at once, without retries', async () => {
    const { worker } = mailPipeline({ config: { SMTP_URL: smtp.url } });
    const key = `malo-${unique()}`;
    await worker.queue.add(
      'password-reset',
      { template: 'password-reset', to: 'no-es-un-correo', key, data: {} },
      { jobId: key, attempts: 5, removeOnFail: false },
    );
    // The state first, then the job: a job read before it moved to failed is a stale
    // snapshot (attemptsMade still 0), as a loaded run once showed.
    const job = await eventually(async () =>
      (await worker.queue.getJobState(key)) === 'failed'
        ? await worker.queue.getJob(key)
        : undefined,
    );
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe('invalid mail job payload');
    const final = await eventually(async () =>
      logLines().find((l) => l.jobId === key && l.msg === 'mail not sent: no attempts left'),
    );
    expect(final?.level).toBe(50);
  });

  it('writes no link token to any log line', () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('mail sent');
    expect(logs).toContain('mail written to outbox');
    expect(tokens.length).toBeGreaterThanOrEqual(5);
    for (const token of tokens) expect(logs).not.toContain(token);
  });
});
