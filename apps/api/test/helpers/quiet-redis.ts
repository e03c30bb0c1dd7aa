import type { Redis } from 'ioredis';

/**
 * A Redis stand-in for a catalogue cache that only records publications: with the real
 * one, other test files' invalidations (same server, same channel) and the cache's own
 * echo would clear it at random moments.
 */
export function quietRedis() {
  const published: string[] = [];
  const redis = {
    duplicate: () => redis,
    on: () => redis,
    subscribe: async () => 1,
    disconnect: () => undefined,
    publish: async (channel: string) => {
      published.push(channel);
      return 0;
    },
  };
  return { redis: redis as unknown as Redis, published };
}
