import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { sellCodes } from '../../helpers/checkin.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';
import { callAs, fieldsOf } from '../../helpers/http.ts';

/** 19:42 in Guatemala (UTC−6) on 27 November 2026: the clock of this file. */
const NOW = new Date('2026-11-28T01:42:00.000Z');

describe('door check-in: POST /admin/checkin and GET /admin/shows/{id}/attendance', () => {
  let t: TestApp;
  let o: Organisers;
  /** Show A (producer A) with a date, show B (producer B). */
  const show = {} as Record<'a' | 'date' | 'b', { id: string; fullname: string }>;
  /** Codes by what is special about them. */
  const code = {} as Record<
    'ana' | 'anaSecond' | 'date' | 'other' | 'cancelled' | 'waiting' | 'online' | 'seat',
    string
  >;
  let anaOrderNumber: number;

  const checkIn = (who: LoggedIn | null, body: object) =>
    callAs(t, who, 'POST', '/admin/checkin', body);
  const attendance = (who: LoggedIn | null, showId: string) =>
    callAs(t, who, 'GET', `/admin/shows/${showId}/attendance`);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
    const db = t.database.db;
    show.a = await createShow(db, { producerId: o.producerA, fullname: 'Noche de Marimba' });
    show.date = await createShow(db, {
      producerId: o.producerA,
      parentShowId: show.a.id,
      fullname: 'Función del sábado',
      showDate: new Date('2026-11-29T01:00:00.000Z'),
    });
    show.b = await createShow(db, { producerId: o.producerB, fullname: 'Teatro de Títeres' });
    const general = await createTicket(db, show.a.id, { fullname: 'General' });
    const platea = await createTicket(db, show.a.id, { fullname: 'Platea' });
    const saturday = await createTicket(db, show.a.id, {
      fullname: 'Sábado',
      showDates: { create: [{ showId: show.date.id, label: 'Sábado' }] },
    });
    const online = await createTicket(db, show.a.id, { fullname: 'En línea', type: 'ONLINE' });
    const other = await createTicket(db, show.b.id, { fullname: 'Títeres' });

    const ana = await sellCodes(db, {
      ticket: general,
      showId: show.a.id,
      quantity: 2,
      buyer: { firstname: 'Ana María', lastname: 'López' },
    });
    [code.ana, code.anaSecond] = ana.codes as [string, string];
    anaOrderNumber = ana.orderNumber;
    [code.seat] = (
      await sellCodes(db, {
        ticket: platea,
        showId: show.a.id,
        quantity: 1,
        ticketType: 'VENUE_SEAT',
        location: { section: 'Platea', row: 'B', seat: '7', door: 'Norte' },
      })
    ).codes as [string];
    [code.date] = (await sellCodes(db, { ticket: saturday, showId: show.date.id, quantity: 1 }))
      .codes as [string];
    [code.other] = (await sellCodes(db, { ticket: other, showId: show.b.id, quantity: 1 }))
      .codes as [string];
    [code.cancelled] = (
      await sellCodes(db, { ticket: general, showId: show.a.id, quantity: 1, status: 'CANCELLED' })
    ).codes as [string];
    [code.waiting] = (
      await sellCodes(db, {
        ticket: general,
        showId: show.a.id,
        quantity: 1,
        status: 'WAITING_CONFIRMATION',
      })
    ).codes as [string];
    [code.online] = (
      await sellCodes(db, { ticket: online, showId: show.a.id, quantity: 1, ticketType: 'ONLINE' })
    ).codes as [string];
  });

  afterAll(async () => {
    await t?.close();
  });

  it('admits a code with its ticket, buyer and the show’s new count, and audits it', async () => {
    const res = await checkIn(o.producerUserA, { code: code.ana, show_uid: show.a.id });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      code: code.ana,
      ticket: 'General',
      place: null,
      buyer_name: 'Ana María López',
      order_number: anaOrderNumber,
      checked_in_at: NOW.toISOString(),
      show_uid: show.a.id,
      // Ana's two and the seat; not the cancelled, unconfirmed, online or date codes.
      attendance: { checked_in: 1, total: 3 },
    });
    const row = await t.database.db.ticketCode.findUniqueOrThrow({ where: { code: code.ana } });
    expect(row.checkedInAt?.toISOString()).toBe(NOW.toISOString());
    expect(row.checkedInBy).toBe(o.producerUserA.userId);
    const audit = await t.database.db.auditLog.findMany({
      where: { action: 'ticket.checkin', entityId: row.id },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: o.producerUserA.userId,
      entityType: 'ticket_code',
      after: { code: code.ana, show_uid: show.a.id, checked_in_at: NOW.toISOString() },
    });
  });

  it('refuses the second scan with the time it came in, Guatemala time', async () => {
    // Typed by hand: lower case and spaces are the same code.
    const typed = `  ${code.ana.toLowerCase()} `;
    const res = await checkIn(o.producerUserA, { code: typed, show_uid: show.a.id });

    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      error: 'TICKET_ALREADY_CHECKED_IN',
      message: 'Ya ingresó a las 19:42',
      checked_in_at: NOW.toISOString(),
    });
  });

  it('names the day too when the code came in on another day', async () => {
    t.setNow(new Date(NOW.getTime() + 20 * 3_600_000));
    try {
      const res = await checkIn(o.producerUserA, { code: code.ana, show_uid: show.a.id });
      expect(res.json()).toMatchObject({ message: 'Ya ingresó el 27/11 a las 19:42' });
    } finally {
      t.setNow(NOW);
    }
  });

  it('says where a seat is', async () => {
    t.setNow(new Date(NOW.getTime() + 30_000));
    try {
      const res = await checkIn(o.admin, { code: code.seat, show_uid: show.a.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        ticket: 'Platea',
        place: { section: 'Platea', row: 'B', seat: '7', door: 'Norte' },
        attendance: { checked_in: 2, total: 3 },
      });
    } finally {
      t.setNow(NOW);
    }
  });

  it('answers an unknown code as unknown', async () => {
    const res = await checkIn(o.producerUserA, { code: 'ZZZZZZ', show_uid: show.a.id });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'TICKET_CODE_UNKNOWN', message: 'Código desconocido' });
  });

  it('admits a date’s code at that date’s door only, naming the date elsewhere', async () => {
    const atParent = await checkIn(o.producerUserA, { code: code.date, show_uid: show.a.id });
    expect(atParent.statusCode).toBe(409);
    expect(atParent.json()).toEqual({
      error: 'TICKET_CODE_OTHER_SHOW',
      message: 'Este código es de otro evento: «Función del sábado», 28/11 19:00',
    });

    const atDate = await checkIn(o.producerUserA, { code: code.date, show_uid: show.date.id });
    expect(atDate.statusCode, atDate.body).toBe(200);
    expect(atDate.json()).toMatchObject({
      ticket: 'Sábado',
      show_uid: show.date.id,
      attendance: { checked_in: 1, total: 1 },
    });
  });

  it('reveals nothing of another producer’s code; an admin hears whose show it is', async () => {
    const producer = await checkIn(o.producerUserA, { code: code.other, show_uid: show.a.id });
    expect(producer.statusCode).toBe(404);
    expect(producer.json()).toMatchObject({ error: 'TICKET_CODE_UNKNOWN' });

    const admin = await checkIn(o.admin, { code: code.other, show_uid: show.a.id });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().message).toContain('«Teatro de Títeres»');
  });

  it('refuses codes of orders that are not approved, saying why', async () => {
    const cancelled = await checkIn(o.producerUserA, { code: code.cancelled, show_uid: show.a.id });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({
      error: 'TICKET_ORDER_NOT_APPROVED',
      message: 'La orden de este boleto fue anulada: no puede ingresar',
    });

    const waiting = await checkIn(o.producerUserA, { code: code.waiting, show_uid: show.a.id });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(
      'El depósito de la orden de este boleto aún no fue confirmado: no puede ingresar',
    );
    const rows = await t.database.db.ticketCode.findMany({
      where: { code: { in: [code.cancelled, code.waiting] } },
    });
    expect(rows.map((r) => r.checkedInAt)).toEqual([null, null]);
  });

  it('refuses an online-only ticket at the door', async () => {
    const res = await checkIn(o.producerUserA, { code: code.online, show_uid: show.a.id });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'TICKET_NOT_FOR_VENUE' });
  });

  it('keeps viewers, strangers and other producers out, before anything is admitted', async () => {
    const body = { code: code.anaSecond, show_uid: show.a.id };
    const viewer = await checkIn(o.viewer, body);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ error: 'FORBIDDEN' });
    const anonymous = await checkIn(null, body);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await checkIn(o.producerUserB, body);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ error: 'SHOW_NOT_FOUND' });
    expect((await attendance(o.producerUserB, show.a.id)).statusCode).toBe(404);
    expect((await attendance(o.viewer, show.a.id)).statusCode).toBe(403);
    expect((await attendance(null, show.a.id)).statusCode).toBe(401);

    const row = await t.database.db.ticketCode.findUniqueOrThrow({
      where: { code: code.anaSecond },
    });
    expect(row.checkedInAt).toBeNull();
  });

  it('refuses a malformed body naming the field', async () => {
    const short = await checkIn(o.producerUserA, { code: 'AB12', show_uid: show.a.id });
    expect(short.statusCode).toBe(422);
    expect(fieldsOf(short.json())).toEqual(['code']);
    // O and 1 are not in the alphabet.
    const confusable = await checkIn(o.producerUserA, { code: 'AB1O23', show_uid: show.a.id });
    expect(fieldsOf(confusable.json())).toEqual(['code']);
    const noShow = await checkIn(o.producerUserA, { code: code.anaSecond });
    expect(noShow.statusCode).toBe(422);
    expect(fieldsOf(noShow.json())).toEqual(['show_uid']);
    const extra = await checkIn(o.producerUserA, {
      code: code.anaSecond,
      show_uid: show.a.id,
      force: true,
    });
    expect(extra.statusCode).toBe(422);
  });

  it('counts attendance and lists the last check-ins, newest first', async () => {
    t.setNow(new Date(NOW.getTime() + 60_000));
    try {
      const res = await checkIn(o.producerUserA, { code: code.anaSecond, show_uid: show.a.id });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.setNow(NOW);
    }

    const res = await attendance(o.producerUserA, show.a.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { checked_in: number; total: number; recent: { code: string }[] };
    expect(body.checked_in).toBe(3);
    expect(body.total).toBe(3);
    expect(body.recent.map((entry) => entry.code)).toEqual([code.anaSecond, code.seat, code.ana]);
    expect(body.recent[0]).toMatchObject({
      ticket: 'General',
      buyer_name: 'Ana María López',
      checked_in_at: new Date(NOW.getTime() + 60_000).toISOString(),
    });

    const date = (await attendance(o.admin, show.date.id)).json();
    expect(date).toMatchObject({ checked_in: 1, total: 1 });
  });
});
