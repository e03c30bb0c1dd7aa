import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCart, createShow } from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { MISSING, fieldsOf, newCode, promoCodeClient } from '../../helpers/promo-codes.ts';
import type { ErrorBody, PromoAnswer } from '../../helpers/promo-codes.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

describe('organiser API: promo codes (GET, PATCH)', () => {
  let t: TestApp;
  let o: Organisers;
  const { send, created, patch, list, auditOf, rowOf } = promoCodeClient(() => t);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  describe('GET /admin/promo-codes and /admin/promo-codes/{id}', () => {
    it('lists the caller’s codes only, newest first, by q, active and show_uid', async () => {
      const db = t.database.db;
      const tag = newCode('LISTA');
      const s1 = await createShow(db, { producerId: o.producerA });
      const date = await createShow(db, { producerId: o.producerA, parentShowId: s1.id });
      const s2 = await createShow(db, { producerId: o.producerA });
      const foreign = await createShow(db, { producerId: o.producerB });
      let made = 0;
      const make = async (who: LoggedIn, name: string, extra: object) => {
        const { _id, code } = await created(who, {
          code: `${tag}-${name}`,
          discount_type: 'PERCENT',
          discount_value: 10,
          ...extra,
        });
        // One second apart, so "newest first" does not hang on the clock's milliseconds.
        made += 1;
        await db.promoCode.update({
          where: { id: _id },
          data: { createdAt: new Date(Date.UTC(2027, 0, 1, 0, 0, made)) },
        });
        return code;
      };
      const all = await make(o.producerUserA, 'TODOS', {});
      const onlyS1 = await make(o.producerUserA, 'UNO', { show_uids: [s1.id] });
      const onlyS2 = await make(o.producerUserA, 'DOS', { show_uids: [s2.id] });
      const off = await make(o.producerUserA, 'APAGADO', { active: false });
      const otherProducer = await make(o.producerUserB, 'AJENO', {});
      const codes = (items: PromoAnswer[]) => items.map((item) => item.code);

      const q = `q=${tag.toLowerCase()}`;
      expect(codes(await list(o.producerUserA, q))).toEqual([off, onlyS2, onlyS1, all]);
      expect(codes(await list(o.producerUserB, q))).toEqual([otherProducer]);
      expect(codes(await list(o.admin, q))).toHaveLength(5);
      expect(codes(await list(o.admin, `${q}&producer=${o.producerB}`))).toEqual([otherProducer]);
      expect(codes(await list(o.producerUserA, `${q}&active=false`))).toEqual([off]);
      expect(codes(await list(o.producerUserA, `${q}&active=true`))).toEqual([onlyS2, onlyS1, all]);
      expect(codes(await list(o.producerUserA, `${q}&show_uid=${s1.id}`))).toEqual([
        off,
        onlyS1,
        all,
      ]);
      // A date is covered by the codes of its parent.
      expect(codes(await list(o.producerUserA, `${q}&show_uid=${date.id}`))).toEqual([
        off,
        onlyS1,
        all,
      ]);
      // Another producer's show is unknown to this caller.
      expect(await list(o.producerUserA, `${q}&show_uid=${foreign.id}`)).toEqual([]);
      const bad = await send(o.producerUserA, 'GET', '/admin/promo-codes?active=maybe');
      expect(bad.statusCode).toBe(422);
      expect(fieldsOf(bad.json())).toEqual(['active']);
    });

    it('answers a code to its producer and to an admin; 404 to another producer', async () => {
      const code = await created(o.producerUserA, {
        code: newCode(),
        discount_type: 'FIXED',
        discount_value: 99.99,
      });
      const own = await send(o.producerUserA, 'GET', `/admin/promo-codes/${code._id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(code);
      const admin = await send(o.admin, 'GET', `/admin/promo-codes/${code._id}`);
      expect(admin.json()).toMatchObject({ _id: code._id, discount_value: 99.99 });
      for (const url of [
        `/admin/promo-codes/${code._id}`,
        `/admin/promo-codes/${MISSING}`,
        '/admin/promo-codes/no-es-un-id',
      ]) {
        const res = await send(o.producerUserB, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({
          error: 'PROMO_CODE_NOT_FOUND',
          message: 'Código promocional no encontrado',
        });
      }
    });
  });

  describe('PATCH /admin/promo-codes/{id}', () => {
    it('changes fields, replaces show_uids whole, and audits before and after', async () => {
      const db = t.database.db;
      const [s1, s2, s3] = [
        await createShow(db, { producerId: o.producerA }),
        await createShow(db, { producerId: o.producerA }),
        await createShow(db, { producerId: o.producerA }),
      ];
      const code = await created(o.producerUserA, {
        code: newCode(),
        discount_type: 'PERCENT',
        discount_value: 20,
        show_uids: [s1!.id, s2!.id],
      });
      const res = await patch(o.producerUserA, code._id, {
        discount_type: 'FIXED',
        discount_value: 12.34,
        show_uids: [s3!.id],
        usage_limit: 3,
        active: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        discount_type: 'FIXED',
        discount_value: 12.34,
        show_uids: [s3!.id],
        usage_limit: 3,
        uses_left: 3,
        active: false,
      });
      const row = await rowOf(code._id);
      expect(row.discountValue).toBe(1234);
      expect(row.shows.map((s) => s.showId)).toEqual([s3!.id]);

      const audit = await auditOf(code._id);
      expect(audit.map((a) => a.action)).toEqual(['promo_code.create', 'promo_code.update']);
      expect(audit[1]).toMatchObject({
        actorUserId: o.producerUserA.userId,
        before: { discount_type: 'PERCENT', discount_value: 20, show_uids: code.show_uids },
        after: { discount_type: 'FIXED', discount_value: 12.34, show_uids: [s3!.id] },
      });

      const everyShow = await patch(o.producerUserA, code._id, { show_uids: [] });
      expect(everyShow.json()).toMatchObject({ show_uids: [], discount_value: 12.34 });
      expect((await rowOf(code._id)).shows).toEqual([]);
    });

    it('answers 404 for another producer’s code and leaves it as it was', async () => {
      const code = await created(o.producerUserA, {
        code: newCode(),
        discount_type: 'PERCENT',
        discount_value: 10,
      });
      const res = await patch(o.producerUserB, code._id, { active: false });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'PROMO_CODE_NOT_FOUND' });
      expect((await rowOf(code._id)).active).toBe(true);
      expect(await auditOf(code._id)).toHaveLength(1);
      const byAdmin = await patch(o.admin, code._id, { active: false });
      expect(byAdmin.json()).toMatchObject({ active: false });
    });

    it('judges a partial change against the stored code: 422 naming the field, nothing written', async () => {
      const db = t.database.db;
      const s1 = await createShow(db, { producerId: o.producerA });
      const foreign = await createShow(db, { producerId: o.producerB });
      const code = await created(o.producerUserA, {
        code: newCode(),
        discount_type: 'PERCENT',
        discount_value: 10,
        show_uids: [s1.id],
        valid_since: '2027-03-01T00:00:00Z',
        usage_limit: 10,
      });
      await db.promoCode.update({ where: { id: code._id }, data: { usedCount: 4 } });
      const cases: [string, object, string[]][] = [
        ['percent above 100', { discount_value: 150 }, ['discount_value']],
        ['new type without a value', { discount_type: 'FIXED' }, ['discount_value']],
        ['ends before the stored start', { valid_thru: '2027-02-01T00:00:00Z' }, ['valid_thru']],
        ['limit below the uses', { usage_limit: 3 }, ['usage_limit']],
        ['show of another producer', { active: false, show_uids: [foreign.id] }, ['show_uids.0']],
        ['the producer', { producer: o.producerB }, []],
        ['nothing', {}, []],
      ];
      for (const [name, body, fields] of cases) {
        const res = await patch(o.producerUserA, code._id, body);
        expect(res.statusCode, name).toBe(422);
        expect((res.json() as ErrorBody).error, name).toBe('VALIDATION_ERROR');
        if (fields.length > 0) expect(fieldsOf(res.json()), name).toEqual(fields);
      }
      const row = await rowOf(code._id);
      expect(row).toMatchObject({ discountValue: 10, active: true, usageLimit: 10, usedCount: 4 });
      expect(row.shows.map((s) => s.showId)).toEqual([s1.id]);
      expect(await auditOf(code._id)).toHaveLength(1);

      const exact = await patch(o.producerUserA, code._id, { usage_limit: 4 });
      expect(exact.json()).toMatchObject({ usage_limit: 4, used_count: 4, uses_left: 0 });
      const unlimited = await patch(o.producerUserA, code._id, { usage_limit: null });
      expect(unlimited.json()).toMatchObject({ usage_limit: null, uses_left: null });
    });

    it('renames a code while it was never used; refuses once used (422) and to a taken code (409)', async () => {
      const db = t.database.db;
      const taken = await created(o.producerUserB, {
        code: newCode(),
        discount_type: 'PERCENT',
        discount_value: 5,
      });
      const code = await created(o.producerUserA, {
        code: newCode(),
        discount_type: 'PERCENT',
        discount_value: 10,
      });
      const renamed = newCode('NUEVO');
      const ok = await patch(o.producerUserA, code._id, { code: ` ${renamed.toLowerCase()} ` });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ code: renamed });

      const clash = await patch(o.producerUserA, code._id, { code: taken.code.toLowerCase() });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ error: 'PROMO_CODE_TAKEN' });
      expect((await rowOf(code._id)).code).toBe(renamed);

      // Applied to a cart (a buyer sees it by name and removes it by name): fixed.
      const cart = await createCart(db);
      const applied = await db.promoCodeApplication.create({
        data: { promoCodeId: code._id, cartId: cart.id, discountAmount: 0 },
      });
      const inCart = await patch(o.producerUserA, code._id, { code: newCode() });
      expect(inCart.statusCode).toBe(422);
      expect(fieldsOf(inCart.json())).toEqual(['code']);
      await db.promoCodeApplication.delete({ where: { id: applied.id } });
      await db.promoCode.update({ where: { id: code._id }, data: { usedCount: 1 } });
      const used = await patch(o.producerUserA, code._id, { code: newCode() });
      expect(used.statusCode).toBe(422);
      expect(fieldsOf(used.json())).toEqual(['code']);
      // The same code again is no change, and other fields still change.
      const same = await patch(o.producerUserA, code._id, { code: renamed, active: false });
      expect(same.statusCode, same.body).toBe(200);
      expect((await rowOf(code._id)).code).toBe(renamed);
      expect((await auditOf(code._id)).map((a) => a.action)).toEqual([
        'promo_code.create',
        'promo_code.update',
        'promo_code.update',
      ]);
    });
  });
});
