import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { redisNamespace } from '../../src/config.ts';
import { QUEUES, bullConnection } from '../../src/infra/queues.ts';
import { createRedis } from '../../src/infra/redis.ts';
import { createTestApp, testConfig } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { runLog } from '../helpers/run-capture.ts';
import type { TestDatabase } from '../helpers/database.ts';
import { createUser } from '../helpers/factories.ts';
import { startTestMailWorker, startTestSmtp } from '../helpers/mail.ts';
import type { TestMailWorker, TestSmtp } from '../helpers/mail.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  msg: string;
  reqId?: string;
  name?: string;
  template?: string;
  [key: string]: unknown;
}

const lines = (logs: string[]): LogLine[] =>
  logs.flatMap((chunk) =>
    chunk
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine),
  );

describe('request ids: the header, and the lines of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives each request a fresh UUID, answered as X-Request-Id and on its log lines', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/shows' });
    const second = await t.app.inject({ method: 'GET', url: '/shows' });
    const id = String(first.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(id);
    const mine = lines(t.logs).filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('honours a well-formed incoming X-Request-Id, even on an error answer', async () => {
    const id = `lb-${randomBytes(6).toString('hex')}:01.A_b`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/no-existe',
      headers: { 'x-request-id': id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe(id);
    expect(lines(t.logs).filter((l) => l.reqId === id).length).toBeGreaterThanOrEqual(2);
  });

  it('replaces a malformed or oversized X-Request-Id with a fresh one', async () => {
    for (const bad of ['con espacio', 'a'.repeat(129), 'x"}{"inyección', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/shows',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
      expect(t.logs.join('')).not.toContain('inyección');
    }
  });
});

describe('request ids: lines services write through app.log', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logs: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ DATABASE_URL: database.url });
    const redis = createRedis(config.REDIS_URL);
    const toRunLog = runLog('app');
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        logs.push(String(chunk));
        toRunLog(String(chunk));
        callback();
      },
    });
    app = await buildApp({ config, db: database.db, redis, logStream });
    // A service's way of logging: the app's logger, held since start-up, after awaits.
    app.post('/prueba/servicio', async (request) => {
      app.log.info('service line before any await');
      await database.db.$queryRaw`SELECT 1`;
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.log.info({ size: JSON.stringify(request.body).length }, 'service line after awaits');
      request.log.info('route line');
      return { ok: true };
    });
    app.addHook('onClose', async () => redis.disconnect());
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('puts the request id on them once, through a body read and awaits', async () => {
    const id = `svc-${randomBytes(4).toString('hex')}`;
    // Over a real socket, the body arrives after the request's hooks began.
    const { port } = app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/prueba/servicio`, {
      method: 'POST',
      headers: { 'x-request-id': id, 'content-type': 'application/json' },
      body: JSON.stringify({ nombre: 'Ana', relleno: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const byMsg = new Map(lines(logs).map((l) => [l.msg, l]));
    expect(byMsg.get('service line before any await')?.reqId).toBe(id);
    expect(byMsg.get('service line after awaits')?.reqId).toBe(id);
    expect(byMsg.get('route line')?.reqId).toBe(id);
    // Fastify's request logger binds reqId already: the line names it once.
    const raw = logs.find((l) => l.includes('route line')) ?? '';
    expect(raw.match(/"reqId"/g)).toHaveLength(1);
    // Outside a request, no id.
    app.log.info('start-up line');
    expect(lines(logs).find((l) => l.msg === 'start-up line')?.reqId).toBeUndefined();
  });
});

describe('request ids: through the queue to the worker', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let worker: TestMailWorker | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ config: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
    await smtp.close();
  });

  it('carries the id of the request that enqueued a mail into the job and the worker lines', async () => {
    const user = await createUser(t.database.db, {
      email: `traza-${randomBytes(4).toString('hex')}@taquilla.test`,
      password: 'Clave-De-Prueba-2026',
      withViewer: true,
    });
    const id = `trace-${randomBytes(6).toString('hex')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/password/request',
      payload: { email: user.email },
      headers: { 'x-request-id': id },
      remoteAddress: '198.51.100.77',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.headers['x-request-id']).toBe(id);

    // The job waits in Redis with the id in its data.
    const queue = new Queue(QUEUES.mail, {
      connection: bullConnection(t.config.REDIS_URL),
      prefix: redisNamespace(t.config),
    });
    const waiting = await queue.getJobs(['waiting']);
    await queue.close();
    const job = waiting.find((j) => (j.data as { to?: string }).to === user.email);
    expect((job?.data as { requestId?: string } | undefined)?.requestId).toBe(id);

    worker = startTestMailWorker(t);
    await smtp.waitForMail((m) => m.to === user.email);
    await expect
      .poll(() => lines(t.logs).find((l) => l.msg === 'mail sent' && l.reqId === id))
      .toBeDefined();
    const tagged = lines(t.logs).filter((l) => l.reqId === id);
    // The API's lines and the worker's, one id.
    expect(tagged.some((l) => l.msg === 'request completed' && l.name === undefined)).toBe(true);
    expect(tagged.find((l) => l.msg === 'mail sent')).toMatchObject({
      name: 'worker',
      template: 'password-reset',
    });
  });
});
