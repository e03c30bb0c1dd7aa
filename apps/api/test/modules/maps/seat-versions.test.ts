import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import type { Redis } from 'ioredis';
import { createRedis } from '../../../src/infra/redis.ts';
import { createSeatChanges } from '../../../src/modules/maps/seat-changes.ts';

/*
 * Decision 0081: the seat version every seat-state read and seat hold checks is read in
 * batches, one MGET per turn of the event loop, against the real Redis. A batch is sent
 * only after every read in it was asked, so no read gets a version older than its own
 * request (0017's guarantee for a map that heard of a change).
 */
describe('seat versions read in batches (decision 0081)', () => {
  let redis: Redis;
  const namespace = `t${randomUUID().slice(0, 8)}`;
  const log = { warn: vi.fn() };

  beforeAll(() => {
    redis = createRedis(inject('redisUrl'));
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('answers the reads of one turn with one MGET, each its own show’s version', async () => {
    const changes = createSeatChanges({ redis, namespace, log });
    const shows = [randomUUID(), randomUUID(), randomUUID()];
    await redis.set(changes.versionKey(shows[0] as string), 'v-a');
    await redis.set(changes.versionKey(shows[1] as string), 'v-b');
    const mget = vi.spyOn(redis, 'mget');

    const reads = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changes.version(shows[i % 3] as string)),
    );

    expect(mget).toHaveBeenCalledTimes(1);
    expect(mget.mock.calls[0]?.[0]).toHaveLength(3);
    expect(reads.slice(0, 3)).toEqual(['v-a', 'v-b', null]);
    expect(new Set(reads.filter((_, i) => i % 3 === 0))).toEqual(new Set(['v-a']));
    mget.mockRestore();
  });

  it('never joins a read to a batch already sent: it reads after what came before it', async () => {
    const changes = createSeatChanges({ redis, namespace, log });
    const show = randomUUID();
    const mget = vi.spyOn(redis, 'mget');

    const first = changes.version(show);
    await new Promise((resolve) => setImmediate(resolve));
    expect(mget).toHaveBeenCalledTimes(1);
    // While that MGET is on its way, a change is committed and announced, then a map
    // asks: on the same connection, its read must come after the change.
    void redis.set(changes.versionKey(show), 'after-the-change');
    const second = changes.version(show);

    expect(await first).toBeNull();
    expect(await second).toBe('after-the-change');
    expect(mget).toHaveBeenCalledTimes(2);
    mget.mockRestore();
  });

  it('fails every read of a batch when Redis does, so the caller reads the database', async () => {
    const dead = createRedis('redis://127.0.0.1:1');
    dead.on('error', () => undefined);
    const changes = createSeatChanges({ redis: dead, namespace, log });
    const reads = [changes.version(randomUUID()), changes.version(randomUUID())];
    for (const read of reads) await expect(read).rejects.toBeTruthy();
    dead.disconnect();
  });
});
