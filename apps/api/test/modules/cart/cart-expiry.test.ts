import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import type { Worker } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisNamespace } from '../../../src/config.ts';
import { QUEUES, bullConnection } from '../../../src/infra/queues.ts';
import { startWorkers } from '../../../src/jobs/workers.ts';
import { releaseExpiredHolds } from '../../../src/modules/inventory/inventory.expiry.ts';
import { createCartExpiryScheduler } from '../../../src/modules/inventory/inventory-expiry.queue.ts';
import { rescheduleHoldingCarts } from '../../../src/modules/inventory/inventory-expiry.reschedule.ts';
import type { SeatChange } from '../../../src/modules/maps/seat-changes.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('cart expiry: the per-cart job, the sweeper, and jobs lost with Redis', () => {
  let t: TestApp;
  let now = NOW;
  let queue: Queue;
  let events: QueueEvents;
  let workers: Worker[];
  const announced: SeatChange[] = [];

  const setNow = (date: Date) => {
    now = date;
    t.setNow(date);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const connection = bullConnection(t.config.REDIS_URL);
    const prefix = redisNamespace(t.config);
    // The real workers on this app's queues, reading the same movable clock.
    workers = startWorkers({
      db: t.database.db,
      connection,
      prefix,
      clock: () => now,
      log: pino({ level: 'silent' }),
      seatChanges: {
        announce: async (changes) => {
          for (const list of changes.values()) announced.push(...list);
        },
      },
    });
    queue = new Queue(QUEUES.cartExpiry, { connection, prefix });
    events = new QueueEvents(QUEUES.cartExpiry, { connection, prefix });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await t.close();
  });

  async function holdSeats(count: number) {
    const show = await createShow(t.database.db);
    const { sections } = await createVenueMap(t.database.db, show.id, [{ rows: 1, cols: count }]);
    const section = sections[0];
    if (!section) throw new Error('map fixture');
    const sid = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      payload: {
        items: section.seats.map((seat) => ({
          ticket_uid: section.ticket.id,
          show_uid: show.id,
          quantity: 1,
          seat: seat.id,
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { sid, cartId: res.json()._id as string, show, section };
  }
  const holdsOf = (cartId: string) =>
    t.database.db.seatReservation.count({ where: { cartId, kind: 'HOLD' } });

  /** Runs a delayed job now, as BullMQ would at its time, and waits for the outcome. */
  async function runNow(cartId: string) {
    const job = await queue.getJob(cartId);
    expect(job, 'the cart has its expiry job').toBeTruthy();
    await job?.promote();
    await new Promise<void>((resolve) => {
      const poll = async () => {
        const state = await queue.getJobState(cartId);
        if (state === 'delayed' || state === 'unknown' || state === 'failed') resolve();
        else setTimeout(() => void poll(), 20);
      };
      setTimeout(() => void poll(), 20);
    });
  }

  it('schedules one job per cart for its valid_thru and releases the holds then', async () => {
    setNow(NOW);
    const { cartId, section } = await holdSeats(2);
    const job = await queue.getJob(cartId);
    expect(await job?.getState()).toBe('delayed');
    expect(job?.opts.delay).toBe(10 * MINUTE);

    // Before its time the job changes nothing (a job promoted early is put back).
    await runNow(cartId);
    expect(await holdsOf(cartId)).toBe(2);
    expect(await queue.getJobState(cartId)).toBe('delayed');

    setNow(at(10 * MINUTE + 1));
    await runNow(cartId);
    expect(await holdsOf(cartId)).toBe(0);
    expect((await t.database.db.cart.findUniqueOrThrow({ where: { id: cartId } })).status).toBe(
      'EXPIRED',
    );
    expect(announced.filter((c) => c.section_uid === section.section.id)).toEqual(
      section.seats.map((s) => expect.objectContaining({ seat_uid: s.id, change: 'released' })),
    );
  });

  it('waits for the new time of a cart emptied and filled again', async () => {
    setNow(NOW);
    const { sid, cartId, show, section } = await holdSeats(1);
    const seat = section.seats[0];
    if (!seat) throw new Error('seat');
    const cart = await t.app.inject({ method: 'GET', url: `/cart/${sid}` });
    await t.app.inject({
      method: 'DELETE',
      url: `/cart/${sid}/items`,
      payload: { items: cart.json().items.map((i: { _id: string }) => i._id) },
    });
    setNow(at(5 * MINUTE));
    const refill = await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      payload: {
        items: [{ ticket_uid: section.ticket.id, show_uid: show.id, quantity: 1, seat: seat.id }],
      },
    });
    expect(refill.json()).toMatchObject({ _id: cartId, valid_thru: at(15 * MINUTE).toISOString() });

    setNow(at(10 * MINUTE + 1));
    await runNow(cartId);
    expect(await holdsOf(cartId)).toBe(1);
    expect(await queue.getJobState(cartId)).toBe('delayed');
    setNow(at(15 * MINUTE + 1));
    await runNow(cartId);
    expect(await holdsOf(cartId)).toBe(0);
  });

  it('releases what the jobs missed by the sweeper, and re-creates lost jobs at start', async () => {
    setNow(NOW);
    const missed = await holdSeats(1);
    setNow(at(5 * MINUTE));
    const later = await holdSeats(1);
    // Redis loses this deployment's keys (flushed, restarted): jobs and seat versions go.
    const prefix = redisNamespace(t.config);
    for await (const keys of t.redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length > 0) await t.redis.del(...(keys as string[]));
    }
    expect(await queue.getJob(missed.cartId)).toBeUndefined();

    // Availability ignores the expired hold at once, before anything is released…
    setNow(at(10 * MINUTE + 1));
    const states = await t.app.inject({
      method: 'POST',
      url: `/shows/${missed.show.id}/map/seats`,
      payload: { location: missed.section.section.mapId, section: missed.section.section.id },
    });
    expect(states.statusCode, states.body).toBe(200);
    expect(states.json().map((s: { state: string }) => s.state)).toEqual(['available']);

    // …the sweeper deletes it, and releasing twice changes nothing.
    const swept = await releaseExpiredHolds(t.database.db, now);
    expect(swept.releasedSeats).toBe(1);
    expect(await holdsOf(missed.cartId)).toBe(0);
    expect((await releaseExpiredHolds(t.database.db, now)).releasedSeats).toBe(0);

    // The worker, starting, schedules every cart still holding.
    const scheduler = createCartExpiryScheduler({
      connection: bullConnection(t.config.REDIS_URL),
      prefix,
      clock: () => now,
      log: pino({ level: 'silent' }),
    });
    try {
      expect(await rescheduleHoldingCarts(t.database.db, scheduler, now)).toBe(1);
      expect(await queue.getJobState(later.cartId)).toBe('delayed');
      expect(await queue.getJobState(missed.cartId)).toBe('unknown');
      expect(await holdsOf(later.cartId)).toBe(1);
      setNow(at(15 * MINUTE + 1));
      await runNow(later.cartId);
      expect(await holdsOf(later.cartId)).toBe(0);
    } finally {
      await scheduler.close();
    }
  });
});
