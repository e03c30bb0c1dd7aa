import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createOrganisers } from '../helpers/auth.ts';
import type { Organisers } from '../helpers/auth.ts';
import { nulFieldInBody } from '../../src/plugins/nul-guard.ts';

/** A 422 VALIDATION_ERROR that names where the NUL was, in Spanish. */
function expectNulRefused(res: { statusCode: number; body: string }, field: string): void {
  expect(res.statusCode, res.body).toBe(422);
  expect(JSON.parse(res.body)).toEqual({
    error: 'VALIDATION_ERROR',
    message: 'Los datos enviados no son válidos',
    fields: [{ field, message: 'Contiene un carácter no permitido' }],
  });
}

/**
 * PostgreSQL text cannot hold a NUL character: before the guard, a NUL in an id,
 * a query value or a JSON body reached the database and came back as a 500.
 */
describe('a NUL character anywhere in a request', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    showId = (await createShow(t.database.db, { producerId: o.producerA, fullname: 'Antes' })).id;
  });
  afterAll(() => t.close());

  it('in a path answers 422 naming the path, on public and organiser routes', async () => {
    for (const url of ['/shows/abc%00', '/shows/%00/tickets', `/viewers/orders/x%00y`]) {
      expectNulRefused(await t.app.inject({ method: 'GET', url }), '(ruta)');
    }
    const admin = await t.app.inject({
      method: 'GET',
      url: `/admin/shows/${showId}%00`,
      headers: o.producerUserA.headers,
    });
    expectNulRefused(admin, '(ruta)');
  });

  it('in a query value answers 422 naming the parameter', async () => {
    expectNulRefused(
      await t.app.inject({ method: 'GET', url: '/etickets/downloads/redeem?filename=a%00.pdf' }),
      'filename',
    );
    expectNulRefused(
      await t.app.inject({ method: 'GET', url: '/shows?page=1&search=a%00b' }),
      'search',
    );
    expectNulRefused(await t.app.inject({ method: 'GET', url: '/shows?%00=1' }), '(consulta)');
  });

  it('in a JSON body answers 422 naming the field and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/admin/shows/${showId}`,
      headers: o.producerUserA.headers,
      payload: { fullname: 'Nuevo\u0000nombre' },
    });
    expectNulRefused(res, 'fullname');
    const show = await t.database.db.show.findUniqueOrThrow({ where: { id: showId } });
    expect(show.fullname).toBe('Antes');
    // A clean write still goes through.
    const clean = await t.app.inject({
      method: 'PATCH',
      url: `/admin/shows/${showId}`,
      headers: o.producerUserA.headers,
      payload: { fullname: 'Después' },
    });
    expect(clean.statusCode, clean.body).toBe(200);
  });

  it('finds the NUL at any depth of a body, in a value or a key', () => {
    expect(nulFieldInBody({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(nulFieldInBody({ a: { 'k\u0000': 1 } })).toBe('a.(clave)');
    expect(nulFieldInBody('\u0000')).toBe('(cuerpo)');
    expect(nulFieldInBody({ a: 'sin nada', n: 3, z: null })).toBeNull();
  });
});
