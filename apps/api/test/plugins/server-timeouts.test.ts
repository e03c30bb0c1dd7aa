import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { createTestApp, testConfig } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createShow } from '../helpers/factories.ts';
import { connectRealtime } from '../helpers/realtime-client.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Trickle {
  /** Everything the server wrote before it closed the connection. */
  answer: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/**
 * A raw client that sends `head` at once, then one byte of `drip` every
 * `everyMs` until the server closes the connection (or `giveUpMs` passes).
 */
function trickle(
  port: number,
  head: string,
  drip: string,
  everyMs: number,
  giveUpMs = 10_000,
): Promise<Trickle> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.writable) socket.write(drip[sent++ % drip.length] ?? ' ');
    }, everyMs);
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms; got ${JSON.stringify(answer)}`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.write(head);
  });
}

const REQUEST_SECONDS = 3;
const HEADERS_SECONDS = 1;
const IDLE_SECONDS = 1;

/**
 * Slow clients (issue 21 item 5, decision 0066): with Fastify's defaults a
 * client trickling a body kept its connection forever. Small limits here; the
 * defaults are checked below.
 */
describe('server timeouts against slow clients', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
        HTTP_HEADERS_TIMEOUT_SECONDS: String(HEADERS_SECONDS),
        HTTP_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        UPLOAD_MAX_BYTES: String(512 * 1024),
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 408 REQUEST_TIMEOUT and closes a connection whose body trickles past the request limit', async () => {
    const body = JSON.stringify({ username: 'lenta@example.com', password: 'x'.repeat(200) });
    const result = await trickle(
      port,
      'POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
      body,
      // Faster than the idle limit: only the request limit can stop it.
      200,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('"error":"REQUEST_TIMEOUT"');
    expect(result.answer).toContain('La solicitud tardó demasiado en llegar');
    // The limit plus Node's check interval (a quarter of the headers' limit) and slack.
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_SECONDS * 1000 - 100);
    expect(result.closedAfterMs).toBeLessThan(REQUEST_SECONDS * 1000 + 1500);
  });

  it('answers 408 to headers that trickle past the headers limit (slowloris)', async () => {
    const result = await trickle(
      port,
      'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X',
      100,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeLessThan(HEADERS_SECONDS * 1000 + 1500);
  });

  it('closes a connection that sends its headers and then nothing', async () => {
    const result = await trickle(
      port,
      'POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 50\r\n\r\n{',
      '',
      60_000,
    );
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
    expect(result.closedAfterMs).toBeLessThan(IDLE_SECONDS * 1000 + 1500);
  });

  it('keeps a WebSocket open past every limit', async () => {
    const showId = (await createShow(t.database.db, { status: 'LIVE' })).id;
    const client = await connectRealtime(t);
    let closed = false;
    client.socket.on('close', () => (closed = true));
    await sleep((REQUEST_SECONDS + 1) * 1000);
    expect(closed).toBe(false);
    expect(await client.subscribe(`show-events/${showId}`)).toMatchObject({ type: 'subscribed' });
    client.close();
  });

  it('still takes an upload that keeps arriving within the request limit', async () => {
    const show = await createShow(t.database.db);
    const session = `sess_${randomUUID().replaceAll('-', '')}`;
    const ask = await t.app.inject({
      method: 'GET',
      url: '/cart/orders/uploadUrl',
      query: { show_uid: show.id, session_id: session, filename: 'deposito.png' },
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const { signedUrl } = ask.json() as { signedUrl: string };
    const target = new URL(signedUrl);
    // A PNG's signature and 400 KiB after it, sent in eight parts over ~1.6 s:
    // longer than the idle and headers limits, within the request's.
    const file = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(400 * 1024, 7),
    ]);
    const parts = 8;
    const size = Math.ceil(file.length / parts);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        data += chunk;
        if (data.includes('\r\n\r\n')) socket.end();
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(data));
      socket.write(
        `PUT ${target.pathname}${target.search} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: image/png\r\nContent-Length: ${file.length}\r\n\r\n`,
      );
      void (async () => {
        for (let i = 0; i < parts; i += 1) {
          await sleep(200);
          socket.write(file.subarray(i * size, (i + 1) * size));
        }
      })();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('server timeout settings', () => {
  it('defaults to 300 s a request, 30 s of headers, 60 s of silence and 72 s of keep-alive', async () => {
    const config = testConfig();
    expect(config).toMatchObject({
      HTTP_REQUEST_TIMEOUT_SECONDS: 300,
      HTTP_HEADERS_TIMEOUT_SECONDS: 30,
      HTTP_IDLE_TIMEOUT_SECONDS: 60,
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: 72,
    });
    const t = await createTestApp();
    try {
      const server = t.app.server;
      expect(server.requestTimeout).toBe(300_000);
      expect(server.headersTimeout).toBe(30_000);
      expect(server.timeout).toBe(60_000);
      expect(server.keepAliveTimeout).toBe(72_000);
    } finally {
      await t.close();
    }
  });

  it('refuses a headers limit longer than the request’s, and a limit of 0 (never)', () => {
    const base = {
      DATABASE_URL: 'postgresql://localhost/taquilla',
      REDIS_URL: 'redis://localhost:6379',
      ADMIN_EMAIL: 'admin@taquilla.test',
      ADMIN_PASSWORD: 'Admin-Prueba-2026',
    };
    expect(() =>
      parseConfig({
        ...base,
        HTTP_REQUEST_TIMEOUT_SECONDS: '20',
        HTTP_HEADERS_TIMEOUT_SECONDS: '30',
      }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS: no puede ser mayor que HTTP_REQUEST_TIMEOUT_SECONDS/);
    const zero = (() => {
      try {
        parseConfig({ ...base, HTTP_REQUEST_TIMEOUT_SECONDS: '0' });
        return null;
      } catch (err) {
        return err;
      }
    })();
    expect(zero).toBeInstanceOf(ConfigError);
    expect((zero as ConfigError).problems).toEqual([
      'HTTP_REQUEST_TIMEOUT_SECONDS: debe ser un número de segundos entre 1 y 3600',
    ]);
  });
});
