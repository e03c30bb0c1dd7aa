import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { LoggedIn } from './auth.ts';

// Shared by the promo-code tests of the organiser API (admin-promo-codes*.test.ts).

export interface ErrorBody {
  error: string;
  message: string;
  fields?: { field: string; message: string }[];
}

export interface PromoAnswer {
  _id: string;
  code: string;
  show_uids: string[];
  [key: string]: unknown;
}

export const fieldsOf = (body: unknown) => ((body as ErrorBody).fields ?? []).map((f) => f.field);

/** A code no other test uses (codes are unique across the platform). */
export const newCode = (prefix = 'PROMO') =>
  `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A well-formed id of nothing. */
export const MISSING = '0194f1c2-0000-7000-8000-000000000000';

/** HTTP calls and database reads for one test app (read lazily: it is built in beforeAll). */
export function promoCodeClient(app: () => TestApp) {
  const send = (
    who: LoggedIn | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    app().app.inject({
      method,
      url,
      headers: who ? who.headers : {},
      ...(payload ? { payload } : {}),
    });
  const create = (who: LoggedIn, body: object) => send(who, 'POST', '/admin/promo-codes', body);
  return {
    send,
    create,
    /** Creates a code and fails the test unless it is a 201. */
    created: async (who: LoggedIn, body: object): Promise<PromoAnswer> => {
      const res = await create(who, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as PromoAnswer;
    },
    patch: (who: LoggedIn, id: string, body: object) =>
      send(who, 'PATCH', `/admin/promo-codes/${id}`, body),
    list: async (who: LoggedIn, query: string) => {
      const res = await send(who, 'GET', `/admin/promo-codes?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: PromoAnswer[] }).items;
    },
    auditOf: (entityId: string) =>
      app().database.db.auditLog.findMany({ where: { entityId }, orderBy: { createdAt: 'asc' } }),
    rowOf: (id: string) =>
      app().database.db.promoCode.findUniqueOrThrow({
        where: { id },
        include: { shows: { orderBy: { showId: 'asc' } } },
      }),
    /** How many codes and promo-code audit rows exist. */
    counts: async () => ({
      codes: await app().database.db.promoCode.count(),
      audit: await app().database.db.auditLog.count({ where: { entityType: 'promo_code' } }),
    }),
  };
}
