import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCart, createSeatHold, createShow, createTicket } from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';

// What the console's ticket and map pages read beyond decision 0010: the stored map
// with its section settings and whether it is locked, and bundle items' tickets.

const NOW = new Date('2027-03-10T18:00:00.000Z');
const IN_FIVE_MINUTES = new Date(NOW.getTime() + 5 * 60_000);

interface MapState {
  locked: boolean;
  map: {
    name: string;
    section_grid_rows: number;
    sections: Record<string, unknown>[];
  } | null;
}

describe('organiser API: GET /admin/shows/{id}/map and bundle tickets', () => {
  let t: TestApp;
  let o: Organisers;

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    who = () => o.producerUserA,
  ) => t.app.inject({ method, url, headers: who().headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  it('answers a show without a map with null, unlocked', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA, status: 'NEW' });
    const res = await call('GET', `/admin/shows/${show.id}/map`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ map: null, locked: false });
  });

  it('answers the stored map of a draft with every section setting and no seats; locked once a seat is held', async () => {
    const db = t.database.db;
    const show = await createShow(db, { producerId: o.producerA, status: 'NEW' });
    const platea = await createTicket(db, show.id, { code: 'PLATEA', capacity: 20 });
    const general = await createTicket(db, show.id, { code: 'GENERAL', capacity: 50 });
    const put = await call('PUT', `/admin/shows/${show.id}/map`, {
      name: 'Gran Sala',
      section_grid_rows: 2,
      section_grid_cols: 3,
      sections: [
        {
          name: 'Galería',
          type: 'SEATS',
          map_rows: 2,
          map_columns: 3,
          row_start: 20,
          row_step: 2,
          col_start: 5,
          col_step: 2,
          door: 'Norte',
          section_grid_row: 1,
          section_grid_col: 2,
          ticket_uid: platea.id,
        },
        {
          name: 'General',
          type: 'OPEN',
          capacity: 40,
          section_grid_row: 0,
          section_grid_col: 0,
          ticket_uid: general.id,
        },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);

    const read = await call('GET', `/admin/shows/${show.id}/map`);
    expect(read.statusCode, read.body).toBe(200);
    const state = read.json() as MapState;
    expect(state.locked).toBe(false);
    expect(state.map?.name).toBe('Gran Sala');
    const [galeria, open] = state.map?.sections ?? [];
    expect(galeria).toMatchObject({
      name: 'Galería',
      type: 'SEATS',
      map_rows: 2,
      map_columns: 3,
      row_start: 20,
      row_step: 2,
      col_start: 5,
      col_step: 2,
      door: 'Norte',
      show_numbering: true,
      seated: true,
      section_grid_row: 1,
      section_grid_col: 2,
      show_tickets: [platea.id],
      row_names: ['U', 'X'],
      seat_count: 6,
      available: 6,
      capacity: null,
    });
    expect(galeria).not.toHaveProperty('seats');
    expect(open).toMatchObject({ type: 'OPEN', capacity: 40, available: 40, seat_count: 0 });

    const seat = await db.seat.findFirstOrThrow({ where: { showId: show.id } });
    const cart = await createCart(db, { validThru: IN_FIVE_MINUTES });
    await createSeatHold(db, {
      showId: show.id,
      seatId: seat.id,
      cartId: cart.id,
      expiresAt: IN_FIVE_MINUTES,
    });
    const locked = (await call('GET', `/admin/shows/${show.id}/map`)).json() as MapState;
    expect(locked.locked).toBe(true);
    expect(locked.map?.sections[0]).toMatchObject({ available: 5 });
  });

  it('answers 404 for another producer’s show and for an id that is not one', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA });
    const other = await call(
      'GET',
      `/admin/shows/${show.id}/map`,
      undefined,
      () => o.producerUserB,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: 'SHOW_NOT_FOUND' });
    const bad = await call('GET', '/admin/shows/no-es-un-id/map');
    expect(bad.statusCode).toBe(404);
    const admin = await call('GET', `/admin/shows/${show.id}/map`, undefined, () => o.admin);
    expect(admin.statusCode).toBe(200);
  });

  it('lists each bundle item with the ticket it stands for', async () => {
    const db = t.database.db;
    const show = await createShow(db, { producerId: o.producerA });
    const part = await createTicket(db, show.id, { code: 'PARTE' });
    const created = await call('POST', `/admin/shows/${show.id}/tickets`, {
      code: 'COMBO',
      fullname: 'Combo',
      price: 300,
      payment_type: ['CREDIT_CARD'],
      capacity: 10,
      bundle: [
        { ticket_uid: part.id, code: 'PARTE', fullname: 'Parte', ammount: 2 },
        { code: 'BEBIDA', fullname: 'Bebida' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = (await call('GET', `/admin/shows/${show.id}/tickets`)).json() as {
      items: { code: string; bundle: { code: string; ticket_uid: string | null }[] }[];
    };
    const combo = list.items.find((ticket) => ticket.code === 'COMBO');
    expect(combo?.bundle.map(({ code, ticket_uid }) => ({ code, ticket_uid }))).toEqual([
      { code: 'PARTE', ticket_uid: part.id },
      { code: 'BEBIDA', ticket_uid: null },
    ]);
  });
});
