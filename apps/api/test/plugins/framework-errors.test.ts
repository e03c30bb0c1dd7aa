import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createOrganisers } from '../helpers/auth.ts';
import type { Organisers } from '../helpers/auth.ts';

/** Words of Fastify's own English answers, which must never reach a client. */
const FRAMEWORK_WORDS =
  /FST_|Bad Request|statusCode|Client Error|exceeding|not a valid|Unsupported/;

/** The house shape: `{ error, message }` (422 adds `fields`), a Spanish message, JSON. */
function expectHouseError(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  code: string,
): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.body).not.toMatch(FRAMEWORK_WORDS);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body.error).toBe(code);
  expect(typeof body.message).toBe('string');
  const keys = Object.keys(body).sort();
  expect(keys).toEqual(status === 422 ? ['error', 'fields', 'message'] : ['error', 'message']);
}

/** Sends raw bytes to a listening app and returns the status line, headers and body. */
function rawRequest(port: number, request: string): Promise<LightMyRequestResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({
        statusCode: Number(statusLine.split(' ')[1]),
        headers,
        body,
      } as unknown as LightMyRequestResponse);
    });
    socket.write(request);
  });
}

describe('errors the framework raises before a route runs', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;
  const longId = 'a'.repeat(300);

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    showId = (await createShow(t.database.db, { producerId: o.producerA })).id;
  });
  afterAll(() => t.close());

  it('answers an over-long show id as any unknown id: 404 SHOW_NOT_FOUND on every show route', async () => {
    for (const url of [
      `/shows/${longId}`,
      `/shows/${longId}/tickets`,
      `/shows/${longId}/map`,
      `/shows/showChannels/${longId}`,
      `/shows/${'x'.repeat(10_000)}`,
    ]) {
      expectHouseError(await t.app.inject({ method: 'GET', url }), 404, 'SHOW_NOT_FOUND');
    }
    const seats = await t.app.inject({
      method: 'POST',
      url: `/shows/${longId}/map/seats`,
      payload: { section_uid: showId },
    });
    expectHouseError(seats, 404, 'SHOW_NOT_FOUND');
  });

  it('answers an organiser id that cannot be one (not a UUID, too long) as not found', async () => {
    const headers = o.producerUserA.headers;
    for (const url of [
      '/admin/shows/abc',
      `/admin/shows/${longId}`,
      `/admin/shows/${longId}/tickets`,
    ]) {
      expectHouseError(await t.app.inject({ method: 'GET', url, headers }), 404, 'SHOW_NOT_FOUND');
    }
    const ticket = await t.app.inject({
      method: 'DELETE',
      url: `/admin/shows/${showId}/tickets/no-es-un-id`,
      headers,
    });
    expectHouseError(ticket, 404, 'TICKET_NOT_FOUND');
    // Without a session the guard still answers first, before the id is judged.
    expectHouseError(
      await t.app.inject({ method: 'GET', url: '/admin/shows/abc' }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('answers a malformed percent-encoding in the path with 400 BAD_REQUEST', async () => {
    expectHouseError(
      await t.app.inject({ method: 'GET', url: '/shows/%E0%A4%A' }),
      400,
      'BAD_REQUEST',
    );
    expectHouseError(await t.app.inject({ method: 'GET', url: '/%zz' }), 400, 'BAD_REQUEST');
  });

  it('answers unknown routes and methods with 404 NOT_FOUND', async () => {
    expectHouseError(await t.app.inject({ method: 'GET', url: '/no-existe' }), 404, 'NOT_FOUND');
    expectHouseError(await t.app.inject({ method: 'DELETE', url: '/shows' }), 404, 'NOT_FOUND');
    expectHouseError(await t.app.inject({ method: 'PROPFIND', url: '/shows' }), 404, 'NOT_FOUND');
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'y' }),
    });
    expectHouseError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers a body that is not JSON (text, XML, form, unknown type) with 415', async () => {
    for (const type of [
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'image/png',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': type },
        payload: 'username=a&password=b',
      });
      expectHouseError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers malformed or empty JSON with 422 naming the body', async () => {
    for (const payload of ['{"username":', '', '{"__proto__":{"admin":true}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectHouseError(res, 422, 'VALIDATION_ERROR');
      expect(res.json().fields).toEqual([{ field: '(cuerpo)', message: 'JSON inválido' }]);
    }
  });

  describe('on a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    it('answers a request line the HTTP parser refuses with 400 BAD_REQUEST', async () => {
      const res = await rawRequest(port, 'ESTO NO ES HTTP\r\n\r\n');
      expectHouseError(res, 400, 'BAD_REQUEST');
    });

    it('answers headers over the limit with 431 HEADERS_TOO_LARGE', async () => {
      const res = await rawRequest(
        port,
        `GET /shows HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectHouseError(res, 431, 'HEADERS_TOO_LARGE');
    });

    it('answers a request with both Content-Length and Transfer-Encoding (a smuggling shape) with 400', async () => {
      const res = await rawRequest(
        port,
        'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
      );
      expectHouseError(res, 400, 'BAD_REQUEST');
    });
  });
});
