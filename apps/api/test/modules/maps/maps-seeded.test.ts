import { venueMapSchema } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOW_PATHS, seedDatabase } from '../../../src/seed/index.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

describe('the seeded Teatro Nacional map', () => {
  let t: TestApp;
  const sizes: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.database.db, {
      adminEmail: 'admin@taquilla.test',
      adminPassword: 'Admin-Prueba-2026',
      now: new Date(),
    });
  });
  afterAll(async () => {
    console.info(`seeded map answer sizes (bytes): ${JSON.stringify(sizes)}`);
    await t.close();
  });

  it('is the gala’s map for each of its dates, with 2,000 seats and 400 standing places', async () => {
    const gala = await t.app.inject({ method: 'GET', url: `/shows/${DEMO_SHOW_PATHS.seatMap}` });
    const galaId = (gala.json() as { _id: string })._id;
    for (const path of DEMO_SHOW_PATHS.seatMapChildren) {
      const res = await t.app.inject({ method: 'GET', url: `/shows/${path}/map` });
      expect(res.statusCode, res.body).toBe(200);
      const map = venueMapSchema.parse(res.json());
      expect(map.name).toBe('Gran Sala Efraín Recinos');
      expect(map.sections.reduce((n, s) => n + s.seat_count, 0)).toBe(2000);
      expect(map.available).toBe(2400);
      const galeria = map.sections.find((s) => s.name === 'Galería');
      expect(galeria?.row_names.slice(0, 4)).toEqual(['U', 'V', 'X', 'Y']);
      expect(galeria?.row_names).not.toContain('W');
      const child = await t.database.db.show.findUniqueOrThrow({ where: { path } });
      expect(child.parentShowId).toBe(galaId);
    }
    const plain = await t.app.inject({
      method: 'GET',
      url: `/shows/${DEMO_SHOW_PATHS.seatMapChildren[0]}/map`,
    });
    sizes.raw = plain.rawPayload.length;
    for (const encoding of ['gzip', 'br']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/shows/${DEMO_SHOW_PATHS.seatMapChildren[0]}/map`,
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      sizes[encoding] = res.rawPayload.length;
    }
    // Seats travel per section (POST …/map/seats), so the whole 2,000-seat map
    // stays a few kilobytes, and compression still pays.
    expect(sizes.raw).toBeLessThan(8_000);
    expect(sizes.gzip).toBeLessThan((sizes.raw ?? 0) / 2);
    expect(sizes.br).toBeLessThan((sizes.raw ?? 0) / 2);
  });

  it('links every section ticket to both dates with a Spanish label', async () => {
    const db = t.database.db;
    const gala = await db.show.findUniqueOrThrow({
      where: { path: DEMO_SHOW_PATHS.seatMap },
      include: { tickets: { include: { showDates: { include: { show: true } } } } },
    });
    expect(gala.settings).toMatchObject({ has_show_dates: true, has_map: true });
    expect(gala.tickets).toHaveLength(6);
    for (const ticket of gala.tickets) {
      expect(ticket.showDates.map((d) => d.show.path).sort()).toEqual([
        ...DEMO_SHOW_PATHS.seatMapChildren,
      ]);
      for (const date of ticket.showDates) {
        expect(date.label).toMatch(
          /^(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo) \d{1,2} de [a-z]+, 20:00$/,
        );
        expect(date.show).toMatchObject({ visible: false, status: 'ACTIVE' });
        expect(date.show.settings).toMatchObject({ is_show_date: true });
      }
    }
  });
});
