import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_SNAPSHOT_MAX_AGE_MS } from '../../../src/modules/maps/seat-states.snapshot.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createCart, createSeatHold, createShow, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

describe('seat states: snapshots never older than the last announced change', () => {
  let a: TestApp;
  let b: TestApp;
  let showId: string;
  let fixture: Awaited<ReturnType<typeof createVenueMap>>;

  beforeAll(async () => {
    a = await createTestApp({ now: NOW });
    // A second API instance on the same database and Redis.
    b = await createTestApp({ now: NOW, database: a.database });
    showId = (await createShow(a.database.db)).id;
    fixture = await createVenueMap(a.database.db, showId, [{ rows: 2, cols: 5 }]);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const section = () => fixture.sections[0] as (typeof fixture.sections)[number];
  async function states(t: TestApp, cart?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/shows/${showId}/map/seats`,
      headers: { 'accept-encoding': 'gzip' },
      payload: { location: fixture.map.id, section: section().section.id, cart },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  type Answer = Awaited<ReturnType<typeof states>>;
  const stateOf = (res: Answer, seatId: string) => {
    const text =
      res.headers['content-encoding'] === 'gzip'
        ? gunzipSync(res.rawPayload).toString('utf8')
        : res.body;
    return (JSON.parse(text) as { _id: string; state: string }[]).find((s) => s._id === seatId)
      ?.state;
  };

  it('shows a hold made on one instance at once on the other, and its release', async () => {
    const seat = section().seats[3];
    if (!seat) throw new Error('seat');
    // Instance B answers (and keeps) the section before the hold.
    expect(stateOf(await states(b), seat.id)).toBe('available');

    const sid = randomUUID();
    const held = await a.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      payload: {
        items: [{ ticket_uid: section().ticket.id, show_uid: showId, quantity: 1, seat: seat.id }],
      },
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(stateOf(await states(b), seat.id)).toBe('unavailable');
    expect(stateOf(await states(b, held.json()._id), seat.id)).toBe('reserved');

    await a.app.inject({ method: 'DELETE', url: `/cart/${sid}/` });
    expect(stateOf(await states(b), seat.id)).toBe('available');
  });

  it('answers callers without holds with one shared, compressed answer', async () => {
    const first = await states(b, randomUUID());
    const second = await states(b);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  });

  it('shows a write that bypassed the cart (no announcement) within the snapshot’s age', async () => {
    const seat = section().seats[7];
    if (!seat) throw new Error('seat');
    expect(stateOf(await states(b), seat.id)).toBe('available');
    const cart = await createCart(a.database.db);
    await createSeatHold(a.database.db, {
      showId,
      seatId: seat.id,
      cartId: cart.id,
      expiresAt: new Date(NOW.getTime() + 600_000),
    });
    await new Promise((resolve) => setTimeout(resolve, SEAT_SNAPSHOT_MAX_AGE_MS + 50));
    expect(stateOf(await states(b), seat.id)).toBe('unavailable');
  });
});
