import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_PATH_PARAMS,
  PUBLIC_QUERY_KEYS,
  SECRET_PATH_PARAMS,
  SECRET_QUERY_KEYS,
  redactUrl,
} from '../../src/logger.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { TEST_PASSWORD, createOrganisers, login } from '../helpers/auth.ts';
import { contractEndpoints } from '../helpers/authz-matrix.ts';
import { sellCodes } from '../helpers/checkin.ts';
import { createShow, createTicket, createUser } from '../helpers/factories.ts';

/**
 * Issue 20 item 15, decision 0060: a bearer value (a ticket code, a chat link's
 * `s`, a cart session, a one-time token) or a personal one (a DPI, an e-mail, a
 * search that may be one) never reaches a log line, wherever the request carries
 * it in its path or query, whether or not the route exists.
 */
const marker = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

describe('the request log carries no bearer or personal value of a path or query', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: { headers: Record<string, string>; viewerId: string };
  let showId: string;
  let codes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createOrganisers(t)).admin.headers;
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    buyer = { headers: session.headers, viewerId: user.viewer?.id as string };
    showId = (await createShow(t.database.db, { type: 'ONLINE', venue: 'Online' })).id;
    const ticket = await createTicket(t.database.db, showId, { type: 'ONLINE' });
    codes = (await sellCodes(t.database.db, { ticket, showId, quantity: 3 })).codes;
  });
  afterAll(() => t.close());

  /** Sends the request, then answers the log lines it wrote (they name its reqId). */
  async function linesOf(request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    headers?: Record<string, string>;
  }) {
    const before = t.logs.length;
    const res = await t.app.inject({
      ...request,
      remoteAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
    });
    const reqId = res.headers['x-request-id'];
    const lines = t.logs.slice(before);
    expect(
      lines.some((line) => line.includes('incoming request')),
      request.url,
    ).toBe(true);
    return { res, lines, reqId };
  }

  it('redacts the ticket code of an activation, whether it activates, is refused or misses the route', async () => {
    const [good, other] = codes as [string, string];
    for (const url of [
      `/viewers/viewers/${buyer.viewerId}/activate/${good}`,
      `/viewers/viewers/${buyer.viewerId}/activate/${good.toLowerCase()}`,
      `/viewers/viewers/${buyer.viewerId}/activate/${other}/`,
      `/viewers/viewers/${buyer.viewerId}/activate/${other}/sobra`,
    ]) {
      const { lines } = await linesOf({ method: 'POST', url, headers: buyer.headers });
      const text = lines.join('');
      for (const code of [good, other, good.toLowerCase()]) expect(text, url).not.toContain(code);
      expect(text).toContain('/activate/[REDACTED]');
    }
  });

  it('redacts the QR image’s code and a promo code in a cart path', async () => {
    const [code] = codes as [string];
    const promo = marker('PROMO');
    const cart = marker('cart-session-');
    for (const { method, url, secrets } of [
      { method: 'GET' as const, url: `/etickets/qr/${code}`, secrets: [code] },
      { method: 'GET' as const, url: `/etickets/qr/${code}?color=1a2b3c`, secrets: [code] },
      {
        method: 'DELETE' as const,
        url: `/cart/carts/${cart}/promo-codes/${promo}`,
        secrets: [promo, cart],
      },
    ]) {
      const text = (await linesOf({ method, url })).lines.join('');
      for (const secret of secrets) expect(text, url).not.toContain(secret);
    }
  });

  it('redacts the chat link’s s=, the DPI, e-mails, codes, devices and searches in any query', async () => {
    const s = marker('s-');
    const dpi = '2345678901234';
    const email = `${marker('buyer')}@example.com`.toLowerCase();
    const requests: {
      method: 'GET';
      url: string;
      headers?: Record<string, string>;
      secret: string;
    }[] = [
      { method: 'GET', url: `/shows/${showId}/chat/session?s=${s}`, secret: s },
      { method: 'GET', url: `/cart/orders/teleton/?dpi=${dpi}`, secret: dpi },
      { method: 'GET', url: `/cart/orders/teleton?dpi=${dpi}&x=1`, secret: dpi },
      { method: 'GET', url: `/cart/orders/teleton?dp%69=${dpi}`, secret: dpi },
      { method: 'GET', url: `/no-existe?dpi=${dpi}`, secret: dpi },
      {
        method: 'GET',
        url: `/cart/orders?email=${encodeURIComponent(email)}`,
        headers: buyer.headers,
        secret: email.split('@')[0] as string,
      },
      {
        method: 'GET',
        url: `/admin/orders?q=${encodeURIComponent(email)}`,
        headers: admin,
        secret: email.split('@')[0] as string,
      },
      {
        method: 'GET',
        url: `/admin/users?q=${encodeURIComponent(email)}`,
        headers: admin,
        secret: email.split('@')[0] as string,
      },
      {
        method: 'GET',
        url: `/admin/audit-log?actor=${encodeURIComponent(email)}`,
        headers: admin,
        secret: email.split('@')[0] as string,
      },
      {
        method: 'GET',
        url: `/shows/${showId}/playback?code=${codes[1]}&device=${s}`,
        secret: codes[1] as string,
      },
      { method: 'GET', url: `/shows/${showId}/playback?code=X&device=${s}`, secret: s },
    ];
    for (const { secret, ...request } of requests) {
      const text = (await linesOf(request)).lines.join('');
      expect(text, request.url).not.toContain(secret);
      expect(text, request.url).toContain('[REDACTED]');
    }
  });

  it('still logs the values that are neither bearer nor personal', async () => {
    const text = (
      await linesOf({ method: 'GET', url: `/shows/${showId}/tickets?paymentType=CREDIT_CARD` })
    ).lines.join('');
    expect(text).toContain(`/shows/${showId}/tickets?paymentType=CREDIT_CARD`);
  });

  it('redacts by the route’s pattern: the segment the pattern names, however it is spelled', () => {
    expect(redactUrl('/etickets/qr/%41%42%43def', '/etickets/qr/:code')).toBe(
      '/etickets/qr/[REDACTED]',
    );
    expect(redactUrl('/x/viewers/v1/cosa/R8T3WX/', '/x/viewers/:viewerId/cosa/:code')).toBe(
      '/x/viewers/v1/cosa/[REDACTED]/',
    );
    expect(redactUrl('/x/R8T3WX?dpi=2345678901234&page=2', '/x/:id')).toBe(
      '/x/R8T3WX?dpi=[REDACTED]&page=2',
    );
  });

  it('classifies every path parameter and query key of the contract as secret or public', () => {
    const secretParams = new Set<string>(SECRET_PATH_PARAMS);
    const publicParams = new Set<string>(PUBLIC_PATH_PARAMS);
    const secretKeys = new Set<string>(SECRET_QUERY_KEYS);
    const publicKeys = new Set<string>(PUBLIC_QUERY_KEYS);
    const unclassified: string[] = [];
    for (const e of contractEndpoints()) {
      for (const [, name] of e.path.matchAll(/:(\w+)/g)) {
        if (!secretParams.has(name as string) && !publicParams.has(name as string)) {
          unclassified.push(`${e.method} ${e.path}: :${name}`);
        }
      }
      const shape = (e.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const key of Object.keys(shape)) {
        if (!secretKeys.has(key) && !publicKeys.has(key)) {
          unclassified.push(`${e.method} ${e.path}: ?${key}`);
        }
      }
    }
    expect(unclassified).toEqual([]);
    for (const name of secretParams) expect(publicParams.has(name), name).toBe(false);
    for (const key of secretKeys) expect(publicKeys.has(key), key).toBe(false);
  });
});
