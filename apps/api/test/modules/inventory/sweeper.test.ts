import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../../src/infra/queues.ts';
import { releaseExpiredHolds } from '../../../src/modules/inventory/inventory.expiry.ts';
import { createTestDatabase } from '../../helpers/database.ts';
import type { TestDatabase } from '../../helpers/database.ts';
import { createShow } from '../../helpers/factories.ts';
import { runJobOnce } from '../../helpers/jobs.ts';

describe('expired hold sweeper', () => {
  let database: TestDatabase;
  const NOW = new Date('2027-01-15T12:00:00.000Z');

  async function seatWithHold(expiresAt: Date) {
    const db = database.db;
    const show = await createShow(db);
    const map = await db.venueMap.create({
      data: { showId: show.id, name: 'Sala', sectionGridRows: 1, sectionGridCols: 1 },
    });
    const section = await db.section.create({
      data: {
        mapId: map.id,
        name: 'Platea',
        type: 'SEATS',
        mapRows: 1,
        mapColumns: 1,
        sectionGridRow: 0,
        sectionGridCol: 0,
      },
    });
    const seat = await db.seat.create({
      data: { sectionId: section.id, showId: show.id, name: 'A1', row: 0, col: 1, rowName: 'A' },
    });
    const cart = await db.cart.create({ data: { sessionKey: randomUUID(), validThru: expiresAt } });
    await db.seatReservation.create({
      data: { showId: show.id, seatId: seat.id, kind: 'HOLD', cartId: cart.id, expiresAt },
    });
    return { seat, cart };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('releases holds and carts past their time, keeps live ones, and does nothing the second time', async () => {
    const expired = await seatWithHold(new Date(NOW.getTime() - 1000));
    const live = await seatWithHold(new Date(NOW.getTime() + 600_000));

    const first = await releaseExpiredHolds(database.db, NOW);
    expect(first).toMatchObject({ releasedSeats: 1, expiredCarts: 1 });
    const remaining = await database.db.seatReservation.findMany();
    expect(remaining.map((r) => r.seatId)).toEqual([live.seat.id]);
    expect(
      (await database.db.cart.findUniqueOrThrow({ where: { id: expired.cart.id } })).status,
    ).toBe('EXPIRED');
    expect((await database.db.cart.findUniqueOrThrow({ where: { id: live.cart.id } })).status).toBe(
      'OPEN',
    );

    expect([...first.changes.values()].flat()).toEqual([
      { seat_uid: expired.seat.id, section_uid: expired.seat.sectionId, change: 'released' },
    ]);

    const second = await releaseExpiredHolds(database.db, NOW);
    expect(second).toEqual({
      releasedSeats: 0,
      expiredCarts: 0,
      shows: [],
      changes: new Map(),
    });
  });

  it('runs as a BullMQ job on the sweeper queue', async () => {
    await seatWithHold(new Date(NOW.getTime() - 1000));
    const result = await runJobOnce({
      db: database.db,
      queue: QUEUES.sweeper,
      name: 'sweep',
      clock: () => NOW,
    });
    expect(result).toMatchObject({ releasedSeats: 1, expiredCarts: 1 });
  });
});
