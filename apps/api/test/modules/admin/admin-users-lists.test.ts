import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const NEW_PASSWORD = 'Clave-Productora-2027';

interface UserBody {
  _id: string;
  email: string;
  fullname: string;
  roles: string[];
  producer: { _id: string; name: string; slug: string } | null;
  email_verified: boolean;
  created: string;
}
interface ProducerItem {
  _id: string;
  name: string;
  slug: string;
  email: string | null;
  phone: string | null;
  users: number;
  shows: number;
  created: string;
}

const fieldsOf = (body: unknown) =>
  ((body as { fields?: { field: string }[] }).fields ?? []).map((f) => f.field);
const unique = () => randomBytes(4).toString('hex');
const newEmail = (who = 'persona') => `${who}-${unique()}@taquilla.test`;

describe('organiser API: account and producer lists', () => {
  let t: TestApp;
  let o: Organisers;

  const send = (who: LoggedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const createAccount = (payload: object) => send(o.admin, 'POST', '/admin/users', payload);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  describe('GET /admin/users', () => {
    it('lists accounts newest first, filtered by role and by text in the e-mail or name', async () => {
      const tag = unique();
      const created: UserBody[] = [];
      try {
        for (const [i, role] of (['Producer', 'Admin', 'Producer'] as const).entries()) {
          t.setNow(new Date(NOW.getTime() + (i + 1) * 60_000));
          const res = await createAccount({
            email: `lista-${i}-${tag}@taquilla.test`,
            fullname: `Persona Lista${tag} ${i}`,
            role,
            password: NEW_PASSWORD,
            ...(role === 'Producer' ? { producer_uid: o.producerB } : {}),
          });
          expect(res.statusCode, res.body).toBe(201);
          created.push(res.json() as UserBody);
        }
      } finally {
        t.setNow(NOW);
      }
      const list = async (query: string) => {
        const res = await send(o.admin, 'GET', `/admin/users${query}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain('scrypt');
        return (res.json() as { items: UserBody[] }).items;
      };

      const byName = await list(`?q=LISTA${tag.toUpperCase()}`);
      expect(byName.map((u) => u._id)).toEqual([created[2]?._id, created[1]?._id, created[0]?._id]);
      expect(byName[0]).toEqual(created[2]);
      const byEmail = await list(`?q=lista-1-${tag}`);
      expect(byEmail.map((u) => u._id)).toEqual([created[1]?._id]);
      const producers = await list(`?role=Producer&q=${tag}`);
      expect(producers.map((u) => u._id)).toEqual([created[2]?._id, created[0]?._id]);
      const everyProducer = await list('?role=Producer');
      expect(everyProducer.every((u) => u.roles.includes('Producer'))).toBe(true);
      const viewers = await list('?role=Viewer');
      expect(viewers.map((u) => u._id)).toContain(o.viewer.userId);
      expect(viewers.every((u) => u.roles.includes('Viewer'))).toBe(true);

      const bad = await send(o.admin, 'GET', '/admin/users?role=Superadmin');
      expect(bad.statusCode).toBe(422);
      expect(fieldsOf(bad.json())).toEqual(['role']);

      const second = await send(o.admin, 'GET', `/admin/users?q=${tag}&page=2&page_size=2`);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toMatchObject({ total: 3, page: 2, page_size: 2 });
      expect((second.json() as { items: UserBody[] }).items.map((u) => u._id)).toEqual([
        created[0]?._id,
      ]);
      const ofB = await list(`?producer_uid=${o.producerB}&q=${tag}`);
      expect(ofB.map((u) => u._id)).toEqual([created[2]?._id, created[0]?._id]);
      const tooBig = await send(o.admin, 'GET', '/admin/users?page_size=201');
      expect(fieldsOf(tooBig.json())).toEqual(['page_size']);
    });
  });

  describe('GET /admin/producers', () => {
    it('lists producers by name with how many accounts and shows each has', async () => {
      const tag = unique();
      const make = async (name: string) => {
        const res = await createAccount({
          email: newEmail(),
          fullname: 'Dueña',
          role: 'Producer',
          password: NEW_PASSWORD,
          producer: { name, email: 'hola@example.gt', phone: '2222-3333' },
        });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as UserBody).producer?._id ?? '';
      };
      const zeta = await make(`Zeta ${tag}`);
      const alfa = await make(`Alfa ${tag}`);
      const second = await createAccount({
        email: newEmail(),
        fullname: 'Colega',
        role: 'Producer',
        password: NEW_PASSWORD,
        producer_uid: zeta,
      });
      expect(second.statusCode).toBe(201);
      await createShow(t.database.db, { producerId: zeta });
      await createShow(t.database.db, { producerId: zeta });
      await createShow(t.database.db, { producerId: zeta });

      const res = await send(o.admin, 'GET', '/admin/producers');
      expect(res.statusCode, res.body).toBe(200);
      const items = (res.json() as { items: ProducerItem[] }).items;
      const ids = items.map((p) => p._id);
      expect(ids.indexOf(alfa)).toBeLessThan(ids.indexOf(zeta));
      expect(items.find((p) => p._id === zeta)).toEqual({
        _id: zeta,
        name: `Zeta ${tag}`,
        slug: `zeta-${tag}`,
        email: 'hola@example.gt',
        phone: '2222-3333',
        users: 2,
        shows: 3,
        created: NOW.toISOString(),
      });
      expect(items.find((p) => p._id === alfa)).toMatchObject({ users: 1, shows: 0 });
    });
  });

  describe('PATCH /admin/producers/{id}', () => {
    it('renames a producer and changes its contact, keeping its slug, with an audit row', async () => {
      const { slug } = await t.database.db.producer.findUniqueOrThrow({
        where: { id: o.producerA },
      });
      const url = `/admin/producers/${o.producerA}`;
      const res = await send(o.admin, 'PATCH', url, {
        name: '  Producciones Ñandú  ',
        email: 'Hola@Nandu.GT',
        phone: '',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        _id: o.producerA,
        name: 'Producciones Ñandú',
        slug,
        email: 'hola@nandu.gt',
        phone: null,
      });
      const audit = await t.database.db.auditLog.findFirstOrThrow({
        where: { action: 'producer.update', entityId: o.producerA },
      });
      expect(audit.actorUserId).toBe(o.admin.userId);
      expect(audit.after).toEqual(res.json());
      expect((audit.before as { name: string }).name).not.toBe('Producciones Ñandú');

      const producer = await send(o.producerUserA, 'PATCH', url, { name: 'Mía' });
      expect(producer.statusCode).toBe(403);
      const unknown = await send(o.admin, 'PATCH', '/admin/producers/nada', { name: 'X' });
      expect(unknown.json().error).toBe('PRODUCER_NOT_FOUND');
      const missing = '0194f1c2-0000-7000-8000-000000000000';
      const gone = await send(o.admin, 'PATCH', `/admin/producers/${missing}`, { name: 'X' });
      expect(gone.statusCode).toBe(404);
      const bad = await send(o.admin, 'PATCH', url, { name: '', slug: 'otra' });
      expect(bad.statusCode).toBe(422);
      // The slug is not editable: an unknown key, named in the root's message.
      expect(fieldsOf(bad.json()).sort()).toEqual(['(raíz)', 'name']);
      expect(bad.body).toContain('slug');
    });
  });
});
