import type { Redis } from 'ioredis';

const INVALIDATE_CHANNEL = 'catalogue:invalidate';

interface Entry {
  expiresAt: number;
  generation: number;
  json: string;
}

export interface CatalogueCache {
  /** The cached JSON text for `key`, or the loader's result serialized and kept for the TTL. */
  getJson(key: string, loader: () => Promise<unknown>): Promise<string>;
  /** Drops every entry on every API instance. Call after an organiser write commits. */
  invalidateAll(): Promise<void>;
  close(): void;
}

/**
 * Catalogue reads are the hottest path of an on-sale. Answers are kept in
 * process as serialized JSON for a few seconds (so each hit skips both the
 * query and the serialization), concurrent misses share one query, and
 * organiser writes clear the cache of every instance through Redis pub/sub.
 * A generation counter stops a query that started before an invalidation
 * from storing its stale result after it.
 */
export function createCatalogueCache(deps: {
  redis: Redis;
  ttlSeconds: number;
  now?: () => number;
  log: { warn: (o: object, m: string) => void };
}): CatalogueCache {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlSeconds * 1000;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<string>>();
  let generation = 0;

  const clearLocal = () => {
    generation += 1;
    entries.clear();
    inflight.clear();
  };

  const subscriber = deps.redis.duplicate();
  subscriber.on('error', (err) => deps.log.warn({ err }, 'catalogue cache subscriber error'));
  subscriber.on('message', clearLocal);
  void subscriber.subscribe(INVALIDATE_CHANNEL).catch((err: unknown) => {
    deps.log.warn({ err }, 'catalogue cache could not subscribe to invalidations');
  });

  return {
    async getJson(key, loader) {
      if (ttlMs <= 0) return JSON.stringify(await loader());
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now() && hit.generation === generation) return hit.json;
      const pending = inflight.get(key);
      if (pending) return pending;
      const startedAt = generation;
      const promise = loader()
        .then((value) => {
          const json = JSON.stringify(value);
          if (startedAt === generation) {
            entries.set(key, { json, generation: startedAt, expiresAt: now() + ttlMs });
          }
          return json;
        })
        .finally(() => {
          if (inflight.get(key) === promise) inflight.delete(key);
        });
      inflight.set(key, promise);
      return promise;
    },
    async invalidateAll() {
      clearLocal();
      await deps.redis.publish(INVALIDATE_CHANNEL, String(Date.now()));
    },
    close() {
      subscriber.disconnect();
      entries.clear();
    },
  };
}
