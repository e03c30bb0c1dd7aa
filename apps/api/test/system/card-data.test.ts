import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { CARDS, browser, cardInfo } from '../helpers/checkout.ts';
import { createShow, createTicket } from '../helpers/factories.ts';

const DECLINED = '4000000000000093';
const CHALLENGE = '4000000000003220';

/**
 * ARCHITECTURE §4: a full card number or CVV never reaches the database, a log
 * line, a job payload or an error. Every kind of card payment runs, then the
 * whole database (pg_dump), every Redis value of the deployment and every log
 * line are searched for the numbers.
 */
describe('card data is kept nowhere', () => {
  let t: TestApp;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('leaves no card number or CVV in PostgreSQL, Redis or the logs', async () => {
    const show = await createShow(t.database.db);
    const ticket = await createTicket(t.database.db, show.id, { capacity: 20 });
    const line = [{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }];
    const cvvs: Record<string, string> = {
      [CARDS.visa]: '739',
      [DECLINED]: '826',
      [CHALLENGE]: '517',
      '4111111111111112': '639',
    };
    const pay = async (number: string, key?: string) => {
      const b = browser(app);
      const cartId = await b.hold(line);
      return b.order(
        cartId,
        'CREDIT_CARD',
        cardInfo(number, { cc_cvv2: cvvs[number] }),
        key ? { 'idempotency-key': key } : {},
      );
    };
    expect((await pay(CARDS.visa, 'clave-de-prueba-tarjeta')).statusCode).toBe(200);
    expect((await pay(DECLINED)).statusCode).toBe(402);
    expect((await pay(CHALLENGE)).statusCode).toBe(303);
    // A malformed card is refused with its fields named, and still not echoed.
    const bad = await pay('4111111111111112');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).not.toContain('4111111111111112');

    const dump = execFileSync('pg_dump', ['--data-only', t.database.url], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const values: string[] = [];
    for (const key of await t.redis.keys('*')) {
      const type = await t.redis.type(key);
      if (type === 'string') values.push((await t.redis.get(key)) ?? '');
      if (type === 'hash') values.push(JSON.stringify(await t.redis.hgetall(key)));
      if (type === 'list') values.push(JSON.stringify(await t.redis.lrange(key, 0, -1)));
    }
    const places = { postgres: dump, redis: values.join('\n'), logs: t.logs.join('') };
    for (const [where, text] of Object.entries(places)) {
      for (const number of [CARDS.visa, DECLINED, CHALLENGE, '4111111111111112']) {
        expect(text.includes(number), `${number} in ${where}`).toBe(false);
      }
      for (const cvv of Object.values(cvvs)) {
        expect(text.includes(`"${cvv}"`), `CVV ${cvv} in ${where}`).toBe(false);
      }
      expect(text.includes('cc_cvv2'), `cc_cvv2 in ${where}`).toBe(false);
    }
    // What is kept: brand and last four digits.
    expect(dump).toContain('1111');
  });
});
