import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken, newSessionToken } from '../../../src/modules/auth/session-token.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { login } from '../../helpers/auth.ts';
import { createUser } from '../../helpers/factories.ts';
import { startTestMailWorker, startTestSmtp } from '../../helpers/mail.ts';
import type { ReceivedMail, TestMailWorker, TestSmtp } from '../../helpers/mail.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const MINUTE = 60_000;
const PUBLIC_URL = 'https://boletos.example.gt';
const OLD_PASSWORD = 'Clave-Antigua-2027';
const SUBJECT = 'Restablece tu contraseña de Taquilla';
const LINK = /https:\/\/boletos\.example\.gt\/password\/reset\/([A-Za-z0-9_-]{43})/;
const INVALID = {
  error: 'RESET_TOKEN_INVALID',
  message: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
};

describe('password reset by e-mail', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let worker: TestMailWorker;
  /** Every token and password this file handled: none may reach a log line. */
  const secrets: string[] = [OLD_PASSWORD];
  let ipCount = 0;
  /** Each test calls from addresses of its own, so per-IP budgets do not leak between tests. */
  const newIp = () => `198.51.100.${(ipCount += 1)}`;

  const unique = () => randomBytes(4).toString('hex');

  async function newUser(fullname = 'Ana López') {
    return createUser(t.database.db, {
      password: OLD_PASSWORD,
      email: `persona-${unique()}@taquilla.test`,
      fullname,
      withViewer: true,
    });
  }

  function requestReset(email: string, ip = newIp()) {
    return t.app.inject({
      method: 'POST',
      url: '/auth/password/request',
      payload: { email },
      remoteAddress: ip,
    });
  }

  /** `password` joins the secrets checked against the logs unless it is public (an address). */
  function resetPassword(token: string, password: string, ip = newIp(), isSecret = true) {
    if (isSecret) secrets.push(password);
    const options: InjectOptions = {
      method: 'POST',
      url: '/auth/password/reset',
      payload: { token, password },
      remoteAddress: ip,
    };
    return t.app.inject(options);
  }

  /** The `count`-th reset mail to `email` (1-based), once it has arrived. */
  async function resetMail(email: string, count = 1): Promise<ReceivedMail> {
    const mailsTo = () => smtp.received.filter((m) => m.to === email && m.subject === SUBJECT);
    await smtp.waitForMail(() => mailsTo().length >= count);
    return mailsTo()[count - 1] as ReceivedMail;
  }

  function tokenOf(mail: ReceivedMail): string {
    const token = LINK.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    secrets.push(token as string);
    return token as string;
  }

  async function linkFor(email: string) {
    const res = await requestReset(email);
    expect(res.statusCode, res.body).toBe(200);
    return tokenOf(await resetMail(email));
  }

  async function loginStatus(email: string, password: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password, role: 'Viewer', forceLogin: true },
    });
    return res.statusCode;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ now: NOW, config: { SMTP_URL: smtp.url, PUBLIC_URL } });
    worker = startTestMailWorker(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  it('mails a Spanish one-hour link; the link sets the new password and ends every session', async () => {
    const user = await newUser();
    const browser = await login(t, user.email, OLD_PASSWORD, 'Viewer');
    secrets.push(browser.token);
    // A second live session, e.g. one stolen earlier: it must die with the reset too.
    const stolenToken = newSessionToken();
    secrets.push(stolenToken);
    await t.database.db.session.create({
      data: {
        tokenHash: hashSessionToken(stolenToken),
        userId: user.id,
        role: 'Viewer',
        username: user.email,
        expiresAt: new Date(NOW.getTime() + 24 * 60 * MINUTE),
      },
    });

    const res = await requestReset(user.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Solicitud enviada' });

    const mail = await resetMail(user.email);
    expect(mail.envelopeTo).toEqual([user.email]);
    expect(mail.text).toContain('Hola, Ana López:');
    expect(mail.text).toContain('Este enlace vence en 1 hora');
    const token = tokenOf(mail);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/password/reset/${token}"`);
    expect(mail.html).toContain('Restablecer mi contraseña');

    const stored = await t.database.db.passwordResetToken.findFirstOrThrow({
      where: { userId: user.id },
    });
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.expiresAt.toISOString()).toBe(
      new Date(NOW.getTime() + 60 * MINUTE).toISOString(),
    );
    expect(stored.usedAt).toBeNull();

    const newPassword = 'Clave-Nueva-2027';
    const reset = await resetPassword(token, newPassword);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({
      message: 'Tu contraseña fue restablecida. Ya puedes iniciar sesión.',
    });

    for (const bearer of [browser.token, stolenToken]) {
      const session = await t.app.inject({
        method: 'GET',
        url: '/auth/session',
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(session.statusCode, session.body).toBe(440);
    }
    expect(await loginStatus(user.email, OLD_PASSWORD)).toBe(401);
    expect(await loginStatus(user.email, newPassword)).toBe(200);

    const after = await t.database.db.user.findUniqueOrThrow({ where: { id: user.id } });
    // Opening the mailed link proves the address.
    expect(after.emailVerifiedAt?.toISOString()).toBe(NOW.toISOString());
    expect(
      (await t.database.db.passwordResetToken.findUniqueOrThrow({ where: { id: stored.id } }))
        .usedAt,
    ).not.toBeNull();
  });

  it('refuses the same link a second time and keeps the password of the first use', async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    expect((await resetPassword(token, 'Primera-Clave-2027')).statusCode).toBe(200);

    const again = await resetPassword(token, 'Segunda-Clave-2027');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect(await loginStatus(user.email, 'Segunda-Clave-2027')).toBe(401);
    expect(await loginStatus(user.email, 'Primera-Clave-2027')).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    const answers = await Promise.all([
      resetPassword(token, 'Carrera-Uno-2027'),
      resetPassword(token, 'Carrera-Dos-2027'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'Carrera-Uno-2027' : 'Carrera-Dos-2027';
    expect(await loginStatus(user.email, winner)).toBe(200);
  });

  it('refuses a link once its hour has passed', async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    try {
      t.setNow(new Date(NOW.getTime() + 60 * MINUTE));
      const late = await resetPassword(token, 'Clave-Tardia-2027');
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual(INVALID);

      // The same link a minute before its end still works: only time refused it.
      t.setNow(new Date(NOW.getTime() + 59 * MINUTE));
      expect((await resetPassword(token, 'Clave-A-Tiempo-2027')).statusCode).toBe(200);
    } finally {
      t.setNow(NOW);
    }
    expect(await loginStatus(user.email, 'Clave-A-Tiempo-2027')).toBe(200);
  });

  it('refuses an expired link whose row says so, whatever the clock', async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    await t.database.db.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(NOW.getTime() - 1) },
    });
    expect((await resetPassword(token, 'Clave-Vencida-2027')).statusCode).toBe(400);
    expect(await loginStatus(user.email, OLD_PASSWORD)).toBe(200);
  });

  it('makes older links invalid when a new one is requested', async () => {
    const user = await newUser();
    expect((await requestReset(user.email)).statusCode).toBe(200);
    const first = tokenOf(await resetMail(user.email, 1));
    expect((await requestReset(user.email)).statusCode).toBe(200);
    const second = tokenOf(await resetMail(user.email, 2));
    expect(second).not.toBe(first);

    const old = await resetPassword(first, 'Clave-Del-Primero-2027');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(INVALID);
    expect((await resetPassword(second, 'Clave-Del-Segundo-2027')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one and sends it nothing', async () => {
    const user = await newUser();
    const unknown = `nadie-${unique()}@taquilla.test`;
    const forUnknown = await requestReset(unknown);
    const forKnown = await requestReset(user.email);
    await resetMail(user.email);

    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    // Only the date and the per-request id may differ (decision 0044 gives every answer one).
    const headersOf = (res: typeof forKnown) => {
      const { date: _date, 'x-request-id': requestId, ...rest } = res.headers;
      expect(requestId).toEqual(expect.any(String));
      return rest;
    };
    expect(headersOf(forUnknown)).toEqual(headersOf(forKnown));

    // The unknown request was enqueued first, so its mail would have been sent by now.
    expect(smtp.received.filter((m) => m.to === unknown)).toEqual([]);
    const jobs = await worker.queue.getJobs([
      'waiting',
      'active',
      'delayed',
      'completed',
      'failed',
    ]);
    expect(jobs.some((job) => (job.data as { to: string }).to === user.email)).toBe(true);
    expect(jobs.filter((job) => (job.data as { to: string }).to === unknown)).toEqual([]);
  });

  it('answers 429 with Retry-After past 5 requests per address, from any IP', async () => {
    const email = `limitada-${unique()}@taquilla.test`;
    for (let i = 0; i < 5; i += 1) {
      expect((await requestReset(email)).statusCode).toBe(200);
    }
    const refused = await requestReset(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    expect((await requestReset(`otra-${unique()}@taquilla.test`)).statusCode).toBe(200);
  });

  it('answers 429 past 20 requests from one IP, whatever the addresses', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await requestReset(`ip-${unique()}@taquilla.test`, ip)).statusCode).toBe(200);
    }
    const refused = await requestReset(`ip-${unique()}@taquilla.test`, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 past 20 reset attempts from one IP', async () => {
    const ip = newIp();
    const guess = () => randomBytes(32).toString('base64url');
    for (let i = 0; i < 20; i += 1) {
      expect((await resetPassword(guess(), 'Intento-De-Adivinar-1', ip)).statusCode).toBe(400);
    }
    const refused = await resetPassword(guess(), 'Intento-De-Adivinar-1', ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a malformed token with 400 and a short password with 422', async () => {
    const malformed = await resetPassword('no-es-un-token-valido', 'Clave-Larga-2027');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(INVALID);

    const user = await newUser();
    const token = await linkFor(user.email);
    const short = await resetPassword(token, 'corta');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      fields: [{ field: 'password' }],
    });
    // The refused attempt did not spend the link.
    expect((await resetPassword(token, 'Clave-Valida-2027')).statusCode).toBe(200);
  });

  it('refuses a common password or the address itself with 422, leaving the link usable', async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    for (const [password, message] of [
      ['Contraseña2024!', 'Esta contraseña es muy común. Elige otra.'],
      ['p@ssw0rd', 'Esta contraseña es muy común. Elige otra.'],
      [user.email, 'La contraseña no puede ser tu correo electrónico. Elige otra.'],
    ] as const) {
      const res = await resetPassword(token, password, newIp(), password !== user.email);
      expect(res.statusCode, password).toBe(422);
      expect(res.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos',
        fields: [{ field: 'password', message }],
      });
    }
    expect(await loginStatus(user.email, OLD_PASSWORD)).toBe(200);
    expect((await resetPassword(token, 'Clave-Poco-Comun-2027')).statusCode).toBe(200);
  });

  it('writes no token or password to any log line', () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('mail sent');
    expect(logs).toContain('/auth/password/reset');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});
