import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducer, createShow } from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

interface ListedShow {
  _id: string;
  fullname: string;
  [key: string]: unknown;
}

describe('GET /shows and GET /shows/{id}', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let producerA: string;
  let producerB: string;

  async function list(query: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: `/shows${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (res.json() as { items: ListedShow[] }).items.map((s) => names.get(s._id) ?? s._id);
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    producerA = (await createProducer(db)).id;
    producerB = (await createProducer(db)).id;
    const make = async (name: string, data: Parameters<typeof createShow>[1]) => {
      ids[name] = (await createShow(db, { producerId: producerA, fullname: name, ...data })).id;
    };
    await make('closedLastMonth', { showDate: at(-30 * DAY), status: 'CLOSED' });
    await make('closedTwoMonthsAgo', { showDate: at(-60 * DAY), status: 'CLOSED' });
    await make('runningNow', { showDate: at(-1 * HOUR) });
    await make('endedToday', { showDate: at(-3 * HOUR) });
    await make('longRunning', { showDate: at(-3 * HOUR), settings: { duration: 5 } });
    await make('tomorrowBillboard', { showDate: at(DAY), billboard: true });
    await make('soonInTenDays', { showDate: at(10 * DAY), status: 'SOON' });
    await make('draft', { showDate: at(2 * DAY), status: 'NEW' });
    await make('hiddenStatus', { showDate: at(3 * DAY), status: 'HIDDEN' });
    await make('onDemand', { showDate: at(-10 * DAY), status: 'REPLAY', settings: { vod: true } });
    await make('notVisible', { showDate: at(4 * DAY), visible: false });
    await make('parent', {
      showDate: at(20 * DAY),
      settings: { has_show_dates: true },
      path: 'obra-con-fechas',
    });
    await make('childHidden', {
      showDate: at(20 * DAY),
      parentShowId: ids.parent,
      visible: false,
      settings: { is_show_date: true },
    });
    await make('childVisible', {
      showDate: at(21 * DAY),
      parentShowId: ids.parent,
      settings: { is_show_date: true },
    });
    await make('childPast', {
      showDate: at(-5 * DAY),
      parentShowId: ids.parent,
      visible: false,
      status: 'CLOSED',
      settings: { is_show_date: true },
    });
    await make('childHiddenStatus', {
      showDate: at(22 * DAY),
      parentShowId: ids.parent,
      status: 'HIDDEN',
      settings: { is_show_date: true },
    });
    await make('childTest', {
      showDate: at(23 * DAY),
      parentShowId: ids.parent,
      visible: false,
      status: 'TEST',
    });
    await make('childDraft', { showDate: at(24 * DAY), parentShowId: ids.parent, status: 'NEW' });
    await make('childCancelled', {
      showDate: at(25 * DAY),
      parentShowId: ids.parent,
      status: 'CANCELLED',
    });
    ids.otherProducer = (
      await createShow(db, {
        producerId: producerB,
        fullname: 'otherProducer',
        showDate: at(5 * DAY),
      })
    ).id;
  });
  afterAll(() => t.close());

  describe('listing', () => {
    it('sort=1 lists upcoming and running top-level shows, earliest first', async () => {
      expect(await list('?sort=1')).toEqual([
        'longRunning',
        'runningNow',
        'tomorrowBillboard',
        'otherProducer',
        'soonInTenDays',
        'parent',
      ]);
    });

    it('sort=-1 reverses the order', async () => {
      expect(await list('?sort=-1')).toEqual([
        'parent',
        'soonInTenDays',
        'otherProducer',
        'tomorrowBillboard',
        'runningNow',
        'longRunning',
      ]);
    });

    it('billboard=1 keeps the featured show only', async () => {
      expect(await list('?sort=1&billboard=1')).toEqual(['tomorrowBillboard']);
    });

    it('filter=PAST lists shows that have ended, latest first', async () => {
      expect(await list('?filter=PAST&sort=-1')).toEqual([
        'endedToday',
        'onDemand',
        'closedLastMonth',
        'closedTwoMonthsAgo',
      ]);
    });

    it('the on-demand query keeps vod shows of the named statuses, past or not', async () => {
      expect(await list('?filter=ALL&sort=-1&vod=1&status=ACTIVE,REPLAY,SOON')).toEqual([
        'onDemand',
      ]);
    });

    it('status narrows the list and may name statuses hidden by default', async () => {
      expect(await list('?sort=1&status=SOON')).toEqual(['soonInTenDays']);
      expect(await list('?sort=1&status=HIDDEN')).toEqual(['hiddenStatus']);
    });

    it('never lists a draft (NEW), even when asked for', async () => {
      expect(await list('?filter=ALL&status=NEW')).toEqual([]);
      expect(await list('?filter=ALL&sort=1')).not.toContain('draft');
    });

    it('parent lists child dates; visible=-1 includes those hidden from the catalogue', async () => {
      expect(await list(`?parent=${ids.parent}&filter=CURRENT`)).toEqual(['childVisible']);
      expect(await list(`?parent=${ids.parent}&filter=CURRENT&visible=0`)).toEqual(['childHidden']);
    });

    it('the client’s child lists (visible=-1, no status) include HIDDEN and TEST children, never drafts', async () => {
      // The exact calls of 000 §7 and 001 §7: the pages filter by status themselves.
      expect(await list(`/?parent=${ids.parent}&filter=CURRENT&visible=-1`)).toEqual([
        'childHidden',
        'childVisible',
        'childHiddenStatus',
        'childTest',
      ]);
      expect(await list(`/?parent=${ids.parent}&filter=ALL&visible=-1&sort=1`)).toEqual([
        'childPast',
        'childHidden',
        'childVisible',
        'childHiddenStatus',
        'childTest',
      ]);
      expect(await list(`?parent=${ids.parent}&filter=ALL&visible=-1&status=NEW`)).toEqual([]);
      expect(await list(`?parent=${ids.parent}&filter=ALL&visible=-1&status=HIDDEN`)).toEqual([
        'childHiddenStatus',
      ]);
    });

    it('outside a channel, HIDDEN and TEST shows are still listed only when named', async () => {
      const all = await list('?filter=ALL&visible=-1&sort=1');
      expect(all).not.toContain('hiddenStatus');
      expect(all).not.toContain('draft');
      expect(await list(`?parent=${ids.parent}&filter=ALL&sort=1`)).not.toContain(
        'childHiddenStatus',
      );
    });

    it('producer lists one organiser’s visible shows', async () => {
      expect(await list(`?producer=${producerB}&visible=1`)).toEqual(['otherProducer']);
    });

    it('visible=0 lists the shows kept out of the catalogue', async () => {
      expect(await list('?visible=0')).toEqual(['notVisible']);
    });

    it('answers a browser compressed, with the same JSON, and varies on Accept-Encoding', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/shows?filter=ALL&visible=-1' });
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const zipped = await t.app.inject({
        method: 'GET',
        url: '/shows?filter=ALL&visible=-1',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(String(zipped.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    });

    it('rejects invalid query values with 422 naming each field, in Spanish', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/shows?sort=2&status=ACTIVE,FOO&parent=abc&filter=SOMETIMES',
      });
      expect(res.statusCode).toBe(422);
      const body = res.json() as {
        error: string;
        message: string;
        fields: { field: string; message: string }[];
      };
      expect(body.error).toBe('VALIDATION_ERROR');
      expect(body.message).toBe('Los datos enviados no son válidos');
      expect(body.fields.map((f) => f.field).sort()).toEqual([
        'filter',
        'parent',
        'sort',
        'status',
      ]);
      expect(body.fields.find((f) => f.field === 'status')?.message).toBe(
        'Estado desconocido: FOO',
      );
      expect(res.body).not.toMatch(/Invalid|expected/);
    });
  });

  describe('detail', () => {
    it('answers the show with the specifications’ field names and settings defaults', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/shows/${ids.childVisible}` });
      expect(res.statusCode).toBe(200);
      const show = res.json() as Record<string, unknown> & { settings: Record<string, unknown> };
      expect(show).toMatchObject({
        _id: ids.childVisible,
        fullname: 'childVisible',
        status: 'ACTIVE',
        paid: true,
        parent_show_uid: ids.parent,
        producer: producerA,
        venue: 'Teatro Nacional Miguel Ángel Asturias',
        show_date: at(21 * DAY).toISOString(),
        timezone: 'America/Guatemala',
      });
      expect(show.settings).toMatchObject({
        is_show_date: true,
        currency: 'GTQ',
        max_ticket_quantity: 10,
        duration: 2,
      });
      for (const key of [
        'subtitle',
        'description',
        'important_info',
        'main_image',
        'venue_address',
        'type',
        'tags',
        'icon',
        'video_url',
        'has_video',
      ]) {
        expect(show).toHaveProperty(key);
      }
    });

    it('finds a show by its vanity path', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/shows/obra-con-fechas' });
      expect(res.statusCode).toBe(200);
      expect((res.json() as ListedShow)._id).toBe(ids.parent);
    });

    it('answers 404 SHOW_NOT_FOUND for an unknown id, an unknown path and a draft', async () => {
      for (const id of ['0196a0b4-0000-7000-8000-000000000000', 'no-existe', ids.draft]) {
        const res = await t.app.inject({ method: 'GET', url: `/shows/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: 'SHOW_NOT_FOUND',
          message: 'El evento que buscas no existe',
        });
      }
    });
  });
});
