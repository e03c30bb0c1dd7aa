import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';
import { callAs, fieldsOf } from '../../helpers/http.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;

interface ShowPage {
  items: { _id: string }[];
  total: number;
  page: number;
  page_size: number;
}

describe('GET /admin/shows in pages', () => {
  let t: TestApp;
  let o: Organisers;
  /** Producer A's 30 shows, latest date first (the list's order). */
  let ids: string[];

  const list = async (query: string, who = () => o.producerUserA) => {
    const res = await callAs(t, who(), 'GET', `/admin/shows${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ShowPage;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
    const db = t.database.db;
    const made = [];
    for (let i = 0; i < 30; i += 1) {
      made.push(
        await createShow(db, {
          producerId: o.producerA,
          fullname: i % 3 === 0 ? `Marimba ${i}` : `Teatro ${i}`,
          showDate: new Date(NOW.getTime() + i * DAY),
        }),
      );
    }
    ids = made.reverse().map((show) => show.id);
    await createShow(db, { producerId: o.producerB, fullname: 'Marimba de otra productora' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 25 by default with the total, and the rest on page 2', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: 30, page: 1, page_size: 25 });
    expect(first.items.map((s) => s._id)).toEqual(ids.slice(0, 25));
    const second = await list('?page=2');
    expect(second).toMatchObject({ total: 30, page: 2, page_size: 25 });
    expect(second.items.map((s) => s._id)).toEqual(ids.slice(25));
    expect((await list('?page=3')).items).toEqual([]);
  });

  it('pages through a filtered list, counting only the matches', async () => {
    const page = await list('?q=marimba&page_size=4&page=2');
    expect(page).toMatchObject({ total: 10, page: 2, page_size: 4 });
    expect(page.items).toHaveLength(4);
    const all = await list('?q=marimba&page_size=500');
    expect(all.items).toHaveLength(10);
    expect(page.items).toEqual(all.items.slice(4, 8));
    // An admin sees the other producer's too.
    expect((await list('?q=marimba', () => o.admin)).total).toBe(11);
  });

  it('refuses a page or a size out of range, naming it', async () => {
    for (const query of ['?page=0', '?page_size=501', '?page_size=dos']) {
      const res = await callAs(t, o.producerUserA, 'GET', `/admin/shows${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(fieldsOf(res.json()), query).toEqual([query.slice(1).split('=')[0]]);
    }
  });

  it('gives a deposit show its own quick-buy page unless the organiser names another', async () => {
    const made = await callAs(t, o.producerUserA, 'POST', '/admin/shows', {
      fullname: 'Marimba por depósito',
      show_date: new Date(NOW.getTime() + 40 * DAY).toISOString(),
      venue: 'Sala',
      settings: { deposit: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    const show = made.json() as { _id: string; settings: Record<string, unknown> };
    expect(show.settings.quickbuy_link).toBe(`/shows/${show._id}/quicklink`);

    const own = await callAs(t, o.producerUserA, 'PATCH', `/admin/shows/${show._id}`, {
      settings: { quickbuy_link: '/shows/marimba/quicklink' },
    });
    expect((own.json() as typeof show).settings.quickbuy_link).toBe('/shows/marimba/quicklink');

    // Removing the link while deposit stays on brings the show's own page back; a show
    // without deposit gets no link.
    const cleared = await callAs(t, o.producerUserA, 'PATCH', `/admin/shows/${show._id}`, {
      settings: { quickbuy_link: null },
    });
    expect((cleared.json() as typeof show).settings.quickbuy_link).toBe(
      `/shows/${show._id}/quicklink`,
    );
    const off = await callAs(t, o.producerUserA, 'PATCH', `/admin/shows/${show._id}`, {
      settings: { deposit: null, quickbuy_link: null },
    });
    expect((off.json() as typeof show).settings.quickbuy_link).toBeUndefined();
  });
});
