import { describe, expect, it } from 'vitest';
import { createCatalogueCache } from '../../src/plugins/catalogue-cache.ts';
import { quietRedis } from '../helpers/quiet-redis.ts';

function cacheAt(ttlSeconds: number) {
  let now = 1_000_000;
  const { redis, published } = quietRedis();
  const cache = createCatalogueCache({
    redis,
    namespace: 'test-values',
    ttlSeconds,
    now: () => now,
    log: { warn: () => undefined },
  });
  return { cache, published, advance: (ms: number) => (now += ms) };
}

function counter<T>(make: (n: number) => T) {
  let calls = 0;
  return {
    load: async () => make(++calls),
    get calls() {
      return calls;
    },
  };
}

describe('catalogue cache values (getValue)', () => {
  it('keeps a value for the TTL, then loads it again', async () => {
    const { cache, advance } = cacheAt(5);
    const loader = counter((n) => ({ n }));
    const first = await cache.getValue('k', loader.load);
    expect(await cache.getValue('k', loader.load)).toBe(first);
    advance(4_999);
    expect(await cache.getValue('k', loader.load)).toBe(first);
    advance(2);
    expect(await cache.getValue('k', loader.load)).toEqual({ n: 2 });
    expect(loader.calls).toBe(2);
  });

  it('lets one key live longer than the cache’s TTL', async () => {
    const { cache, advance } = cacheAt(5);
    const loader = counter((n) => n);
    await cache.getValue('structure', loader.load, { ttlSeconds: 60 });
    advance(59_000);
    expect(await cache.getValue('structure', loader.load, { ttlSeconds: 60 })).toBe(1);
    advance(2_000);
    expect(await cache.getValue('structure', loader.load, { ttlSeconds: 60 })).toBe(2);
  });

  it('drops long-lived values too when invalidated, and tells the other instances', async () => {
    const { cache, published } = cacheAt(5);
    const loader = counter((n) => n);
    await cache.getValue('structure', loader.load, { ttlSeconds: 60 });
    await cache.invalidateAll();
    expect(await cache.getValue('structure', loader.load, { ttlSeconds: 60 })).toBe(2);
    expect(published).toEqual(['test-values:catalogue:invalidate']);
  });

  it('shares one load between concurrent misses and keeps no failure', async () => {
    const { cache } = cacheAt(5);
    const loader = counter((n) => n);
    const [a, b] = await Promise.all([
      cache.getValue('k', loader.load),
      cache.getValue('k', loader.load),
    ]);
    expect([a, b, loader.calls]).toEqual([1, 1, 1]);
    await expect(
      cache.getValue('bad', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache.getValue('bad', async () => 'ok')).toBe('ok');
  });

  it('keeps nothing when its TTL is 0, whatever a key asks', async () => {
    const { cache } = cacheAt(0);
    const loader = counter((n) => n);
    await cache.getValue('k', loader.load, { ttlSeconds: 60 });
    expect(await cache.getValue('k', loader.load, { ttlSeconds: 60 })).toBe(2);
  });

  it('still serializes what getJson caches', async () => {
    const { cache } = cacheAt(5);
    expect(await cache.getJson('j', async () => ({ a: 1 }))).toBe('{"a":1}');
    expect(await cache.getJson('j', async () => ({ a: 2 }))).toBe('{"a":1}');
  });
});
