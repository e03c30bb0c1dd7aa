import { adminEndpoints } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCart,
  createProducer,
  createShow,
  createTicket,
  createTicketHold,
  createTicketSale,
  createUser,
} from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, createOrganisers, login } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

interface ErrorBody {
  error: string;
  message: string;
  fields?: { field: string; message: string }[];
}

const fieldsOf = (body: unknown) => ((body as ErrorBody).fields ?? []).map((f) => f.field);

const MAP_BODY = {
  name: 'Sala',
  section_grid_rows: 1,
  section_grid_cols: 1,
  sections: [
    {
      name: 'Platea',
      type: 'SEATS',
      map_rows: 1,
      map_columns: 2,
      section_grid_row: 0,
      section_grid_col: 0,
    },
  ],
};

describe('organiser API: shows', () => {
  let t: TestApp;
  let o: Organisers;

  const send = (
    who: LoggedIn | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(who ? { headers: who.headers } : {}),
      ...(payload ? { payload } : {}),
    });

  const auditOf = (entityId: string) =>
    t.database.db.auditLog.findMany({ where: { entityId }, orderBy: { createdAt: 'asc' } });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  describe('who may call it', () => {
    /** Every /admin route with a valid body, aimed at a show of producer B. */
    async function everyRoute() {
      const show = await createShow(t.database.db, { producerId: o.producerB, showDate: at(DAY) });
      const ticket = await createTicket(t.database.db, show.id);
      const routes: Record<keyof typeof adminEndpoints, [string, string, object?]> = {
        createShow: [
          'POST',
          '/admin/shows',
          { fullname: 'Nuevo', show_date: at(DAY).toISOString(), venue: 'Sala' },
        ],
        listShows: ['GET', '/admin/shows'],
        getShow: ['GET', `/admin/shows/${show.id}`],
        updateShow: ['PATCH', `/admin/shows/${show.id}`, { fullname: 'Cambiado' }],
        deleteShow: ['DELETE', `/admin/shows/${show.id}`],
        setShowStatus: ['PUT', `/admin/shows/${show.id}/status`, { status: 'CANCELLED' }],
        listTickets: ['GET', `/admin/shows/${show.id}/tickets`],
        createTicket: [
          'POST',
          `/admin/shows/${show.id}/tickets`,
          {
            code: 'NUEVO',
            fullname: 'Nuevo',
            price: 10,
            payment_type: ['CREDIT_CARD'],
            capacity: 5,
          },
        ],
        updateTicket: ['PATCH', `/admin/shows/${show.id}/tickets/${ticket.id}`, { capacity: 5 }],
        deleteTicket: ['DELETE', `/admin/shows/${show.id}/tickets/${ticket.id}`],
        replaceMap: ['PUT', `/admin/shows/${show.id}/map`, MAP_BODY],
      };
      return { show, ticket, routes };
    }

    async function snapshot(showId: string) {
      const db = t.database.db;
      return JSON.stringify({
        show: await db.show.findUnique({ where: { id: showId } }),
        tickets: await db.ticket.findMany({ where: { showId }, orderBy: { id: 'asc' } }),
        map: await db.venueMap.findUnique({ where: { showId } }),
        shows: await db.show.count(),
        audit: await db.auditLog.count(),
      });
    }

    it('covers every endpoint of the contract’s admin table', async () => {
      const { routes } = await everyRoute();
      for (const [name, endpoint] of Object.entries(adminEndpoints)) {
        const [method, url] = routes[name as keyof typeof adminEndpoints];
        expect(method, name).toBe(endpoint.method);
        expect(url.startsWith('/admin/'), name).toBe(true);
      }
    });

    it('answers 401 to an anonymous caller and 403 to a viewer on every route, changing nothing', async () => {
      const { show, routes } = await everyRoute();
      const before = await snapshot(show.id);
      for (const [name, [method, url, payload]] of Object.entries(routes)) {
        const anonymous = await send(null, method as 'GET', url, payload);
        expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
        expect((anonymous.json() as ErrorBody).error).toBe('UNAUTHORIZED');
        const viewer = await send(o.viewer, method as 'GET', url, payload);
        expect(viewer.statusCode, `${name} viewer`).toBe(403);
        expect(viewer.json()).toEqual({
          error: 'FORBIDDEN',
          message: 'No tienes permiso para realizar esta acción',
        });
        // A viewer is refused before its body is even looked at.
        const junk = await send(o.viewer, method as 'GET', url, { junk: true });
        expect(junk.statusCode, `${name} viewer with junk`).toBe(403);
      }
      expect(await snapshot(show.id)).toBe(before);
    });

    it('answers 404 to producer A for producer B’s show and ticket on every route, changing nothing', async () => {
      const { show, routes } = await everyRoute();
      const before = await snapshot(show.id);
      for (const [name, [method, url, payload]] of Object.entries(routes)) {
        if (name === 'createShow' || name === 'listShows') continue;
        const res = await send(o.producerUserA, method as 'GET', url, payload);
        expect(res.statusCode, name).toBe(404);
        const expected = /Ticket$/.test(name) && name !== 'createTicket' && name !== 'listTickets';
        expect((res.json() as ErrorBody).error, name).toBe(
          expected ? 'TICKET_NOT_FOUND' : 'SHOW_NOT_FOUND',
        );
      }
      expect(await snapshot(show.id)).toBe(before);
      const list = await send(o.producerUserA, 'GET', '/admin/shows');
      expect((list.json() as { items: { _id: string }[] }).items.map((s) => s._id)).not.toContain(
        show.id,
      );
    });

    it('lets an admin use every route on any producer’s show', async () => {
      const { routes } = await everyRoute();
      const order: (keyof typeof adminEndpoints)[] = [
        'listShows',
        'getShow',
        'updateShow',
        'setShowStatus',
        'listTickets',
        'createTicket',
        'updateTicket',
        'replaceMap',
        'deleteTicket',
        'deleteShow',
      ];
      for (const name of order) {
        const [method, url, payload] = routes[name];
        const res = await send(o.admin, method as 'GET', url, payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(adminEndpoints[name].status);
      }
      const created = await send(o.admin, 'POST', '/admin/shows', {
        ...routes.createShow[2],
        producer: o.producerB,
      });
      expect(created.statusCode, created.body).toBe(201);
    });

    it('answers 440 for an ended session and 403 for a producer account without a producer', async () => {
      const user = await createUser(t.database.db, {
        password: TEST_PASSWORD,
        roles: ['Producer'],
      });
      const orphan = await login(t, user.email, TEST_PASSWORD, 'Producer');
      expect((await send(orphan, 'GET', '/admin/shows')).statusCode).toBe(403);
      await send(orphan, 'PUT', `/auth/sessions/${orphan.sessionId}/logout`);
      const ended = await send(orphan, 'GET', '/admin/shows');
      expect(ended.statusCode).toBe(440);
      expect((ended.json() as ErrorBody).error).toBe('SESSION_EXPIRED');
    });
  });

  describe('POST /admin/shows', () => {
    const body = {
      fullname: 'Concierto de Marimba',
      show_date: at(30 * DAY).toISOString(),
      venue: 'Teatro Nacional',
      paid: 'true',
      tags: ['música'],
      icon: 'music',
      settings: { currency: 'USD', has_map: true },
    };

    it('creates a draft of the producer’s own producer and audits it', async () => {
      const res = await send(o.producerUserA, 'POST', '/admin/shows', body);
      expect(res.statusCode, res.body).toBe(201);
      const show = res.json() as Record<string, unknown> & { _id: string };
      expect(show).toMatchObject({
        fullname: 'Concierto de Marimba',
        status: 'NEW',
        producer: o.producerA,
        paid: true,
        tags: ['música'],
        icon: 'music',
        timezone: 'America/Guatemala',
        settings: { currency: 'USD', has_map: true, max_ticket_quantity: 10 },
      });
      const row = await t.database.db.show.findUniqueOrThrow({ where: { id: show._id } });
      expect(row.producerId).toBe(o.producerA);
      const [audit, ...rest] = await auditOf(show._id);
      expect(rest).toEqual([]);
      expect(audit).toMatchObject({
        actorUserId: o.producerUserA.userId,
        action: 'show.create',
        entityType: 'show',
        before: null,
        after: { _id: show._id, fullname: 'Concierto de Marimba', status: 'NEW' },
      });
      expect(audit?.ip).toBeTruthy();
      // A draft is not public yet.
      expect((await send(null, 'GET', `/shows/${show._id}`)).statusCode).toBe(404);
    });

    it('requires an admin to name an existing producer', async () => {
      const missing = await send(o.admin, 'POST', '/admin/shows', body);
      expect(missing.statusCode).toBe(422);
      expect(fieldsOf(missing.json())).toEqual(['producer']);
      const unknown = await send(o.admin, 'POST', '/admin/shows', {
        ...body,
        producer: '0196a0b4-0000-7000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(422);
      expect(fieldsOf(unknown.json())).toEqual(['producer']);
      const ok = await send(o.admin, 'POST', '/admin/shows', { ...body, producer: o.producerB });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ producer: o.producerB });
    });

    it('refuses a producer creating for another producer', async () => {
      const res = await send(o.producerUserA, 'POST', '/admin/shows', {
        ...body,
        producer: o.producerB,
      });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res.json())).toEqual(['producer']);
    });

    it('answers 422 naming the fields: unknown settings key, unknown status, bad date, unknown field', async () => {
      const res = await send(o.producerUserA, 'POST', '/admin/shows', {
        ...body,
        status: 'ARCHIVED',
        show_date: 'mañana',
        settings: { currency: 'GTQ', vdo: true },
      });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res.json()).sort()).toEqual(['settings', 'show_date', 'status']);
      const extra = await send(o.producerUserA, 'POST', '/admin/shows', { ...body, colour: 'red' });
      expect(extra.statusCode).toBe(422);
      expect(JSON.stringify(extra.json())).toContain('colour');
    });

    it('answers 409 for a vanity path already used and 422 for one shaped like an id', async () => {
      const first = await send(o.producerUserA, 'POST', '/admin/shows', {
        ...body,
        path: 'marimba-2027',
      });
      expect(first.statusCode).toBe(201);
      const second = await send(o.producerUserB, 'POST', '/admin/shows', {
        ...body,
        path: 'marimba-2027',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        error: 'SHOW_PATH_TAKEN',
        message: 'Esa ruta ya la usa otro evento',
      });
      const uuidPath = await send(o.producerUserA, 'POST', '/admin/shows', {
        ...body,
        path: '0196a0b4-0000-7000-8000-000000000000',
      });
      expect(uuidPath.statusCode).toBe(422);
      expect(fieldsOf(uuidPath.json())).toEqual(['path']);
    });

    it('creates a child date only under a top-level show of the same producer', async () => {
      const parentA = await createShow(t.database.db, { producerId: o.producerA });
      const parentB = await createShow(t.database.db, { producerId: o.producerB });
      const child = await send(o.producerUserA, 'POST', '/admin/shows', {
        ...body,
        parent_show_uid: parentA.id,
        visible: false,
        settings: { is_show_date: true },
      });
      expect(child.statusCode, child.body).toBe(201);
      expect(child.json()).toMatchObject({ parent_show_uid: parentA.id, visible: false });
      for (const parent of [parentB.id, (child.json() as { _id: string })._id]) {
        const res = await send(o.producerUserA, 'POST', '/admin/shows', {
          ...body,
          parent_show_uid: parent,
        });
        expect(res.statusCode).toBe(422);
        expect(fieldsOf(res.json())).toEqual(['parent_show_uid']);
      }
    });
  });

  describe('GET /admin/shows', () => {
    it('lists the caller’s shows in every status, filtered by status and by name or venue', async () => {
      const db = t.database.db;
      const producer = (await createProducer(db)).id;
      const user = await createUser(db, {
        password: TEST_PASSWORD,
        roles: ['Producer'],
        producerId: producer,
      });
      const session = await login(t, user.email, TEST_PASSWORD, 'Producer');
      const draft = await createShow(db, {
        producerId: producer,
        fullname: 'Ópera de Verano',
        status: 'NEW',
        showDate: at(DAY),
      });
      const cancelled = await createShow(db, {
        producerId: producer,
        fullname: 'Teatro Infantil',
        venue: 'Auditorio Juan Bautista Gutiérrez',
        status: 'CANCELLED',
        showDate: at(2 * DAY),
      });
      const active = await createShow(db, {
        producerId: producer,
        fullname: 'Jazz',
        status: 'ACTIVE',
        showDate: at(-30 * DAY),
      });
      const ids = async (query: string) => {
        const res = await send(session, 'GET', `/admin/shows${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { items: { _id: string }[] }).items.map((s) => s._id);
      };
      expect(await ids('')).toEqual([cancelled.id, draft.id, active.id]);
      expect(await ids('?status=NEW,CANCELLED')).toEqual([cancelled.id, draft.id]);
      expect(await ids('?q=ópera')).toEqual([draft.id]);
      expect(await ids('?q=AUDITORIO')).toEqual([cancelled.id]);

      const adminIds = (
        (await send(o.admin, 'GET', `/admin/shows?producer=${producer}`)).json() as {
          items: { _id: string }[];
        }
      ).items.map((s) => s._id);
      expect(adminIds).toEqual([cancelled.id, draft.id, active.id]);

      const bad = await send(session, 'GET', '/admin/shows?status=ACTIVE,ARCHIVED');
      expect(bad.statusCode).toBe(422);
      expect(fieldsOf(bad.json())).toEqual(['status']);
    });

    it('shows an organiser its own draft that the public cannot see', async () => {
      const draft = await createShow(t.database.db, { producerId: o.producerA, status: 'NEW' });
      const res = await send(o.producerUserA, 'GET', `/admin/shows/${draft.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: draft.id, status: 'NEW' });
    });
  });

  describe('PATCH /admin/shows/{id}', () => {
    it('changes the given fields, merges settings key by key, and audits before and after', async () => {
      const show = await createShow(t.database.db, {
        producerId: o.producerA,
        fullname: 'Antes',
        settings: { vod: true, has_map: true, currency: 'USD' },
      });
      const res = await send(o.producerUserA, 'PATCH', `/admin/shows/${show.id}`, {
        fullname: 'Después',
        subtitle: 'Gira 2027',
        settings: { has_map: null, max_ticket_quantity: 4 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        fullname: 'Después',
        subtitle: 'Gira 2027',
        venue: show.venue,
        settings: { vod: true, currency: 'USD', max_ticket_quantity: 4 },
      });
      expect((res.json() as { settings: object }).settings).not.toHaveProperty('has_map');
      const row = await t.database.db.show.findUniqueOrThrow({ where: { id: show.id } });
      expect(row.fullname).toBe('Después');
      expect(row.settings).toMatchObject({ vod: true, max_ticket_quantity: 4 });
      const [audit] = await auditOf(show.id);
      expect(audit).toMatchObject({
        action: 'show.update',
        actorUserId: o.producerUserA.userId,
        before: { fullname: 'Antes', settings: { has_map: true } },
        after: { fullname: 'Después', settings: { max_ticket_quantity: 4 } },
      });
    });

    it('answers 422 naming the settings key that is unknown or invalid, and changes nothing', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA, fullname: 'Fijo' });
      const res = await send(o.producerUserA, 'PATCH', `/admin/shows/${show.id}`, {
        fullname: 'No debe cambiar',
        settings: { vdo: true, max_ticket_quantity: 0 },
      });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res.json()).sort()).toEqual(['settings.max_ticket_quantity', 'settings.vdo']);
      const row = await t.database.db.show.findUniqueOrThrow({ where: { id: show.id } });
      expect(row.fullname).toBe('Fijo');
      expect(await auditOf(show.id)).toEqual([]);
    });

    it('answers 422 for an empty patch and for a status (which has its own route)', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      for (const payload of [{}, { status: 'ACTIVE' }]) {
        const res = await send(o.producerUserA, 'PATCH', `/admin/shows/${show.id}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      }
    });

    it('is seen at once by the public GET /shows/{id}, whose cached answer is dropped', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA, fullname: 'Viejo' });
      // The public answer is now cached (for CATALOGUE_CACHE_SECONDS, 5 s here)...
      const first = await send(null, 'GET', `/shows/${show.id}`);
      expect(first.json()).toMatchObject({ fullname: 'Viejo' });
      // ...and the organiser's write drops it, so the next read is fresh at once.
      // (A stale read is not asserted in between: the invalidation channel is
      // shared by every app on this Redis, so other test files may clear it too.)
      const patch = await send(o.producerUserA, 'PATCH', `/admin/shows/${show.id}`, {
        fullname: 'Nuevo',
      });
      expect(patch.statusCode).toBe(200);
      expect(await send(null, 'GET', `/shows/${show.id}`).then((r) => r.json())).toMatchObject({
        fullname: 'Nuevo',
      });
    });
  });

  describe('PUT /admin/shows/{id}/status', () => {
    it('sets a known status and audits it; an unknown one is a 422 naming status', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA, status: 'NEW' });
      const bad = await send(o.producerUserA, 'PUT', `/admin/shows/${show.id}/status`, {
        status: 'ARCHIVED',
      });
      expect(bad.statusCode).toBe(422);
      expect(fieldsOf(bad.json())).toEqual(['status']);

      const res = await send(o.producerUserA, 'PUT', `/admin/shows/${show.id}/status`, {
        status: 'ACTIVE',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ACTIVE' });
      expect((await send(null, 'GET', `/shows/${show.id}`)).statusCode).toBe(200);
      const [audit] = await auditOf(show.id);
      expect(audit).toMatchObject({
        action: 'show.status',
        before: { status: 'NEW' },
        after: { status: 'ACTIVE' },
      });
    });
  });

  describe('DELETE /admin/shows/{id}', () => {
    it('refuses a show with orders (409) and keeps it', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      const ticket = await createTicket(t.database.db, show.id);
      await createTicketSale(t.database.db, {
        ticket,
        showId: show.id,
        quantity: 1,
        status: 'CANCELLED',
      });
      const res = await send(o.producerUserA, 'DELETE', `/admin/shows/${show.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'SHOW_HAS_ORDERS',
        message: 'No se puede eliminar un evento que tiene órdenes',
      });
      expect(await t.database.db.show.count({ where: { id: show.id } })).toBe(1);
      expect(await auditOf(show.id)).toEqual([]);
    });

    it('refuses a show with child dates and one with a live hold', async () => {
      const parent = await createShow(t.database.db, { producerId: o.producerA });
      await createShow(t.database.db, { producerId: o.producerA, parentShowId: parent.id });
      const withDates = await send(o.producerUserA, 'DELETE', `/admin/shows/${parent.id}`);
      expect(withDates.statusCode).toBe(409);
      expect((withDates.json() as ErrorBody).error).toBe('SHOW_HAS_DATES');

      const held = await createShow(t.database.db, { producerId: o.producerA });
      const ticket = await createTicket(t.database.db, held.id);
      const cart = await createCart(t.database.db, { validThru: at(600_000) });
      await createTicketHold(t.database.db, {
        cartId: cart.id,
        ticket,
        showId: held.id,
        quantity: 2,
        expiresAt: at(600_000),
      });
      const withHold = await send(o.producerUserA, 'DELETE', `/admin/shows/${held.id}`);
      expect(withHold.statusCode).toBe(409);
      expect((withHold.json() as ErrorBody).error).toBe('INVENTORY_HELD');
    });

    it('deletes a show without orders, with its tickets and expired holds, and audits it', async () => {
      const db = t.database.db;
      const show = await createShow(db, { producerId: o.producerA, fullname: 'Para borrar' });
      const ticket = await createTicket(db, show.id);
      const cart = await createCart(db, { validThru: at(-60_000) });
      await createTicketHold(db, {
        cartId: cart.id,
        ticket,
        showId: show.id,
        quantity: 1,
        expiresAt: at(-60_000),
      });
      const res = await send(o.producerUserA, 'DELETE', `/admin/shows/${show.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ _id: show.id, fullname: 'Para borrar' });
      expect(await db.show.count({ where: { id: show.id } })).toBe(0);
      expect(await db.ticket.count({ where: { id: ticket.id } })).toBe(0);
      expect(await db.cartItem.count({ where: { ticketId: ticket.id } })).toBe(0);
      const [audit] = await auditOf(show.id);
      expect(audit).toMatchObject({
        action: 'show.delete',
        before: { _id: show.id, fullname: 'Para borrar' },
        after: null,
      });
      expect((await send(o.producerUserA, 'GET', `/admin/shows/${show.id}`)).statusCode).toBe(404);
    });
  });
});
