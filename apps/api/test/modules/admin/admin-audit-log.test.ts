import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { callAs, fieldsOf } from '../../helpers/http.ts';
import { createShow } from '../../helpers/factories.ts';

interface Entry {
  _id: string;
  created: string;
  actor: { _id: string; fullname: string; email: string } | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}
interface Page {
  items: Entry[];
  total: number;
  page: number;
  page_size: number;
}

describe('organiser API: the audit log', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;
  let adminEmail: string;

  async function list(query: string, who: LoggedIn = o.admin): Promise<Page> {
    const res = await callAs(t, who, 'GET', `/admin/audit-log${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  }
  const actions = (page: Page) => page.items.map((e) => e.action);

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    const db = t.database.db;
    adminEmail = (await db.user.findUniqueOrThrow({ where: { id: o.admin.userId } })).email;
    showId = (await createShow(db, { producerId: o.producerA, fullname: 'Feria del Libro' })).id;
    const rename = await callAs(t, o.producerUserA, 'PATCH', `/admin/shows/${showId}`, {
      fullname: 'Feria del Libro 2027',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const status = await callAs(t, o.admin, 'PUT', `/admin/shows/${showId}/status`, {
      status: 'HIDDEN',
    });
    expect(status.statusCode, status.body).toBe(200);
    const account = await callAs(t, o.admin, 'POST', '/admin/users', {
      email: 'nueva.productora@example.gt',
      fullname: 'Nueva Productora',
      role: 'Producer',
      password: 'Clave-Organizadora-2027',
      producer: { name: 'Producciones Bitácora' },
    });
    expect(account.statusCode, account.body).toBe(201);
    // Two older entries, on days of their own (Guatemala time).
    await db.auditLog.createMany({
      data: [
        {
          actorUserId: o.admin.userId,
          action: 'promo_code.create',
          entityType: 'promo_code',
          entityId: 'antiguo-1',
          createdAt: new Date('2026-01-10T05:00:00Z'), // 9 Jan, 23:00 in Guatemala
        },
        {
          actorUserId: null,
          action: 'promo_code.update',
          entityType: 'promo_code',
          entityId: 'antiguo-1',
          createdAt: new Date('2026-01-10T07:00:00Z'), // 10 Jan, 01:00
        },
      ],
    });
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const producer = await callAs(t, o.producerUserA, 'GET', '/admin/audit-log');
    expect(producer.statusCode).toBe(403);
    expect(producer.json().error).toBe('FORBIDDEN');
    expect((await callAs(t, o.viewer, 'GET', '/admin/audit-log')).statusCode).toBe(403);
    expect((await callAs(t, null, 'GET', '/admin/audit-log')).statusCode).toBe(401);
  });

  it('lists every write newest first, with who, what, before, after and the address', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 6, page: 1, page_size: 50 });
    expect(actions(page)).toEqual([
      'user.create',
      'producer.create',
      'show.status',
      'show.update',
      'promo_code.update',
      'promo_code.create',
    ]);
    const update = page.items[3] as Entry;
    expect(update).toMatchObject({
      entity_type: 'show',
      entity_id: showId,
      actor: { _id: o.producerUserA.userId, fullname: 'Usuaria de Prueba' },
      before: { fullname: 'Feria del Libro' },
      after: { fullname: 'Feria del Libro 2027' },
      ip: '127.0.0.1',
    });
    expect(page.items[0]?.before).toBeNull();
    expect(page.items[4]?.actor).toBeNull();
  });

  it('filters by entity, action, actor and dates', async () => {
    expect(actions(await list(`entity_type=show&entity_id=${showId}`))).toEqual([
      'show.status',
      'show.update',
    ]);
    expect(actions(await list('action=show'))).toEqual(['show.status', 'show.update']);
    expect(actions(await list('action=show.update'))).toEqual(['show.update']);
    expect(actions(await list('action=sho'))).toEqual([]);
    expect(actions(await list(`actor=${o.producerUserA.userId}`))).toEqual(['show.update']);
    const byEmail = await list(
      `actor=${encodeURIComponent(adminEmail.slice(0, 12).toUpperCase())}`,
    );
    expect(actions(byEmail)).toEqual([
      'user.create',
      'producer.create',
      'show.status',
      'promo_code.create',
    ]);
    expect(actions(await list('from=2026-01-10&to=2026-01-10'))).toEqual(['promo_code.update']);
    expect(actions(await list('to=2026-01-09'))).toEqual(['promo_code.create']);
    expect(actions(await list('from=2026-01-10T06:00:00Z&to=2026-01-10T07:00:00Z'))).toEqual([
      'promo_code.update',
    ]);

    const bad = await callAs(t, o.admin, 'GET', '/admin/audit-log?from=ayer&page=0');
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json()).sort()).toEqual(['from', 'page']);
  });

  it('answers pages with the total', async () => {
    const second = await list('page=2&page_size=4');
    expect(second).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(actions(second)).toEqual(['promo_code.update', 'promo_code.create']);
    const past = await list('page=3&page_size=4');
    expect(past).toMatchObject({ items: [], total: 6 });
  });
});
