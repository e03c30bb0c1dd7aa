import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { callAs } from '../../helpers/http.ts';
import { createWatchShow, playback } from '../../helpers/watch.ts';

const NOW = new Date();
const CODE_SHAPE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

interface Code {
  _id: string;
  code: string;
  expires_on: string | null;
  active: boolean;
}

describe('organiser access codes (POST|GET /admin/shows/{id}/access-codes)', () => {
  let t: TestApp;
  let people: Organisers;
  let nologinId: string;
  let passwordId: string;
  let paidId: string;

  const url = (showId: string, query = '') => `/admin/shows/${showId}/access-codes${query}`;
  const create = (who: LoggedIn | null, showId: string, payload: object) =>
    callAs(t, who, 'POST', url(showId), payload);
  const list = (who: LoggedIn, showId: string, query = '') =>
    callAs(t, who, 'GET', url(showId, query));
  /** A no-login show of producer A (the one logged in as producerUserA). */
  const nologinShowOfA = () =>
    createWatchShow(t, { producerId: people.producerA, settings: { nologin: true } });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    people = await createOrganisers(t);
    const ofA = { producerId: people.producerA };
    nologinId = (await nologinShowOfA()).id;
    passwordId = (await createWatchShow(t, { ...ofA, settings: { security: 'clave' } })).id;
    paidId = (await createWatchShow(t, { ...ofA, paid: true })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the show’s producer and an admin generate codes, and no one else', async () => {
    expect((await create(null, nologinId, { quantity: 1 })).statusCode).toBe(401);
    expect((await create(people.viewer, nologinId, { quantity: 1 })).statusCode).toBe(403);
    const other = await create(people.producerUserB, nologinId, { quantity: 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('SHOW_NOT_FOUND');
    for (const who of [people.producerUserA, people.admin]) {
      const res = await create(who, nologinId, { quantity: 2 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().items).toHaveLength(2);
    }
    // Refused calls wrote nothing: two batches of two.
    expect(await t.database.db.accessCode.count({ where: { showId: nologinId } })).toBe(4);
  });

  it('makes unique eight-character codes of the unambiguous alphabet that open the player', async () => {
    const expires = new Date(NOW.getTime() + 7 * 86_400_000).toISOString();
    const res = await create(people.producerUserA, passwordId, {
      quantity: 300,
      expires_on: expires,
    });
    expect(res.statusCode, res.body).toBe(201);
    const items = res.json().items as Code[];
    expect(items).toHaveLength(300);
    expect(new Set(items.map((c) => c.code)).size).toBe(300);
    for (const item of items) {
      expect(item.code).toMatch(CODE_SHAPE);
      expect(item).toMatchObject({ expires_on: expires, active: true, show_uid: passwordId });
    }
    const opened = await playback(t, passwordId, { code: items[0]?.code.toLowerCase() });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ mode: 'password', code: items[0]?.code });
  });

  it('takes ORGANISER-API.md’s "count" too, but exactly one of the two', async () => {
    const res = await create(people.admin, nologinId, { count: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items).toHaveLength(3);
    for (const payload of [
      {},
      { quantity: 1, count: 1 },
      { quantity: 0 },
      { quantity: 5001 },
      { quantity: 1, extra: true },
    ]) {
      expect(
        (await create(people.admin, nologinId, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(422);
    }
  });

  it('refuses an expiry in the past', async () => {
    const res = await create(people.admin, nologinId, {
      quantity: 1,
      expires_on: new Date(NOW.getTime() - 1000).toISOString(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual([
      { field: 'expires_on', message: 'La fecha de vencimiento debe ser futura' },
    ]);
  });

  it('refuses a show that does not use access codes (409)', async () => {
    const res = await create(people.producerUserA, paidId, { quantity: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('ACCESS_CODES_NOT_APPLICABLE');
    expect(await t.database.db.accessCode.count({ where: { showId: paidId } })).toBe(0);
  });

  it('audits each batch with who made it, how many and until when, not the codes', async () => {
    const show = await nologinShowOfA();
    await create(people.producerUserA, show.id, { quantity: 4 });
    const rows = await t.database.db.auditLog.findMany({ where: { entityId: show.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: people.producerUserA.userId,
      action: 'access_code.create',
      entityType: 'show',
      after: { quantity: 4, expires_on: null },
    });
  });

  it('lists a show’s codes by pages, newest first, with the total, to its organisers only', async () => {
    const show = await nologinShowOfA();
    const first = (await create(people.producerUserA, show.id, { quantity: 3 })).json()
      .items as Code[];
    const second = (await create(people.producerUserA, show.id, { quantity: 2 })).json()
      .items as Code[];
    const page1 = await list(people.producerUserA, show.id, '?page=1&page_size=2');
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json()).toMatchObject({ total: 5, page: 1, page_size: 2 });
    const all = [
      ...page1.json().items,
      ...(await list(people.producerUserA, show.id, '?page=2&page_size=2')).json().items,
      ...(await list(people.producerUserA, show.id, '?page=3&page_size=2')).json().items,
    ] as Code[];
    expect(all.map((c) => c.code).sort()).toEqual([...first, ...second].map((c) => c.code).sort());
    expect(new Set(all.slice(0, 2).map((c) => c.code))).toEqual(new Set(second.map((c) => c.code)));
    expect((await list(people.producerUserB, show.id)).statusCode).toBe(404);
    expect((await list(people.viewer, show.id)).statusCode).toBe(403);
    expect((await list(people.admin, show.id, '?page_size=501')).statusCode).toBe(422);
  });

  it('downloads every code as CSV with its expiry and whether it still opens the show', async () => {
    const show = await nologinShowOfA();
    const made = (await create(people.producerUserA, show.id, { quantity: 3 })).json()
      .items as Code[];
    const past = new Date(NOW.getTime() - 1000);
    await t.database.db.accessCode.update({
      where: { id: made[0]?._id },
      data: { revokedAt: past },
    });
    const res = await list(people.producerUserA, show.id, '?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="codigos-de-acceso-${show.id}.csv"`,
    );
    const [header, ...lines] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('code,expires_on,active,created_at,used_at');
    expect(lines).toHaveLength(3);
    const byCode = new Map(lines.map((line) => [line.split(',')[0], line.split(',')]));
    for (const code of made) {
      const row = byCode.get(code.code);
      expect(row?.[1]).toBe('');
      expect(row?.[2]).toBe(code._id === made[0]?._id ? 'false' : 'true');
    }
    expect((await list(people.producerUserB, show.id, '?format=csv')).statusCode).toBe(404);
  });

  it('says when a code was first used: its first presence record in the show, not another show’s', async () => {
    const show = await nologinShowOfA();
    const other = await nologinShowOfA();
    const made = (await create(people.producerUserA, show.id, { quantity: 3 })).json()
      .items as Code[];
    expect(made.every((c) => (c as Code & { used_at: unknown }).used_at === null)).toBe(true);
    const [watched, elsewhere] = made;
    const first = new Date(NOW.getTime() - 600_000);
    const later = new Date(NOW.getTime() - 300_000);
    await t.database.db.presenceRecord.createMany({
      data: [
        { showId: show.id, code: watched?.code, recordedAt: later },
        { showId: show.id, code: watched?.code, recordedAt: first },
        { showId: other.id, code: elsewhere?.code, recordedAt: first },
      ],
    });
    const page = await list(people.producerUserA, show.id);
    expect(page.statusCode, page.body).toBe(200);
    const usedAt = new Map(
      (page.json().items as (Code & { used_at: string | null })[]).map((c) => [c.code, c.used_at]),
    );
    expect(usedAt.get(watched?.code ?? '')).toBe(first.toISOString());
    expect(usedAt.get(elsewhere?.code ?? '')).toBeNull();

    const csv = await list(people.producerUserA, show.id, '?format=csv');
    const rows = csv.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows.find((row) => row[0] === watched?.code)?.[4]).toBe(first.toISOString());
    expect(rows.find((row) => row[0] === elsewhere?.code)?.[4]).toBe('');
  });
});
