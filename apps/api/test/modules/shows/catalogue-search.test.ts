import { foldForSearch, SEARCH_FOLD_FROM } from '@taquilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducer, createShow } from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describe('GET /shows?q= and ?tags=', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function list(query: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: `/shows${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (res.json() as { items: { _id: string }[] }).items.map((s) => names.get(s._id) ?? s._id);
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const producerId = (await createProducer(db)).id;
    const make = async (name: string, data: Parameters<typeof createShow>[1]) => {
      ids[name] = (await createShow(db, { producerId, ...data })).id;
    };
    await make('lago', {
      fullname: 'Concierto en el Lago',
      venue: 'Centro Cultural Atitlán',
      tags: ['musica', 'aire-libre'],
      showDate: at(1 * DAY),
    });
    await make('hamlet', {
      fullname: 'Hamlet',
      venue: 'Teatro Nacional Miguel Ángel Asturias',
      tags: ['teatro', 'drama'],
      showDate: at(2 * DAY),
    });
    await make('marimba', {
      fullname: 'Noche de Marimba',
      venue: 'Gran Sala Efraín Recinos',
      tags: ['musica', 'marimba'],
      showDate: at(3 * DAY),
    });
    await make('pena', {
      fullname: 'El Niño y la Peña',
      venue: 'Casa Ñu',
      showDate: at(4 * DAY),
    });
    await make('rock100', { fullname: '100% Rock', venue: 'Foro', showDate: at(5 * DAY) });
    await make('rock1000', { fullname: '1000 Rock', venue: 'Foro', showDate: at(6 * DAY) });
    await make('soon', {
      fullname: 'Atitlán Próximamente',
      venue: 'Online',
      status: 'SOON',
      showDate: at(7 * DAY),
    });
    await make('draft', {
      fullname: 'Atitlán en borrador',
      venue: 'Online',
      status: 'NEW',
      tags: ['musica'],
      showDate: at(8 * DAY),
    });
    await make('pastAtitlan', {
      fullname: 'Atitlán del año pasado',
      venue: 'Online',
      status: 'CLOSED',
      showDate: at(-300 * DAY),
    });
  });
  afterAll(() => t.close());

  describe('q', () => {
    it('finds a name or venue written without its accent, whatever the case', async () => {
      expect(await list('?q=atitlan')).toEqual(['lago', 'soon']);
      expect(await list(`?q=${encodeURIComponent('ATITLÁN')}`)).toEqual(['lago', 'soon']);
    });

    it('finds a show by its venue name, words in any order', async () => {
      expect(await list('?q=teatro%20nacional')).toEqual(['hamlet']);
      expect(await list('?q=Nacional%20TEATRO')).toEqual(['hamlet']);
      expect(await list('?q=efrain')).toEqual(['marimba']);
    });

    it('finds a show by its name, ñ and accents folded', async () => {
      expect(await list('?q=hamlet')).toEqual(['hamlet']);
      expect(await list('?q=nino%20pena')).toEqual(['pena']);
      expect(await list(`?q=${encodeURIComponent('ñu')}`)).toEqual(['pena']);
    });

    it('needs every word to match', async () => {
      expect(await list('?q=hamlet%20atitlan')).toEqual([]);
      expect(await list('?q=rock%20foro')).toEqual(['rock100', 'rock1000']);
    });

    it('treats % and _ as plain characters, not wildcards', async () => {
      expect(await list('?q=100%25')).toEqual(['rock100']);
      expect(await list('?q=1_0')).toEqual([]);
    });

    it('narrows the other filters rather than replacing them', async () => {
      expect(await list('?q=atitlan&status=SOON')).toEqual(['soon']);
      expect(await list('?q=atitlan&filter=PAST')).toEqual(['pastAtitlan']);
      expect(await list('?q=atitlan&filter=ALL&status=NEW')).toEqual([]);
    });

    it('rejects a query longer than 100 characters, naming q', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/shows?q=${'a'.repeat(101)}` });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
        'q',
      ]);
    });
  });

  describe('tags', () => {
    it('keeps shows having any of the tags', async () => {
      expect(await list('?tags=musica')).toEqual(['lago', 'marimba']);
      expect(await list('?tags=drama,marimba')).toEqual(['hamlet', 'marimba']);
      expect(await list('?tags=flamenco')).toEqual([]);
    });

    it('compares tags in lower case and ignores empty items', async () => {
      expect(await list('?tags=%20DRAMA%20,,')).toEqual(['hamlet']);
    });

    it('combines with q', async () => {
      expect(await list('?tags=musica&q=marimba')).toEqual(['marimba']);
      expect(await list('?tags=teatro&q=marimba')).toEqual([]);
    });

    it('never lists a draft, even with its tag', async () => {
      expect(await list('?tags=musica&filter=ALL&status=NEW,ACTIVE')).toEqual(['lago', 'marimba']);
    });
  });

  describe('search_text', () => {
    it('is folded by the database exactly as the domain folds a query', async () => {
      const db = t.database.db;
      const show = await createShow(db, { fullname: SEARCH_FOLD_FROM, venue: 'Zona 1 ÑANDÚ' });
      const row = await db.show.findUniqueOrThrow({ where: { id: show.id } });
      expect(row.searchText).toBe(foldForSearch(`${SEARCH_FOLD_FROM} Zona 1 ÑANDÚ`));
      expect(row.searchText).toMatch(/^[a-z0-9 ]+$/);
    });

    it('follows a renamed show', async () => {
      const db = t.database.db;
      const show = await createShow(db, { fullname: 'Nombre Viejo', showDate: at(DAY) });
      await db.show.update({ where: { id: show.id }, data: { fullname: 'Función Renombrada' } });
      await t.app.catalogueCache.invalidateAll();
      const found = await list('?q=funcion%20renombrada');
      expect(found).toEqual([show.id]);
      expect(await list('?q=nombre%20viejo')).toEqual([]);
    });
  });
});
