import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueCache } from '../../src/plugins/catalogue-cache.ts';
import { createCart, createShow, createTicket, createTicketHold } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

async function listedIds(t: TestApp, url: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { _id: string }[] }).items.map((item) => item._id);
}

describe('catalogue cache', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // A TTL far longer than the test: only an invalidation can refresh an answer.
    const config = { CATALOGUE_CACHE_SECONDS: '3600' };
    a = await createTestApp({ now: NOW, config });
    b = await createTestApp({ now: NOW, config, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('an invalidation on one instance makes another instance answer fresh data', async () => {
    const url = '/shows?filter=ALL&sort=1';
    expect(await listedIds(b, url)).toEqual([]);
    const show = await createShow(a.database.db, { showDate: at(DAY) });
    // Instance b keeps its answer: the row was written behind the API's back.
    expect(await listedIds(b, url)).toEqual([]);

    await a.app.catalogueCache.invalidateAll();
    await expect.poll(() => listedIds(b, url), { timeout: 5_000, interval: 50 }).toEqual([show.id]);
  });

  it('a cached tickets answer is at most CATALOGUE_CACHE_SECONDS old', async () => {
    const c = await createTestApp({
      now: NOW,
      database: a.database,
      config: { CATALOGUE_CACHE_SECONDS: '0.5' },
    });
    try {
      const db = a.database.db;
      const showId = (await createShow(db, { showDate: at(DAY) })).id;
      const ticket = await createTicket(db, showId, { capacity: 10 });
      const available = async () => {
        const res = await c.app.inject({ method: 'GET', url: `/shows/${showId}/tickets` });
        return (res.json() as { items: { real_available: number }[] }).items[0]?.real_available;
      };
      expect(await available()).toBe(10);
      const cart = await createCart(db, { validThru: at(600_000) });
      await createTicketHold(db, {
        cartId: cart.id,
        ticket,
        showId,
        quantity: 3,
        expiresAt: at(600_000),
      });
      expect(await available()).toBe(10);
      await sleep(600);
      expect(await available()).toBe(7);
    } finally {
      await c.close();
    }
  });

  describe('size', () => {
    const log = { warn: () => {} };

    it('keeps at most maxEntries answers, dropping the oldest first', async () => {
      const cache = createCatalogueCache({
        redis: a.redis,
        namespace: `t-${randomUUID()}`,
        ttlSeconds: 60,
        maxEntries: 2,
        log,
      });
      let loads = 0;
      const load = (key: string) =>
        cache.getJson(key, async () => {
          loads += 1;
          return key;
        });
      try {
        await load('k1');
        await load('k2');
        await load('k3');
        expect(loads).toBe(3);
        await load('k2');
        await load('k3');
        expect(loads).toBe(3);
        await load('k1');
        expect(loads).toBe(4);
      } finally {
        cache.close();
      }
    });

    it('drops expired answers before live ones when full', async () => {
      let clock = 0;
      const cache = createCatalogueCache({
        redis: a.redis,
        namespace: `t-${randomUUID()}`,
        ttlSeconds: 60,
        maxEntries: 2,
        now: () => clock,
        log,
      });
      let loads = 0;
      const loader = async () => {
        loads += 1;
        return loads;
      };
      try {
        await cache.getValue('long', loader);
        await cache.getValue('short', loader, { ttlSeconds: 1 });
        clock = 2_000;
        await cache.getValue('new', loader);
        expect(loads).toBe(3);
        await cache.getValue('long', loader);
        expect(loads).toBe(3);
      } finally {
        cache.close();
      }
    });
  });
});
