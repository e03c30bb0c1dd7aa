import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, createTicket } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createOrganisers } from '../helpers/auth.ts';
import { contractEndpoints } from '../helpers/authz-matrix.ts';
import { sellCodes } from '../helpers/checkin.ts';

describe('error answers and logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown route with a Spanish 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'La página que buscas no está disponible',
    });
  });

  it('answers an unexpected failure with a 500 that leaks no internals', async () => {
    // Settings that break the response schema make the mapper throw.
    const show = await createShow(t.database.db, { settings: { max_ticket_quantity: -3 } });
    const res = await t.app.inject({ method: 'GET', url: `/shows/${show.id}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'INTERNAL_ERROR',
      message: 'Ocurrió un error inesperado. Por favor intenta de nuevo más tarde.',
    });
    expect(res.body).not.toMatch(/at |stack|prisma|zod|\.ts/i);
    // The details go to the log instead.
    expect(t.logs.join('\n')).toContain('unhandled error');
  });

  it('never writes passwords, card data, tokens or session cookies to the log', () => {
    t.app.log.info(
      {
        body: {
          password: 'clave-secreta-1',
          payment_info: { cc_number: '4111111111111111', cc_cvv2: '123' },
        },
        token: 'tok-secreto',
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'session=xyz' } },
      },
      'a request with secrets',
    );
    const line = t.logs.find((l) => l.includes('a request with secrets'));
    expect(line).toBeDefined();
    for (const secret of [
      'clave-secreta-1',
      '4111111111111111',
      '"123"',
      'tok-secreto',
      'abc.def',
      'xyz',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[REDACTED]');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/shows', '/shows/{id}', '/health/ready']),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });
});

/** What an answer must never carry: stack frames, the ORM, SQL, or source paths. */
const LEAKS: readonly [string, RegExp][] = [
  ['a stack frame', /\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\(|\bat\s+(?:file:|node:|\/)/],
  ['the ORM', /prisma/i],
  [
    'SQL',
    /\b(?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b|relation "|violates|syntax error at/,
  ],
  ['a source path', /\/src\/|\.ts:\d|node_modules/],
  ['a database error', /DriverAdapterError|invalid byte sequence|duplicate key/],
];

function leaksOf(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(([name]) => name);
}

/** Odd values for every id: unknown, not an id, too long, quoting, a NUL byte PostgreSQL refuses. */
const ODD_IDS = [
  '0194f1c2-0000-7000-8000-000000000000',
  'no-existe',
  'a'.repeat(300),
  `x'"\\);--`,
  'a%00b',
];
const ODD_VALUE = `x\u0000'"\\`;

describe('no stack, SQL or source path in any answer (issue 13)', () => {
  let t: TestApp;
  let who: Record<string, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp();
    const o = await createOrganisers(t);
    who = { admin: o.admin.headers, viewer: o.viewer.headers, anonymous: {} };
  });
  afterAll(() => t.close());

  /** Every contract route with odd ids, odd query values and odd or broken bodies. */
  function attempts() {
    const list: { method: string; url: string; body?: string | object; json?: boolean }[] = [];
    for (const e of contractEndpoints()) {
      const query = (e.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const body = (e.body as { shape?: Record<string, unknown> } | undefined)?.shape;
      for (const id of ODD_IDS) {
        const path = e.path.replace(/:(\w+)/g, () =>
          encodeURIComponent(id).replace(/%2500/, '%00'),
        );
        const qs = Object.keys(query)
          .map((k) => `${k}=${encodeURIComponent(ODD_VALUE)}`)
          .join('&');
        list.push({ method: e.method, url: qs ? `${path}?${qs}` : path });
        if (e.method === 'GET' || e.method === 'DELETE') continue;
        list.push({ method: e.method, url: path, body: '{"items": [', json: true });
        list.push({ method: e.method, url: path, body: { unexpected: 42 } });
        if (body) {
          const odd = Object.fromEntries(Object.keys(body).map((k) => [k, ODD_VALUE]));
          list.push({ method: e.method, url: path, body: odd });
          // Wrong types: numbers where strings go and the reverse.
          const typed = Object.fromEntries(Object.keys(body).map((k) => [k, [{ x: 1 }]]));
          list.push({ method: e.method, url: path, body: typed });
        }
      }
    }
    return list;
  }

  it('answers every refused or failed call with {error, message} and nothing of the inside', async () => {
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const [name, headers] of Object.entries(who)) {
      for (const a of attempts()) {
        const res = await t.app.inject({
          method: a.method as 'GET',
          url: a.url,
          headers: {
            ...headers,
            'x-forwarded-for': `198.18.${sent % 250}.${(sent >> 8) % 250}`,
            ...(a.json ? { 'content-type': 'application/json' } : {}),
          },
          ...(a.body === undefined ? {} : { payload: a.body }),
        });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const label = `${a.method} ${a.url.slice(0, 120)} as ${name} → ${res.statusCode}`;
        expect(leaksOf(res.body), `${label}: ${res.body.slice(0, 400)}`).toEqual([]);
        if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
          const body = res.json() as { error?: unknown; message?: unknown };
          expect(typeof body.error, label).toBe('string');
          expect(typeof body.message, label).toBe('string');
        }
      }
    }
    // The sweep reached the framework's refusals, the services' and real failures.
    expect(sent).toBeGreaterThan(1000);
    for (const status of [400, 401, 403, 404, 422]) expect(statuses.get(status)).toBeGreaterThan(0);
  });

  it('answers a failure of the database itself (a column gone under the query) with a bare 500', async () => {
    const o = await createOrganisers(t);
    const before = t.logs.length;
    // A NUL byte used to be the way in; it is now refused as 422 before any query (nul-input).
    await t.database.db.$executeRawUnsafe('ALTER TABLE producers RENAME COLUMN name TO name_gone');
    let res;
    try {
      res = await t.app.inject({
        method: 'PATCH',
        url: `/admin/producers/${o.producerA}`,
        headers: o.admin.headers,
        payload: { name: `Productora'; DROP TABLE producers; --` },
      });
    } finally {
      await t.database.db.$executeRawUnsafe(
        'ALTER TABLE producers RENAME COLUMN name_gone TO name',
      );
    }
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'INTERNAL_ERROR',
      message: 'Ocurrió un error inesperado. Por favor intenta de nuevo más tarde.',
    });
    expect(leaksOf(res.body)).toEqual([]);
    // It was the database that failed, and the details went to the log only.
    expect(t.logs.slice(before).join('\n')).toMatch(/name|column/i);
    expect(t.logs.slice(before).join('\n')).toContain('unhandled error');
  });

  it('never tells how the check constraint it broke is named', async () => {
    const o = await createOrganisers(t);
    const db = t.database.db;
    const show = await createShow(db, { producerId: o.producerA });
    // Sold says 0 while an order holds a place: giving it back breaks sold >= 0.
    const ticket = await createTicket(db, show.id, { fullname: 'General' });
    const { orderId } = await sellCodes(db, { ticket, showId: show.id, quantity: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${orderId}/cancel`,
      headers: o.producerUserA.headers,
      payload: { reason: 'Prueba de error' },
    });
    expect(res.statusCode).toBe(500);
    expect(leaksOf(res.body)).toEqual([]);
    expect(res.body).not.toContain('tickets_sold_within_capacity');
  });
});
