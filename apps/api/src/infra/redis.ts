import { Redis } from 'ioredis';

/** A Redis connection. BullMQ needs `maxRetriesPerRequest: null`. */
export function createRedis(url: string, options: { forQueues?: boolean } = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    enableReadyCheck: true,
    ...(options.forQueues ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 2 }),
  });
}
