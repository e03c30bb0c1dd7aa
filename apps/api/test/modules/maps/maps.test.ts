import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { VenueMap } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeatSale, createShow, createVenueMap } from '../../helpers/factories.ts';
import {
  NOW,
  createDatedMapFixture,
  getMap,
  mapOf,
  sectionSeatsOf,
} from '../../helpers/map-fixture.ts';
import type { DatedMapFixture } from '../../helpers/map-fixture.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

const availableBySection = (map: VenueMap) =>
  Object.fromEntries(map.sections.map((s) => [s.name, s.available]));

describe('seat maps: GET /shows/{id}/map', () => {
  let t: TestApp;
  let f: DatedMapFixture;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await createDatedMapFixture(t);
  });
  afterAll(() => t.close());

  describe('the map', () => {
    it('answers the map with its sections in drawing order and their grid positions', async () => {
      const map = await mapOf(t, f.parentId);
      expect(map).toMatchObject({
        _id: f.venue.map.id,
        name: 'Gran Sala',
        map_image: '/images/demo/mapa-teatro-nacional.svg',
        section_grid_rows: 3,
        section_grid_cols: 3,
      });
      expect(map.sections.map((s) => s.name)).toEqual(['General', 'Platea', 'Galería']);
      expect(
        map.sections.map((s) => [s.name, s.section_grid_row, s.section_grid_col, s.type]),
      ).toEqual([
        ['General', 1, 2, 'OPEN'],
        ['Platea', 1, 1, 'SEATS'],
        ['Galería', 2, 1, 'SEATS'],
      ]);
      expect(map.show_tickets).toEqual([
        f.section('General').ticket.id,
        f.section('Platea').ticket.id,
        f.section('Galería').ticket.id,
      ]);
      for (const s of map.sections) expect(s.show_tickets).toEqual([f.section(s.name).ticket.id]);
    });

    it('gives each section its row labels and seat count; its seats come per section', async () => {
      const map = await mapOf(t, f.parentId);
      const platea = map.sections.find((s) => s.name === 'Platea');
      expect(platea).toMatchObject({ row_names: ['A', 'B'], seat_count: 6 });
      expect(platea).not.toHaveProperty('seats');
      const seats = await sectionSeatsOf(t, f.parentId, map, 'Platea');
      expect(seats).toHaveLength(6);
      expect(seats[0]).toMatchObject({
        _id: f.seat('Platea', 'A1').id,
        name: 'A1',
        row: 0,
        col: 1,
        row_name: 'A',
        section_uid: f.section('Platea').section.id,
        show_ticket_uid: f.section('Platea').ticket.id,
      });
      expect(seats.map((s) => s.name)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
      const general = map.sections.find((s) => s.name === 'General');
      expect(general).toMatchObject({ row_names: [], seat_count: 0, capacity: 50, seated: false });
    });

    it('labels rows from index 20 as U, V, X: W is skipped', async () => {
      const map = await mapOf(t, f.parentId);
      const galeria = map.sections.find((s) => s.name === 'Galería');
      expect(galeria?.row_names).toEqual(['U', 'V', 'X']);
      expect(galeria?.row_start).toBe(20);
      const seats = await sectionSeatsOf(t, f.parentId, map, 'Galería');
      expect([...new Set(seats.map((s) => s.row_name))]).toEqual(['U', 'V', 'X']);
      expect(seats.map((s) => s.row)).toEqual([20, 20, 21, 21, 22, 22]);
    });

    it('gives a child date its parent’s map', async () => {
      const map = await mapOf(t, f.dateOne);
      expect(map._id).toBe(f.venue.map.id);
      const parent = await mapOf(t, f.parentId);
      expect(map.sections.map((s) => [s._id, s.row_names, s.seat_count])).toEqual(
        parent.sections.map((s) => [s._id, s.row_names, s.seat_count]),
      );
    });

    it('counts places left per date: sales and live holds of that date only', async () => {
      const one = await mapOf(t, f.dateOne);
      // Platea 6 − (A1 sold, A2 and A3 held; B1's hold expired); Galería 6 − U1;
      // General 50 − (5 sold + 3 awaiting deposit + 4 held live).
      expect(availableBySection(one)).toEqual({ General: 38, Platea: 3, Galería: 5 });
      expect(one.available).toBe(46);

      const two = await mapOf(t, f.dateTwo);
      expect(availableBySection(two)).toEqual({ General: 40, Platea: 5, Galería: 6 });
      expect(two.available).toBe(51);

      const parent = await mapOf(t, f.parentId);
      expect(availableBySection(parent)).toEqual({ General: 50, Platea: 6, Galería: 6 });
      expect(parent.available).toBe(62);
    });

    it('finds the show by its vanity path too', async () => {
      const byPath = await mapOf(t, 'gala-con-mapa');
      expect(byPath).toEqual(await mapOf(t, f.parentId));
    });

    it('answers 404 SHOW_NOT_FOUND for an unknown show or a draft', async () => {
      const db = t.database.db;
      const draft = await createShow(db, { status: 'NEW' });
      await createVenueMap(db, draft.id, [{ name: 'Platea' }]);
      for (const id of [randomUUID(), 'no-existe', draft.id]) {
        const res = await getMap(t, id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({
          error: 'SHOW_NOT_FOUND',
          message: 'El evento que buscas no existe',
        });
      }
    });

    it('answers 404 MAP_NOT_FOUND for a show without a map, or a date of one', async () => {
      const db = t.database.db;
      const plain = await createShow(db);
      const dateOfPlain = await createShow(db, {
        parentShowId: plain.id,
        settings: { is_show_date: true },
      });
      for (const id of [plain.id, dateOfPlain.id]) {
        const res = await getMap(t, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: 'MAP_NOT_FOUND',
          message: 'Este evento no tiene mapa de butacas',
        });
      }
    });
  });

  describe('caching', () => {
    it('shows new seats and sales once the catalogue cache is cleared', async () => {
      const db = t.database.db;
      const show = await createShow(db);
      const setup = await createVenueMap(db, show.id, [{ name: 'Platea', rows: 1, cols: 2 }]);
      const platea = setup.sections[0];
      if (!platea) throw new Error('no section');

      const before = await mapOf(t, show.id);
      expect(before.sections[0]?.seat_count).toBe(2);
      expect(before.available).toBe(2);

      await db.seat.create({
        data: {
          sectionId: platea.section.id,
          showId: show.id,
          ticketId: platea.ticket.id,
          name: 'A3',
          row: 0,
          col: 3,
          rowName: 'A',
        },
      });
      await createSeatSale(db, { showId: show.id, seatId: platea.seats[0]?.id as string });
      // (Other test files share Redis and may clear the cache at any moment, so
      // that the answer is kept until then is checked in catalogue-cache.test.ts.)
      await t.app.catalogueCache.invalidateAll();
      const after = await mapOf(t, show.id);
      expect(after.sections[0]?.seat_count).toBe(3);
      const seats = await sectionSeatsOf(t, show.id, after, 'Platea');
      expect(seats.map((s) => [s.name, s.state])).toEqual([
        ['A1', 'unavailable'],
        ['A2', 'available'],
        ['A3', 'available'],
      ]);
      expect(after.available).toBe(2);
    });
  });

  describe('compression', () => {
    it('answers br or gzip as asked, decompressing to the same JSON, and varies on it', async () => {
      const plain = await getMap(t, f.dateOne);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const vary = String(plain.headers.vary).toLowerCase();
      expect(vary).toContain('accept-encoding');
      expect(vary).toMatch(/(^|, *)accept(,|$)/);

      const br = await getMap(t, f.dateOne, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

      const gz = await getMap(t, f.dateOne, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

      const refused = await getMap(t, f.dateOne, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plain.body);
    });
  });
});
