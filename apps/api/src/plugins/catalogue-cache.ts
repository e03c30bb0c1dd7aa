import { PreEncoded } from './pre-encoded.ts';
import type { Redis } from 'ioredis';

/**
 * Keys come from query strings (a search box sends any text), so the map is
 * bounded: past this many entries the expired ones go, then the oldest.
 */
const DEFAULT_MAX_ENTRIES = 10_000;

interface Entry {
  expiresAt: number;
  generation: number;
  value: unknown;
}

export interface CatalogueCache {
  /** The cached JSON text for `key`, or the loader's result serialized and kept for the TTL. */
  getJson(key: string, loader: () => Promise<unknown>): Promise<string>;
  /**
   * The cached value for `key` (any value: prepared text, buffers), or the
   * loader's result kept for the TTL. `ttlSeconds` lets rarely changing data
   * (a venue map's structure) live longer than the cache's own TTL; it is
   * still cleared by invalidateAll(), and a cache turned off (TTL 0) keeps
   * nothing. Keys share one space with getJson: give each use its own prefix.
   */
  getValue<T>(key: string, loader: () => Promise<T>, options?: { ttlSeconds?: number }): Promise<T>;
  /**
   * The loader's result as a ready-to-send answer (JSON bytes with their
   * gzip/br forms made once), kept for the TTL: a hit costs neither
   * serialization nor compression.
   */
  getEncoded(key: string, loader: () => Promise<unknown>): Promise<PreEncoded>;
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
  /** Keeps deployments (or test databases) that share one Redis apart. */
  namespace: string;
  ttlSeconds: number;
  now?: () => number;
  maxEntries?: number;
  log: { warn: (o: object, m: string) => void };
}): CatalogueCache {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlSeconds * 1000;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<unknown>>();
  let generation = 0;

  const maxEntries = deps.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const at = now();
      for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k);
    }
    // A Map iterates in insertion order: the first key is the oldest entry.
    for (const k of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(k);
    }
    entries.set(key, entry);
  };

  const clearLocal = () => {
    generation += 1;
    entries.clear();
    inflight.clear();
  };

  const invalidateChannel = `${deps.namespace}:catalogue:invalidate`;
  const subscriber = deps.redis.duplicate();
  subscriber.on('error', (err) => deps.log.warn({ err }, 'catalogue cache subscriber error'));
  subscriber.on('message', clearLocal);
  void subscriber.subscribe(invalidateChannel).catch((err: unknown) => {
    deps.log.warn({ err }, 'catalogue cache could not subscribe to invalidations');
  });

  async function getValue<T>(
    key: string,
    loader: () => Promise<T>,
    options: { ttlSeconds?: number } = {},
  ): Promise<T> {
    if (ttlMs <= 0) return loader();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now() && hit.generation === generation) return hit.value as T;
    const pending = inflight.get(key);
    if (pending) return pending as Promise<T>;
    const keepMs = options.ttlSeconds === undefined ? ttlMs : options.ttlSeconds * 1000;
    const startedAt = generation;
    const promise = loader()
      .then((value) => {
        if (startedAt === generation) {
          store(key, { value, generation: startedAt, expiresAt: now() + keepMs });
        }
        return value;
      })
      .finally(() => {
        if (inflight.get(key) === promise) inflight.delete(key);
      });
    inflight.set(key, promise);
    return promise;
  }

  return {
    getValue,
    async getJson(key, loader) {
      return getValue(key, async () => JSON.stringify(await loader()));
    },
    async getEncoded(key, loader) {
      return getValue(key, async () => new PreEncoded(JSON.stringify(await loader())));
    },
    async invalidateAll() {
      clearLocal();
      await deps.redis.publish(invalidateChannel, String(Date.now()));
    },
    close() {
      subscriber.disconnect();
      entries.clear();
    },
  };
}
