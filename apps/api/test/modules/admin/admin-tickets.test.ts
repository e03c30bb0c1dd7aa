import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCart,
  createShow,
  createTicket,
  createTicketHold,
  createTicketSale,
} from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

interface ErrorBody {
  error: string;
  message: string;
  fields?: { field: string; message: string }[];
}
const fieldsOf = (body: unknown) => ((body as ErrorBody).fields ?? []).map((f) => f.field);

const TICKET = {
  code: 'platea',
  fullname: 'Platea',
  description: 'Butacas numeradas',
  price: 150.5,
  price_usd: 19.99,
  fee: 10,
  payment_type: ['CREDIT_CARD', 'BANK_DEPOSIT'],
  capacity: 200,
  valid_since: at(-MINUTE).toISOString(),
  valid_thru: at(30 * 24 * 60 * MINUTE).toISOString(),
  price_rules: [{ quantity_min: 4, item_discount_price: 140.25 }],
};

describe('organiser API: tickets', () => {
  let t: TestApp;
  let o: Organisers;

  const send = (
    who: LoggedIn,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  const auditOf = (entityId: string) =>
    t.database.db.auditLog.findMany({ where: { entityId }, orderBy: { createdAt: 'asc' } });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  describe('POST /admin/shows/{id}/tickets', () => {
    it('stores decimal amounts as centavos and answers them as decimals with their texts', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      const res = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, TICKET);
      expect(res.statusCode, res.body).toBe(201);
      const ticket = res.json() as Record<string, unknown> & { _id: string };
      expect(ticket).toMatchObject({
        show_uid: show.id,
        code: 'PLATEA',
        currency: 'GTQ',
        price: 150.5,
        price_text: 'Q 150.50',
        price_usd: 19.99,
        price_usd_text: 'US$ 19.99',
        fee: 10,
        payment_type: ['CREDIT_CARD', 'BANK_DEPOSIT'],
        capacity: 200,
        sold: 0,
        held: 0,
        real_available: 200,
        position: 0,
        price_rules: [
          { rule_type: 'quantity_discount', quantity_min: 4, item_discount_price: 140.25 },
        ],
      });
      const row = await t.database.db.ticket.findUniqueOrThrow({
        where: { id: ticket._id },
        include: { priceRules: true },
      });
      expect(row).toMatchObject({ price: 15050, priceUsd: 1999, fee: 1000, capacity: 200 });
      expect(row.priceRules[0]?.itemDiscountPrice).toBe(14025);

      const [audit] = await auditOf(ticket._id);
      expect(audit).toMatchObject({
        action: 'ticket.create',
        entityType: 'ticket',
        actorUserId: o.producerUserA.userId,
        before: null,
        after: { _id: ticket._id, price: 150.5, capacity: 200 },
      });

      const second = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, {
        ...TICKET,
        code: 'BALCON',
      });
      expect(second.json()).toMatchObject({ position: 1 });
    });

    it('takes the show’s currency when the ticket names none', async () => {
      const show = await createShow(t.database.db, {
        producerId: o.producerA,
        settings: { currency: 'USD' },
      });
      const res = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, TICKET);
      expect(res.json()).toMatchObject({ currency: 'USD', price_text: 'US$ 150.50' });
    });

    it('answers 422 naming each bad field: 3 decimals, negative amounts, negative capacity', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      const res = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, {
        ...TICKET,
        price: 10.005,
        fee: -1,
        capacity: -5,
        price_rules: [{ quantity_min: 2, item_discount_price: -3 }],
        payment_type: ['CHEQUE'],
      });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res.json()).sort()).toEqual([
        'capacity',
        'fee',
        'payment_type.0',
        'price',
        'price_rules.0.item_discount_price',
      ]);
      expect(await t.database.db.ticket.count({ where: { showId: show.id } })).toBe(0);
    });

    it('answers 422 when the sale window ends before it starts', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      const res = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, {
        ...TICKET,
        valid_since: at(MINUTE).toISOString(),
        valid_thru: at(-MINUTE).toISOString(),
      });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res.json())).toEqual(['valid_thru']);
    });

    it('answers 409 for a code the show already has', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      await createTicket(t.database.db, show.id, { code: 'VIP' });
      const res = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, {
        ...TICKET,
        code: 'vip',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'TICKET_CODE_TAKEN',
        message: 'Ya existe un boleto con ese código en este evento',
      });
    });

    it('accepts show_dates only among the show’s own child dates', async () => {
      const db = t.database.db;
      const show = await createShow(db, { producerId: o.producerA });
      const date = await createShow(db, { producerId: o.producerA, parentShowId: show.id });
      const stranger = await createShow(db, { producerId: o.producerA });
      const bad = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, {
        ...TICKET,
        show_dates: [
          { value: date.id, label: 'Viernes' },
          { value: stranger.id, label: 'Otro' },
        ],
      });
      expect(bad.statusCode).toBe(422);
      expect(fieldsOf(bad.json())).toEqual(['show_dates.1.value']);
      const twice = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, {
        ...TICKET,
        show_dates: [
          { value: date.id, label: 'Viernes' },
          { value: date.id, label: 'Otra vez' },
        ],
      });
      expect(twice.statusCode).toBe(422);
      expect(fieldsOf(twice.json())).toEqual(['show_dates.1.value']);
      const ok = await send(o.producerUserA, 'POST', `/admin/shows/${show.id}/tickets`, {
        ...TICKET,
        show_dates: [{ value: date.id, label: 'Viernes' }],
      });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ show_dates: [{ value: date.id, label: 'Viernes' }] });
    });
  });

  describe('PATCH /admin/shows/{id}/tickets/{ticketId}', () => {
    it('refuses a capacity below sold plus live holds (409), and allows it once the hold expires', async () => {
      const db = t.database.db;
      const show = await createShow(db, { producerId: o.producerA });
      const ticket = await createTicket(db, show.id, { capacity: 10, sold: 3 });
      const cart = await createCart(db, { validThru: at(10 * MINUTE) });
      await createTicketHold(db, {
        cartId: cart.id,
        ticket,
        showId: show.id,
        quantity: 2,
        expiresAt: at(10 * MINUTE),
      });
      const url = `/admin/shows/${show.id}/tickets/${ticket.id}`;

      const list = await send(o.producerUserA, 'GET', `/admin/shows/${show.id}/tickets`);
      expect(list.json()).toMatchObject({
        items: [{ _id: ticket.id, capacity: 10, sold: 3, held: 2, real_available: 5 }],
      });

      const tooLow = await send(o.producerUserA, 'PATCH', url, { capacity: 4 });
      expect(tooLow.statusCode).toBe(409);
      expect(tooLow.json()).toEqual({
        error: 'CAPACITY_BELOW_COMMITTED',
        message: 'La capacidad no puede ser menor que los boletos vendidos más los reservados',
      });
      expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).capacity).toBe(10);

      const exact = await send(o.producerUserA, 'PATCH', url, { capacity: 5 });
      expect(exact.statusCode, exact.body).toBe(200);
      expect(exact.json()).toMatchObject({ capacity: 5, held: 2, real_available: 0 });

      try {
        t.setNow(at(11 * MINUTE));
        const afterExpiry = await send(o.producerUserA, 'PATCH', url, { capacity: 3 });
        expect(afterExpiry.statusCode, afterExpiry.body).toBe(200);
        expect(afterExpiry.json()).toMatchObject({ capacity: 3, held: 0, real_available: 0 });
        const belowSold = await send(o.producerUserA, 'PATCH', url, { capacity: 2 });
        expect(belowSold.statusCode).toBe(409);
      } finally {
        t.setNow(NOW);
      }
      const audit = await auditOf(ticket.id);
      expect(audit.map((a) => a.action)).toEqual(['ticket.update', 'ticket.update']);
      expect(audit[0]).toMatchObject({ before: { capacity: 10 }, after: { capacity: 5 } });
    });

    it('changes amounts and replaces lists; a negative capacity is a 422 naming it', async () => {
      const db = t.database.db;
      const show = await createShow(db, { producerId: o.producerA });
      const ticket = await createTicket(db, show.id, {
        priceRules: { create: [{ quantityMin: 2, itemDiscountPrice: 100 }] },
      });
      const url = `/admin/shows/${show.id}/tickets/${ticket.id}`;
      const negative = await send(o.producerUserA, 'PATCH', url, { capacity: -1 });
      expect(negative.statusCode).toBe(422);
      expect(fieldsOf(negative.json())).toEqual(['capacity']);

      const res = await send(o.producerUserA, 'PATCH', url, {
        price: 99.9,
        visible: false,
        price_rules: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ price: 99.9, visible: false, price_rules: [] });
      const row = await db.ticket.findUniqueOrThrow({
        where: { id: ticket.id },
        include: { priceRules: true },
      });
      expect(row.price).toBe(9990);
      expect(row.priceRules).toEqual([]);
    });

    it('answers 404 TICKET_NOT_FOUND to another producer, through either show id', async () => {
      const db = t.database.db;
      const showA = await createShow(db, { producerId: o.producerA });
      const showB = await createShow(db, { producerId: o.producerB });
      const ticket = await createTicket(db, showA.id, { capacity: 7 });
      for (const showId of [showA.id, showB.id]) {
        for (const method of ['PATCH', 'DELETE'] as const) {
          const res = await send(
            o.producerUserB,
            method,
            `/admin/shows/${showId}/tickets/${ticket.id}`,
            method === 'PATCH' ? { capacity: 1 } : undefined,
          );
          expect(res.statusCode, `${method} via ${showId}`).toBe(404);
          expect((res.json() as ErrorBody).error).toBe('TICKET_NOT_FOUND');
        }
      }
      expect(await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).toMatchObject({
        capacity: 7,
      });
      // The admin may.
      const admin = await send(o.admin, 'PATCH', `/admin/shows/${showA.id}/tickets/${ticket.id}`, {
        capacity: 8,
      });
      expect(admin.statusCode).toBe(200);
    });
  });

  describe('DELETE /admin/shows/{id}/tickets/{ticketId}', () => {
    it('refuses a ticket with sales (409) and one with a live hold (409)', async () => {
      const db = t.database.db;
      const show = await createShow(db, { producerId: o.producerA });
      const sold = await createTicket(db, show.id);
      await createTicketSale(db, { ticket: sold, showId: show.id, quantity: 1, status: 'REFUND' });
      const soldRes = await send(
        o.producerUserA,
        'DELETE',
        `/admin/shows/${show.id}/tickets/${sold.id}`,
      );
      expect(soldRes.statusCode).toBe(409);
      expect(soldRes.json()).toEqual({
        error: 'TICKET_HAS_SALES',
        message: 'No se puede eliminar un boleto que tiene ventas',
      });

      const held = await createTicket(db, show.id);
      const cart = await createCart(db, { validThru: at(5 * MINUTE) });
      await createTicketHold(db, {
        cartId: cart.id,
        ticket: held,
        showId: show.id,
        quantity: 1,
        expiresAt: at(5 * MINUTE),
      });
      const heldRes = await send(
        o.producerUserA,
        'DELETE',
        `/admin/shows/${show.id}/tickets/${held.id}`,
      );
      expect(heldRes.statusCode).toBe(409);
      expect((heldRes.json() as ErrorBody).error).toBe('INVENTORY_HELD');
      expect(await db.ticket.count({ where: { id: { in: [sold.id, held.id] } } })).toBe(2);
    });

    it('deletes a ticket whose only holds expired, and audits it', async () => {
      const db = t.database.db;
      const show = await createShow(db, { producerId: o.producerA });
      const ticket = await createTicket(db, show.id, { fullname: 'Sin ventas' });
      const cart = await createCart(db, { validThru: at(-MINUTE) });
      await createTicketHold(db, {
        cartId: cart.id,
        ticket,
        showId: show.id,
        quantity: 3,
        expiresAt: at(-MINUTE),
      });
      const res = await send(
        o.producerUserA,
        'DELETE',
        `/admin/shows/${show.id}/tickets/${ticket.id}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ _id: ticket.id, fullname: 'Sin ventas' });
      expect(await db.ticket.count({ where: { id: ticket.id } })).toBe(0);
      const [audit] = await auditOf(ticket.id);
      expect(audit).toMatchObject({
        action: 'ticket.delete',
        before: { _id: ticket.id },
        after: null,
      });
    });
  });
});
