import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCart,
  createSeatHold,
  createSeatSale,
  createShow,
  createTicket,
} from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

interface MapBody {
  _id: string;
  available: number;
  show_tickets: string[];
  sections: {
    _id: string;
    name: string;
    type: string;
    capacity: number | null;
    available: number;
    show_tickets: string[];
    seats: {
      _id: string;
      name: string;
      row: number;
      col: number;
      row_name: string;
      show_ticket_uid: string | null;
    }[];
  }[];
}
interface ErrorBody {
  error: string;
  fields?: { field: string; message: string }[];
}
const fieldsOf = (body: unknown) => ((body as ErrorBody).fields ?? []).map((f) => f.field);

function section(overrides: Record<string, unknown>) {
  return {
    name: 'Platea',
    type: 'SEATS',
    map_rows: 2,
    map_columns: 2,
    section_grid_row: 0,
    section_grid_col: 0,
    ...overrides,
  };
}

function mapBody(sections: object[]) {
  return {
    name: 'Gran Sala',
    map_image: '/mapa.svg',
    section_grid_rows: 3,
    section_grid_cols: 3,
    sections,
  };
}

describe('organiser API: PUT /admin/shows/{id}/map', () => {
  let t: TestApp;
  let o: Organisers;

  const put = (showId: string, body: object, who = () => o.producerUserA) =>
    t.app.inject({
      method: 'PUT',
      url: `/admin/shows/${showId}/map`,
      headers: who().headers,
      payload: body,
    });

  /** A show of producer A with one ticket per kind of section. */
  async function showWithTickets() {
    const db = t.database.db;
    const show = await createShow(db, { producerId: o.producerA });
    const platea = await createTicket(db, show.id, { code: 'PLATEA', capacity: 12 });
    const general = await createTicket(db, show.id, { code: 'GENERAL', capacity: 80, sold: 5 });
    return { show, platea, general };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  it('generates seats from rows × columns, labelling rows from row_start with W skipped', async () => {
    const { show, platea, general } = await showWithTickets();
    const res = await put(
      show.id,
      mapBody([
        section({
          name: 'Galería',
          map_rows: 3,
          map_columns: 4,
          row_start: 20,
          ticket_uid: platea.id,
        }),
        section({
          name: 'Balcón',
          map_rows: 2,
          map_columns: 3,
          col_start: 2,
          col_step: 2,
          row_step: 2,
          section_grid_row: 1,
        }),
        section({ name: 'Mesas', type: 'TABLE', map_rows: 2, map_columns: 2, section_grid_row: 2 }),
        {
          name: 'General',
          type: 'OPEN',
          section_grid_row: 0,
          section_grid_col: 1,
          ticket_uid: general.id,
        },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const map = res.json() as MapBody;
    const [galeria, balcon, mesas, open] = map.sections;

    expect(galeria?.seats).toHaveLength(12);
    expect([...new Set(galeria?.seats.map((s) => s.row_name))]).toEqual(['U', 'V', 'X']);
    expect(galeria?.seats.slice(0, 5).map((s) => s.name)).toEqual(['U1', 'U2', 'U3', 'U4', 'V1']);
    expect(galeria?.seats.every((s) => s.show_ticket_uid === platea.id)).toBe(true);
    expect(galeria?.show_tickets).toEqual([platea.id]);

    expect(balcon?.seats.map((s) => s.name)).toEqual(['A2', 'A4', 'A6', 'C2', 'C4', 'C6']);
    expect(mesas?.seats.map((s) => s.name)).toEqual(['A1', 'A2', 'B1', 'B2']);

    // An OPEN section has no seats; its capacity defaults to its ticket's.
    expect(open).toMatchObject({ type: 'OPEN', capacity: 80, seats: [], available: 75 });
    expect(map.available).toBe(12 + 6 + 4 + 75);
    expect(map.show_tickets.sort()).toEqual([platea.id, general.id].sort());

    const db = t.database.db;
    expect(await db.seat.count({ where: { showId: show.id } })).toBe(22);
    const stored = await db.section.findMany({
      where: { map: { showId: show.id } },
      orderBy: { position: 'asc' },
    });
    expect(stored.map((s) => [s.name, s.rowStart, s.capacity, s.seated])).toEqual([
      ['Galería', 20, null, true],
      ['Balcón', 0, null, true],
      ['Mesas', 0, null, true],
      ['General', 0, 80, false],
    ]);

    const [audit] = await db.auditLog.findMany({ where: { entityId: show.id } });
    expect(audit).toMatchObject({
      action: 'map.create',
      entityType: 'venue_map',
      actorUserId: o.producerUserA.userId,
      before: null,
      after: { name: 'Gran Sala', sections: [{ name: 'Galería', seat_count: 12 }, {}, {}, {}] },
    });
  });

  it('replaces the previous map and its seats, and audits before and after', async () => {
    const { show } = await showWithTickets();
    expect(
      (await put(show.id, mapBody([section({ map_rows: 5, map_columns: 5 })]))).statusCode,
    ).toBe(200);
    const res = await put(
      show.id,
      mapBody([section({ name: 'Nueva', map_rows: 1, map_columns: 3 })]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const db = t.database.db;
    expect(await db.seat.count({ where: { showId: show.id } })).toBe(3);
    expect(await db.section.count({ where: { map: { showId: show.id } } })).toBe(1);
    const audits = await db.auditLog.findMany({
      where: { entityId: show.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(audits.map((a) => a.action)).toEqual(['map.create', 'map.replace']);
    expect(audits[1]).toMatchObject({
      before: { sections: [{ name: 'Platea', seat_count: 25 }] },
      after: { sections: [{ name: 'Nueva', seat_count: 3 }] },
    });
  });

  it('answers 422 naming the field: another show’s ticket, zero rows or columns, negative capacity', async () => {
    const { show } = await showWithTickets();
    const other = await createShow(t.database.db, { producerId: o.producerA });
    const foreign = await createTicket(t.database.db, other.id);

    const wrongTicket = await put(show.id, mapBody([section({ ticket_uid: foreign.id })]));
    expect(wrongTicket.statusCode).toBe(422);
    expect(fieldsOf(wrongTicket.json())).toEqual(['sections.0.ticket_uid']);

    const zero = await put(
      show.id,
      mapBody([
        section({ map_rows: 0 }),
        section({ name: 'B', map_columns: 0 }),
        { name: 'C', type: 'OPEN', capacity: -1, section_grid_row: 0, section_grid_col: 0 },
      ]),
    );
    expect(zero.statusCode).toBe(422);
    expect(fieldsOf(zero.json()).sort()).toEqual([
      'sections.0.map_rows',
      'sections.1.map_columns',
      'sections.2.capacity',
    ]);

    const shape = await put(
      show.id,
      mapBody([
        { name: 'Sin filas', type: 'SEATS', section_grid_row: 0, section_grid_col: 0 },
        section({ name: 'Fuera', section_grid_row: 3, capacity: 5 }),
        section({ name: 'sin filas', type: 'KIOSK' }),
      ]),
    );
    expect(shape.statusCode).toBe(422);
    expect(fieldsOf(shape.json()).sort()).toEqual([
      'sections.0.map_columns',
      'sections.0.map_rows',
      'sections.1.capacity',
      'sections.2.type',
    ]);
    const grid = await put(
      show.id,
      mapBody([section({ section_grid_row: 3 }), section({ name: 'PLATEA', section_grid_col: 1 })]),
    );
    expect(grid.statusCode).toBe(422);
    expect(fieldsOf(grid.json()).sort()).toEqual([
      'sections.0.section_grid_row',
      'sections.1.name',
    ]);
    expect(await t.database.db.venueMap.count({ where: { showId: show.id } })).toBe(0);
  });

  it('refuses (409) while a seat is held live, for the show or one of its dates, or sold', async () => {
    const db = t.database.db;
    const { show } = await showWithTickets();
    const date = await createShow(db, { producerId: o.producerA, parentShowId: show.id });
    const first = await put(show.id, mapBody([section({ map_rows: 1, map_columns: 3 })]));
    const [seatA, seatB, seatC] = (first.json() as MapBody).sections[0]?.seats ?? [];
    const mapId = (first.json() as MapBody)._id;

    // A live hold by a child date on the parent's map.
    const cart = await createCart(db, { validThru: at(5 * MINUTE) });
    await createSeatHold(db, {
      showId: date.id,
      seatId: seatA!._id,
      cartId: cart.id,
      expiresAt: at(5 * MINUTE),
    });
    const held = await put(show.id, mapBody([section({ name: 'Otra' })]));
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      error: 'MAP_LOCKED',
      message: 'No se puede cambiar el mapa mientras haya butacas reservadas o vendidas',
    });
    expect((await db.venueMap.findUniqueOrThrow({ where: { showId: show.id } })).id).toBe(mapId);

    // Once the hold's ten minutes pass, it no longer blocks (and goes with the old seats).
    try {
      t.setNow(at(6 * MINUTE));
      const expired = await put(
        show.id,
        mapBody([section({ name: 'Otra', map_rows: 1, map_columns: 3 })]),
      );
      expect(expired.statusCode, expired.body).toBe(200);
      expect(await db.seatReservation.count({ where: { seatId: seatA!._id } })).toBe(0);
    } finally {
      t.setNow(NOW);
    }
    expect(seatB && seatC).toBeTruthy();

    const current = await db.seat.findFirstOrThrow({ where: { showId: show.id } });
    await createSeatSale(db, { showId: show.id, seatId: current.id });
    const sold = await put(show.id, mapBody([section({ name: 'Tercera' })]));
    expect(sold.statusCode).toBe(409);
    expect(await db.seat.count({ where: { showId: show.id } })).toBe(3);
  });

  it('answers 404 to another producer and changes nothing', async () => {
    const { show } = await showWithTickets();
    const res = await put(show.id, mapBody([section({})]), () => o.producerUserB);
    expect(res.statusCode).toBe(404);
    expect((res.json() as ErrorBody).error).toBe('SHOW_NOT_FOUND');
    expect(await t.database.db.venueMap.count({ where: { showId: show.id } })).toBe(0);
  });
});
