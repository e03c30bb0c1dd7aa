import { randomUUID } from 'node:crypto';
import { seatStatesResponseSchema } from '@taquilla/contract';
import type { SeatState } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, createVenueMap } from '../../helpers/factories.ts';
import { MINUTE, NOW, at, createDatedMapFixture } from '../../helpers/map-fixture.ts';
import type { DatedMapFixture } from '../../helpers/map-fixture.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

describe('seat maps: POST /shows/{id}/map/seats', () => {
  let t: TestApp;
  let f: DatedMapFixture;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await createDatedMapFixture(t);
  });
  afterAll(() => t.close());

  async function seatStates(
    showId: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, SeatState>> {
    const res = await t.app.inject({ method: 'POST', url: `/shows/${showId}/map/seats`, body });
    expect(res.statusCode, res.body).toBe(200);
    const seats = seatStatesResponseSchema.parse(res.json());
    return Object.fromEntries(seats.map((s) => [s.name, s]));
  }

  const body = (sectionName: string, cart?: string | null) => ({
    location: f.venue.map.id,
    section: f.section(sectionName).section.id,
    ...(cart === undefined ? {} : { cart }),
  });
  const states = (seats: Record<string, SeatState>) =>
    Object.fromEntries(Object.entries(seats).map(([name, s]) => [name, s.state]));

  it('marks this cart’s holds reserved, sales and other f.carts’ holds unavailable', async () => {
    const seats = await seatStates(f.dateOne, body('Platea', f.carts.mine));
    expect(states(seats)).toEqual({
      A1: 'unavailable',
      A2: 'reserved',
      A3: 'unavailable',
      B1: 'available',
      B2: 'available',
      B3: 'available',
    });
    expect(seats.A2).toMatchObject({ available: false, reserved: true, waiting: false });
    expect(seats.A1).toMatchObject({ available: false, reserved: false, waiting: false });
    expect(seats.B1).toMatchObject({ available: true, reserved: false, waiting: false });
    expect(seats.A1).toMatchObject({
      _id: f.seat('Platea', 'A1').id,
      row: 0,
      col: 1,
      row_name: 'A',
      section_uid: f.section('Platea').section.id,
      show_ticket_uid: f.section('Platea').ticket.id,
    });
  });

  it('answers from the other cart’s side', async () => {
    const seats = await seatStates(f.dateOne, body('Platea', f.carts.other));
    expect(seats.A2?.state).toBe('unavailable');
    expect(seats.A3?.state).toBe('reserved');
  });

  it('shows every hold as unavailable without a cart, or with a cart id that is no UUID', async () => {
    for (const cart of [undefined, null, 'no-es-un-uuid', randomUUID()]) {
      const seats = await seatStates(f.dateOne, body('Platea', cart));
      expect(states(seats), String(cart)).toMatchObject({
        A1: 'unavailable',
        A2: 'unavailable',
        A3: 'unavailable',
        B1: 'available',
      });
    }
  });

  it('answers the states of the asked date', async () => {
    const seats = await seatStates(f.dateTwo, body('Platea', f.carts.mine));
    expect(states(seats)).toEqual({
      A1: 'available',
      A2: 'available',
      A3: 'available',
      B1: 'available',
      B2: 'unavailable',
      B3: 'available',
    });
  });

  it('is live: a hold made through the cart after the states were read shows at once', async () => {
    const before = await seatStates(f.dateTwo, body('Galería'));
    expect(before.X2?.state).toBe('available');
    // The section's ticket sells the parent's seats for this date (función).
    await t.database.db.ticketShowDate.create({
      data: { ticketId: f.section('Galería').ticket.id, showId: f.dateTwo, label: 'Función 2' },
    });
    const sid = randomUUID();
    const held = await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      payload: {
        items: [
          {
            ticket_uid: f.section('Galería').ticket.id,
            show_uid: f.dateTwo,
            quantity: 1,
            seat: f.seat('Galería', 'X2').id,
          },
        ],
      },
    });
    expect(held.statusCode, held.body).toBe(200);
    const cartId = held.json()._id as string;
    expect((await seatStates(f.dateTwo, body('Galería'))).X2?.state).toBe('unavailable');
    const mine = await seatStates(f.dateTwo, body('Galería', cartId));
    expect(mine.X2?.state).toBe('reserved');
    expect(mine.X1?.state).toBe('available');
    await t.app.inject({ method: 'DELETE', url: `/cart/${sid}/` });
    expect((await seatStates(f.dateTwo, body('Galería'))).X2?.state).toBe('available');
  });

  it('treats a hold whose time has passed as available', async () => {
    t.setNow(at(9 * MINUTE + 1));
    try {
      const seats = await seatStates(f.dateOne, body('Platea', f.carts.mine));
      expect(seats.A2?.state).toBe('available');
      expect(seats.A3?.state).toBe('available');
      expect(seats.A1?.state).toBe('unavailable');
    } finally {
      t.setNow(NOW);
    }
  });

  it('answers no seats for an unnumbered section', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/shows/${f.dateOne}/map/seats`,
      body: body('General'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 MAP_NOT_FOUND when `location` is not the show’s map', async () => {
    const other = await createShow(t.database.db);
    const otherMap = await createVenueMap(t.database.db, other.id, [{ name: 'Platea' }]);
    for (const location of [otherMap.map.id, 'no-es-un-mapa']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/shows/${f.dateOne}/map/seats`,
        body: { ...body('Platea'), location },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'MAP_NOT_FOUND' });
    }
  });

  it('answers 404 SECTION_NOT_FOUND for a section of another map', async () => {
    const other = await createShow(t.database.db);
    const otherMap = await createVenueMap(t.database.db, other.id, [{ name: 'Platea' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/shows/${f.dateOne}/map/seats`,
      body: { ...body('Platea'), section: otherMap.sections[0]?.section.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'SECTION_NOT_FOUND',
      message: 'La sección no existe en este mapa',
    });
  });

  it('answers 404 SHOW_NOT_FOUND for an unknown show', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/shows/${randomUUID()}/map/seats`,
      body: body('Platea'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'SHOW_NOT_FOUND' });
  });

  it('answers 422 naming `section` when the body lacks it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/shows/${f.dateOne}/map/seats`,
      body: { location: f.venue.map.id, cart: f.carts.mine },
    });
    expect(res.statusCode).toBe(422);
    const answer = res.json() as { error: string; fields: { field: string }[] };
    expect(answer.error).toBe('VALIDATION_ERROR');
    expect(answer.fields.map((f) => f.field)).toContain('section');
  });
});
