import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { browser } from '../helpers/checkout.ts';
import { isDatabaseBusy } from '../../src/infra/db-unavailable.ts';
import { createShow, createTicket } from '../helpers/factories.ts';

const BUSY_MESSAGES = [
  'Hay mucha demanda en este momento. Vuelve a intentarlo en unos segundos.',
  'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
];

/**
 * Every pooled connection taken (the first seconds of an on-sale): a request that
 * cannot get one in time answers 503 with Retry-After, writes nothing, and the same
 * request goes through once connections are free again. It used to answer 500.
 */
describe('a database whose connections are all busy', () => {
  let t: TestApp;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After, holds nothing, and recovers by itself', async () => {
    const show = await createShow(t.database.db);
    const ticket = await createTicket(t.database.db, show.id, { capacity: 10 });
    const line = [{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }];
    const b = browser(app);
    // The test database's pool has five connections: take them all for 9 s.
    const sleepers = Array.from({ length: 5 }, () =>
      t.database.db.$transaction((tx) => tx.$executeRaw`SELECT pg_sleep(9)`, {
        maxWait: 5_000,
        timeout: 20_000,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const refused = await b.send('POST', `/cart/${b.sid}/items`, { items: line });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const body = refused.json() as { error: string; message: string };
    expect(body.error).toBe('SERVICE_UNAVAILABLE');
    expect(BUSY_MESSAGES).toContain(body.message);
    // A transaction that cannot start within its wait fails with Prisma's P2028, which
    // the error handler answers with the same 503 (routes on Prisma's 2 s default).
    const notStarted: unknown = await t.database.db
      .$transaction((tx) => tx.$executeRaw`SELECT 1`, { maxWait: 200 })
      .catch((err: unknown) => err);
    expect((notStarted as { code?: string }).code).toBe('P2028');
    expect(isDatabaseBusy(notStarted)).toBe(true);
    await Promise.all(sleepers);
    // Nothing was half-written: no cart, no hold.
    expect((await b.cart()).items).toEqual([]);
    expect(await t.database.db.cartItem.count({ where: { ticketId: ticket.id } })).toBe(0);
    // Connections are free again: the same hold goes through.
    await b.hold(line);
    expect((await b.cart()).items).toHaveLength(1);
  }, 60_000);

  it('tells a transaction that could not start in time (Prisma P2028) from other failures', () => {
    expect(isDatabaseBusy({ code: 'P2028' })).toBe(true);
    expect(isDatabaseBusy(new Error('x', { cause: { code: 'P2028' } }))).toBe(true);
    expect(isDatabaseBusy({ code: 'P2002' })).toBe(false);
    expect(isDatabaseBusy(new Error('x'))).toBe(false);
  });
});
