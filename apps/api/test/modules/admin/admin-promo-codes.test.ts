import { randomBytes } from 'node:crypto';
import { adminPromoCodeEndpoints } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow } from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { MISSING, fieldsOf, newCode, promoCodeClient } from '../../helpers/promo-codes.ts';
import type { ErrorBody, PromoAnswer } from '../../helpers/promo-codes.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

describe('organiser API: promo codes (who, POST)', () => {
  let t: TestApp;
  let o: Organisers;
  const { send, create, created, auditOf, rowOf, counts } = promoCodeClient(() => t);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  describe('who may call it', () => {
    const routes = (
      id: string,
    ): Record<keyof typeof adminPromoCodeEndpoints, [string, string]> => ({
      createPromoCode: ['POST', '/admin/promo-codes'],
      listPromoCodes: ['GET', '/admin/promo-codes'],
      getPromoCode: ['GET', `/admin/promo-codes/${id}`],
      updatePromoCode: ['PATCH', `/admin/promo-codes/${id}`],
    });

    it('covers every endpoint of the contract’s promo-code table', () => {
      const table = routes(':id');
      for (const [name, endpoint] of Object.entries(adminPromoCodeEndpoints)) {
        expect(table[name as keyof typeof table], name).toEqual([endpoint.method, endpoint.path]);
      }
    });

    it('answers 401 without a session and 403 to a viewer, before reading the body, writing nothing', async () => {
      const code = await created(o.producerUserA, {
        code: newCode(),
        discount_type: 'PERCENT',
        discount_value: 10,
      });
      const before = await counts();
      for (const [name, [method, url]] of Object.entries(routes(code._id))) {
        const payload =
          method === 'GET'
            ? undefined
            : { code: newCode(), discount_type: 'PERCENT', discount_value: 5 };
        const m = method as 'GET' | 'POST' | 'PATCH';
        const anonymous = await send(null, m, url, payload);
        expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
        const viewer = await send(o.viewer, m, url, payload);
        expect(viewer.statusCode, `${name} viewer`).toBe(403);
        expect(viewer.json()).toMatchObject({ error: 'FORBIDDEN' });
        if (method !== 'GET') {
          const junk = await send(o.viewer, m, url, { junk: true });
          expect(junk.statusCode, `${name} viewer with junk`).toBe(403);
        }
      }
      expect(await counts()).toEqual(before);
      expect((await rowOf(code._id)).discountValue).toBe(10);
    });
  });

  describe('POST /admin/promo-codes', () => {
    it('a producer creates its own code: trimmed and upper-cased, FIXED as centavos, audited', async () => {
      const db = t.database.db;
      const [s1, s2] = [
        await createShow(db, { producerId: o.producerA }),
        await createShow(db, { producerId: o.producerA }),
      ];
      const suffix = randomBytes(3).toString('hex');
      const res = await create(o.producerUserA, {
        code: `  verano_${suffix}  `,
        discount_type: 'FIXED',
        discount_value: 25.5,
        show_uids: [s2!.id, s1!.id],
        valid_since: '2027-03-01T00:00:00-06:00',
        valid_thru: '2027-04-01T00:00:00.000Z',
        usage_limit: 50,
      });
      expect(res.statusCode, res.body).toBe(201);
      const code = res.json() as PromoAnswer;
      expect(code).toMatchObject({
        code: `VERANO_${suffix.toUpperCase()}`,
        discount_type: 'FIXED',
        discount_value: 25.5,
        show_uids: [s1!.id, s2!.id].sort(),
        valid_since: '2027-03-01T06:00:00.000Z',
        valid_thru: '2027-04-01T00:00:00.000Z',
        usage_limit: 50,
        used_count: 0,
        uses_left: 50,
        active: true,
        producer_uid: o.producerA,
      });
      expect(typeof code.createdAt).toBe('string');
      const row = await rowOf(code._id);
      expect(row).toMatchObject({ discountValue: 2550, producerId: o.producerA, usageLimit: 50 });
      expect(row.shows.map((s) => s.showId)).toEqual([s1!.id, s2!.id].sort());

      const audit = await auditOf(code._id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'promo_code.create',
        entityType: 'promo_code',
        actorUserId: o.producerUserA.userId,
        before: null,
        after: { _id: code._id, discount_value: 25.5, code: code.code },
      });
    });

    it('a PERCENT code keeps the whole percent; defaults: every show, no window, unlimited, active', async () => {
      const code = await created(o.producerUserA, {
        code: newCode(),
        discount_type: 'PERCENT',
        discount_value: 15,
      });
      expect(code).toMatchObject({
        discount_value: 15,
        show_uids: [],
        valid_since: null,
        valid_thru: null,
        usage_limit: null,
        uses_left: null,
        active: true,
      });
      expect((await rowOf(code._id)).discountValue).toBe(15);
    });

    it('an admin must name an existing producer; a producer may not name another', async () => {
      const body = { discount_type: 'PERCENT', discount_value: 10 };
      const missing = await create(o.admin, { ...body, code: newCode() });
      expect(missing.statusCode).toBe(422);
      expect(fieldsOf(missing.json())).toEqual(['producer']);
      const unknown = await create(o.admin, { ...body, code: newCode(), producer: MISSING });
      expect(fieldsOf(unknown.json())).toEqual(['producer']);
      const other = await create(o.producerUserA, {
        ...body,
        code: newCode(),
        producer: o.producerB,
      });
      expect(other.statusCode).toBe(422);
      expect(fieldsOf(other.json())).toEqual(['producer']);
      const ok = await created(o.admin, { ...body, code: newCode(), producer: o.producerB });
      expect(ok.producer_uid).toBe(o.producerB);
      expect((await auditOf(ok._id))[0]?.actorUserId).toBe(o.admin.userId);
    });

    it('answers 422 {error, message, fields} naming the bad field, writing nothing', async () => {
      const ownShow = await createShow(t.database.db, { producerId: o.producerA });
      const foreignShow = await createShow(t.database.db, { producerId: o.producerB });
      const base = { discount_type: 'PERCENT', discount_value: 10 };
      const cases: [string, object, string[]][] = [
        ['PERCENT 0', { discount_value: 0 }, ['discount_value']],
        ['PERCENT 101', { discount_value: 101 }, ['discount_value']],
        ['PERCENT 12.5', { discount_value: 12.5 }, ['discount_value']],
        [
          'FIXED 3 decimals',
          { discount_type: 'FIXED', discount_value: 10.005 },
          ['discount_value'],
        ],
        ['FIXED 0', { discount_type: 'FIXED', discount_value: 0 }, ['discount_value']],
        ['unknown type', { discount_type: 'FREE' }, ['discount_type']],
        [
          'window backwards',
          { valid_since: '2027-05-01T00:00:00Z', valid_thru: '2027-04-01T00:00:00Z' },
          ['valid_thru'],
        ],
        [
          'empty window',
          { valid_since: '2027-05-01T00:00:00Z', valid_thru: '2027-05-01T00:00:00Z' },
          ['valid_thru'],
        ],
        ['usage_limit 0', { usage_limit: 0 }, ['usage_limit']],
        ['code with a space', { code: 'DOS PALABRAS' }, ['code']],
        ['code of 41', { code: 'A'.repeat(41) }, ['code']],
        ['show of another producer', { show_uids: [ownShow.id, foreignShow.id] }, ['show_uids.1']],
        ['unknown show', { show_uids: [MISSING] }, ['show_uids.0']],
        ['show twice', { show_uids: [ownShow.id, ownShow.id] }, ['show_uids.1']],
      ];
      const before = await counts();
      for (const [name, change, fields] of cases) {
        const res = await create(o.producerUserA, { ...base, code: newCode(), ...change });
        expect(res.statusCode, name).toBe(422);
        const body = res.json() as ErrorBody;
        expect(body.error, name).toBe('VALIDATION_ERROR');
        expect(typeof body.message, name).toBe('string');
        expect(fieldsOf(body), name).toEqual(fields);
      }
      const extra = await create(o.producerUserA, { ...base, code: newCode(), colour: 'red' });
      expect(extra.statusCode).toBe(422);
      expect(JSON.stringify(extra.json())).toContain('colour');
      expect(await counts()).toEqual(before);
    });

    it('answers 409 for a taken code, also in another case or with spaces, writing nothing', async () => {
      const code = newCode('FIESTA');
      await created(o.producerUserA, { code, discount_type: 'PERCENT', discount_value: 10 });
      const before = await counts();
      for (const [who, spelling] of [
        [o.producerUserA, code],
        [o.producerUserB, `  ${code.toLowerCase()} `],
      ] as const) {
        const res = await create(who, {
          code: spelling,
          discount_type: 'FIXED',
          discount_value: 5,
        });
        expect(res.statusCode, spelling).toBe(409);
        expect(res.json()).toEqual({
          error: 'PROMO_CODE_TAKEN',
          message: 'Ya existe un código promocional con ese código',
        });
      }
      expect(await counts()).toEqual(before);
    });

    it('ten creations of one code at once: exactly one 201, the rest 409, one row and one audit row', async () => {
      const code = newCode('CARRERA');
      const before = await counts();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          create(i % 2 ? o.producerUserA : o.producerUserB, {
            code: i % 3 ? code : code.toLowerCase(),
            discount_type: 'PERCENT',
            discount_value: 10 + i,
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      expect(await t.database.db.promoCode.count({ where: { code } })).toBe(1);
      expect(await counts()).toEqual({ codes: before.codes + 1, audit: before.audit + 1 });
    });
  });
});
