import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow } from './helpers/factories.ts';
import { createTestApp } from './helpers/app.ts';
import type { TestApp } from './helpers/app.ts';

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
