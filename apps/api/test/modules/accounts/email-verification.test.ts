import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailVerificationService } from '../../../src/modules/accounts/email-verification.service.ts';
import type { EmailVerificationService } from '../../../src/modules/accounts/email-verification.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createUser } from '../../helpers/factories.ts';
import { startTestMailWorker, startTestSmtp } from '../../helpers/mail.ts';
import type { ReceivedMail, TestMailWorker, TestSmtp } from '../../helpers/mail.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const HOUR = 3_600_000;
const PUBLIC_URL = 'https://boletos.example.gt';
const SUBJECT = 'Verifica tu correo en Taquilla';
const LINK = /https:\/\/boletos\.example\.gt\/email\/verify\/([A-Za-z0-9_-]{43})/;
const INVALID = {
  error: 'VERIFY_TOKEN_INVALID',
  message: 'No fue posible verificar tu correo. El token probablemente haya expirado.',
};

describe('e-mail verification', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let worker: TestMailWorker;
  let now = NOW;
  let verification: EmailVerificationService;
  const tokens: string[] = [];

  const unique = () => randomBytes(4).toString('hex');

  async function newUser(fullname = 'Luis Pérez') {
    return createUser(t.database.db, {
      password: 'Clave-Prueba-2027',
      email: `verifica-${unique()}@taquilla.test`,
      fullname,
    });
  }

  async function verificationMail(email: string, count = 1): Promise<ReceivedMail> {
    const mailsTo = () => smtp.received.filter((m) => m.to === email && m.subject === SUBJECT);
    await smtp.waitForMail(() => mailsTo().length >= count);
    return mailsTo()[count - 1] as ReceivedMail;
  }

  function tokenOf(mail: ReceivedMail): string {
    const token = LINK.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    tokens.push(token as string);
    return token as string;
  }

  function verify(token: string) {
    return t.app.inject({ method: 'GET', url: `/auth/email/verify/${token}` });
  }

  async function verifiedAt(userId: string) {
    return (await t.database.db.user.findUniqueOrThrow({ where: { id: userId } })).emailVerifiedAt;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ now: NOW, config: { SMTP_URL: smtp.url, PUBLIC_URL } });
    worker = startTestMailWorker(t);
    // The service as signup uses it: the app's mailer, the test's clock.
    verification = createEmailVerificationService({
      db: t.database.db,
      mailer: t.app.mailer,
      clock: () => now,
      config: t.config,
      rateLimiter: t.app.rateLimiter,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  function setNow(date: Date) {
    now = date;
    t.setNow(date);
  }

  it('mails a Spanish 48-hour link whose use marks the address verified', async () => {
    const user = await newUser();
    await verification.send(user.id);

    const mail = await verificationMail(user.email);
    expect(mail.envelopeTo).toEqual([user.email]);
    expect(mail.text).toContain('Hola, Luis Pérez:');
    expect(mail.text).toContain('Este enlace vence en 48 horas');
    const token = tokenOf(mail);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/email/verify/${token}"`);
    expect(mail.html).toContain('Verificar mi correo');

    const stored = await t.database.db.emailVerificationToken.findFirstOrThrow({
      where: { userId: user.id },
    });
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.expiresAt.toISOString()).toBe(new Date(NOW.getTime() + 48 * HOUR).toISOString());
    expect(await verifiedAt(user.id)).toBeNull();

    const res = await verify(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Tu correo fue verificado.' });
    expect((await verifiedAt(user.id))?.toISOString()).toBe(NOW.toISOString());
  });

  it('refuses the same link a second time with 400', async () => {
    const user = await newUser();
    await verification.send(user.id);
    const token = tokenOf(await verificationMail(user.email));
    expect((await verify(token)).statusCode).toBe(200);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const user = await newUser();
    await verification.send(user.id);
    const token = tokenOf(await verificationMail(user.email));
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a link once its 48 hours have passed', async () => {
    const user = await newUser();
    await verification.send(user.id);
    const token = tokenOf(await verificationMail(user.email));
    try {
      setNow(new Date(NOW.getTime() + 48 * HOUR));
      const late = await verify(token);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual(INVALID);
      expect(await verifiedAt(user.id)).toBeNull();

      setNow(new Date(NOW.getTime() + 47 * HOUR));
      expect((await verify(token)).statusCode).toBe(200);
    } finally {
      setNow(NOW);
    }
  });

  it('refuses unknown and malformed tokens with 400', async () => {
    for (const token of [randomBytes(32).toString('base64url'), 'esto-no-es-un-token']) {
      const res = await verify(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
  });

  it('sends nothing to an address already verified', async () => {
    const user = await newUser();
    await t.database.db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: NOW } });
    await verification.send(user.id);
    expect(await t.database.db.emailVerificationToken.count({ where: { userId: user.id } })).toBe(
      0,
    );
    const jobs = await worker.queue.getJobs([
      'waiting',
      'active',
      'delayed',
      'completed',
      'failed',
    ]);
    expect(jobs.filter((job) => (job.data as { to: string }).to === user.email)).toEqual([]);
  });

  it('escapes the name in the HTML part', async () => {
    const user = await newUser('<img src=x onerror="alert(1)"> & Cía');
    await verification.send(user.id);
    const mail = await verificationMail(user.email);
    tokenOf(mail);
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Cía');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('Hola, <img src=x onerror="alert(1)"> & Cía:');
  });

  it('writes no token to any log line, not even the verification request line', () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('/auth/email/verify/[REDACTED]');
    expect(logs).toContain('mail sent');
    expect(tokens.length).toBeGreaterThanOrEqual(5);
    for (const token of tokens) expect(logs).not.toContain(token);
  });
});
