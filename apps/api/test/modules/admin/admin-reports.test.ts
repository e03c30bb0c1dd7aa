import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '../../../src/generated/prisma/client.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { callAs, fieldsOf } from '../../helpers/http.ts';
import { createCart, createShow, createTicket, createTicketHold } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-13T12:00:00Z');
const MISSING = '0194f1c2-0000-7000-8000-000000000000';

type Ticket = { id: string; code: string };
type Line = { ticket: Ticket; showId: string; quantity: number; totalPrice: number; fee?: number };

describe('organiser API: a show’s sales report', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;
  let saturday: string;
  let sunday: string;
  let otherShowOfB: string;
  const number: Record<string, number> = {};
  let codeCount = 0;

  /** An order with its lines as the checkout writes them (amounts in centavos). */
  async function order(
    key: string,
    data: Partial<Prisma.OrderUncheckedCreateInput>,
    lines: Line[],
    codes: { checkedIn?: boolean; activated?: boolean }[] = [],
  ) {
    const db = t.database.db;
    const gross = lines.reduce((sum, l) => sum + l.totalPrice + (l.fee ?? 0), 0);
    const created = await db.order.create({
      data: {
        email: `${key}@example.gt`,
        paymentType: 'CREDIT_CARD',
        status: 'APPROVED',
        subtotal: gross,
        total: gross - (data.totalDiscount ?? 0),
        paymentInfo: {},
        ...data,
        items: {
          create: lines.map((l) => ({
            ticketId: l.ticket.id,
            showId: l.showId,
            code: l.ticket.code,
            showName: l.showId === saturday ? 'Función del sábado' : 'Concierto Aniversario',
            showDate: NOW,
            ticketType: 'VENUE_OPEN' as const,
            quantity: l.quantity,
            price: l.totalPrice / l.quantity,
            fee: (l.fee ?? 0) / l.quantity,
            totalPrice: l.totalPrice,
            totalFee: l.fee ?? 0,
          })),
        },
      },
      include: { items: { orderBy: { id: 'asc' } } },
    });
    for (const code of codes) {
      codeCount += 1;
      await db.ticketCode.create({
        data: {
          orderId: created.id,
          orderItemId: created.items[0]?.id ?? '',
          code: `RP${String(codeCount).padStart(4, '0')}`,
          ticketType: 'VENUE_OPEN',
          checkedInAt: code.checkedIn ? NOW : null,
          activatedAt: code.activated ? NOW : null,
        },
      });
    }
    number[key] = created.orderNumber;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    o = await createOrganisers(t);
    const db = t.database.db;
    showId = (await createShow(db, { producerId: o.producerA, fullname: 'Concierto Aniversario' }))
      .id;
    saturday = (
      await createShow(db, {
        producerId: o.producerA,
        parentShowId: showId,
        fullname: 'Función del sábado',
        showDate: new Date('2027-03-20T02:00:00Z'),
        settings: { is_show_date: true },
      })
    ).id;
    sunday = (
      await createShow(db, {
        producerId: o.producerA,
        parentShowId: showId,
        fullname: 'Función del domingo',
        showDate: new Date('2027-03-21T02:00:00Z'),
        settings: { is_show_date: true },
      })
    ).id;
    const elsewhere = (await createShow(db, { producerId: o.producerA })).id;
    otherShowOfB = (await createShow(db, { producerId: o.producerB })).id;
    const general = await createTicket(db, showId, { capacity: 100, position: 0 });
    const vip = await createTicket(db, showId, {
      fullname: 'VIP, mesa "A"',
      capacity: 20,
      position: 1,
      showDates: {
        create: [
          { showId: saturday, label: 'Sábado' },
          { showId: sunday, label: 'Domingo' },
        ],
      },
    });
    const foreign = await createTicket(db, elsewhere);
    const ofB = await createTicket(db, otherShowOfB);

    // 14:00 in Guatemala on the 10th: two general places by card.
    await order(
      'card',
      { createdAt: new Date('2027-03-10T20:00:00Z'), paymentInfo: { referral: 'radio-fm_95' } },
      [{ ticket: general, showId, quantity: 2, totalPrice: 20_000, fee: 1_000 }],
      [{ checkedIn: true }, { activated: true }],
    );
    // 23:30 on the 10th in Guatemala (already the 11th in UTC): a deposit with a Q 30 promo
    // discount shared between its lines (Q 7.78 and Q 22.22).
    await order(
      'deposit',
      {
        paymentType: 'BANK_DEPOSIT',
        totalDiscount: 3_000,
        createdAt: new Date('2027-03-11T05:30:00Z'),
      },
      [
        { ticket: general, showId, quantity: 1, totalPrice: 10_000, fee: 500 },
        { ticket: vip, showId: saturday, quantity: 1, totalPrice: 30_000 },
      ],
      [{}, {}],
    );
    // A referral with a comma and quotes: one quoted cell.
    await order(
      'dollars',
      {
        currency: 'USD',
        createdAt: new Date('2027-03-12T16:00:00Z'),
        paymentInfo: { referral: 'influencer,"xela"' },
      },
      [{ ticket: general, showId, quantity: 1, totalPrice: 1_500, fee: 100 }],
    );
    // An order with a line of another show: this show's share of the Q 10 discount is Q 5.
    await order('shared', { totalDiscount: 1_000, createdAt: new Date('2027-03-12T18:00:00Z') }, [
      { ticket: general, showId, quantity: 1, totalPrice: 10_000, fee: 500 },
      { ticket: foreign, showId: elsewhere, quantity: 1, totalPrice: 10_000, fee: 500 },
    ]);
    // Not sales: a cancelled order (its activated code stays) and a deposit under review.
    await order(
      'cancelled',
      { status: 'CANCELLED', createdAt: NOW },
      [{ ticket: general, showId, quantity: 3, totalPrice: 30_000 }],
      [{ activated: true }],
    );
    await order('waiting', { status: 'WAITING_CONFIRMATION', paymentType: 'BANK_DEPOSIT' }, [
      { ticket: general, showId, quantity: 4, totalPrice: 40_000 },
    ]);
    await order('other producer', {}, [
      { ticket: ofB, showId: otherShowOfB, quantity: 5, totalPrice: 50_000 },
    ]);
    // Two places held now; five whose hold has run out.
    const cart = await createCart(db);
    await createTicketHold(db, {
      cartId: cart.id,
      ticket: general,
      showId,
      quantity: 2,
      expiresAt: new Date(NOW.getTime() + 300_000),
    });
    await createTicketHold(db, {
      cartId: cart.id,
      ticket: general,
      showId,
      quantity: 5,
      expiresAt: new Date(NOW.getTime() - 300_000),
    });
  });
  afterAll(() => t.close());

  const figures = (
    currency: 'GTQ' | 'USD',
    orders: number,
    places: number,
    [gross, fees, discounts, net]: [number, number, number, number],
  ) => ({ currency, orders, places, gross, fees, discounts, net });

  it('adds up only approved orders, per currency, with the show’s dates', async () => {
    const res = await callAs(t, o.producerUserA, 'GET', `/admin/reports/shows/${showId}/sales`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.show).toMatchObject({ _id: showId, fullname: 'Concierto Aniversario' });
    expect(report.dates.map((d: { _id: string }) => d._id)).toEqual([saturday, sunday]);
    expect(report.date_uid).toBeNull();
    expect(report.generated_at).toBe(NOW.toISOString());
    expect(report.totals).toEqual([
      figures('GTQ', 3, 5, [700, 20, 35, 685]),
      figures('USD', 1, 1, [15, 1, 0, 16]),
    ]);
    expect(report.by_ticket).toEqual([
      {
        ticket_uid: expect.any(String),
        name: 'General',
        capacity: 100,
        // 5 approved + 4 waiting for the deposit's review; the cancelled 3 are back.
        sold: 9,
        held: 2,
        left: 89,
        places: 5,
        sales: [
          figures('GTQ', 3, 4, [400, 20, 12.78, 407.22]),
          figures('USD', 1, 1, [15, 1, 0, 16]),
        ],
      },
      {
        ticket_uid: expect.any(String),
        name: 'VIP, mesa "A"',
        // 20 per date, two dates.
        capacity: 40,
        sold: 1,
        held: 0,
        left: 39,
        places: 1,
        sales: [figures('GTQ', 1, 1, [300, 0, 22.22, 277.78])],
      },
    ]);
    expect(report.by_day).toEqual([
      { day: '2027-03-10', ...figures('GTQ', 2, 4, [600, 15, 30, 585]) },
      { day: '2027-03-12', ...figures('GTQ', 1, 1, [100, 5, 5, 100]) },
      { day: '2027-03-12', ...figures('USD', 1, 1, [15, 1, 0, 16]) },
    ]);
    expect(report.by_payment_type).toEqual([
      { payment_type: 'CREDIT_CARD', ...figures('GTQ', 2, 3, [300, 15, 5, 310]) },
      { payment_type: 'CREDIT_CARD', ...figures('USD', 1, 1, [15, 1, 0, 16]) },
      { payment_type: 'BANK_DEPOSIT', ...figures('GTQ', 1, 2, [400, 5, 30, 375]) },
    ]);
    expect(report.attendance).toEqual({ codes_issued: 4, checked_in: 1, activated: 1 });
  });

  it('narrows the report to one date, and refuses a date of another show', async () => {
    const res = await callAs(
      t,
      o.admin,
      'GET',
      `/admin/reports/shows/${showId}/sales?date_uid=${saturday}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.date_uid).toBe(saturday);
    expect(report.totals).toEqual([figures('GTQ', 1, 1, [300, 0, 22.22, 277.78])]);
    expect(report.by_ticket).toMatchObject([
      { name: 'VIP, mesa "A"', capacity: 20, sold: 1, held: 0, left: 19, places: 1 },
    ]);
    expect(report.attendance).toEqual({ codes_issued: 0, checked_in: 0, activated: 0 });

    // Asked for directly, a date reports itself with its parent's tickets that sell it.
    const direct = await callAs(
      t,
      o.producerUserA,
      'GET',
      `/admin/reports/shows/${saturday}/sales`,
    );
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json()).toMatchObject({
      show: { _id: saturday },
      dates: [],
      totals: report.totals,
      by_ticket: report.by_ticket,
    });

    const sundayOnly = await callAs(
      t,
      o.admin,
      'GET',
      `/admin/reports/shows/${showId}/sales?date_uid=${sunday}`,
    );
    expect(sundayOnly.json()).toMatchObject({ totals: [], by_day: [], by_payment_type: [] });
    expect(sundayOnly.json().by_ticket).toMatchObject([{ capacity: 20, sold: 0, places: 0 }]);

    const foreign = await callAs(
      t,
      o.admin,
      'GET',
      `/admin/reports/shows/${showId}/sales?date_uid=${otherShowOfB}`,
    );
    expect(foreign.statusCode).toBe(422);
    expect(fieldsOf(foreign.json())).toEqual(['date_uid']);
  });

  it('downloads every sold line, with its order’s referral, as a CSV a Spanish Excel opens in columns', async () => {
    const res = await callAs(
      t,
      o.producerUserA,
      'GET',
      `/admin/reports/shows/${showId}/sales?format=csv`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="ventas-concierto-aniversario-2027-03-13.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Fecha,Hora,Orden,Función,Boleto,Forma de pago,Moneda,Cantidad,Precio unitario,Importe,Cargos por servicio,Descuento,Total,Referido',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toEqual([
      `2027-03-10,14:00,${number.card},Concierto Aniversario,General,Tarjeta de crédito o débito,GTQ,2,100.00,200.00,10.00,0.00,210.00,radio-fm_95`,
      `2027-03-10,23:30,${number.deposit},Concierto Aniversario,General,Depósito bancario,GTQ,1,100.00,100.00,5.00,7.78,97.22,`,
      `2027-03-10,23:30,${number.deposit},Función del sábado,"VIP, mesa ""A""",Depósito bancario,GTQ,1,300.00,300.00,0.00,22.22,277.78,`,
      `2027-03-12,10:00,${number.dollars},Concierto Aniversario,General,Tarjeta de crédito o débito,USD,1,15.00,15.00,1.00,0.00,16.00,"influencer,""xela"""`,
      `2027-03-12,12:00,${number.shared},Concierto Aniversario,General,Tarjeta de crédito o débito,GTQ,1,100.00,100.00,5.00,5.00,100.00,`,
    ]);
  });

  it('answers another producer’s show as unknown and keeps viewers out', async () => {
    const url = `/admin/reports/shows/${showId}/sales`;
    const ofB = await callAs(t, o.producerUserB, 'GET', url);
    expect(ofB.statusCode).toBe(404);
    expect(ofB.json().error).toBe('SHOW_NOT_FOUND');
    const csv = await callAs(t, o.producerUserB, 'GET', `${url}?format=csv`);
    expect(csv.statusCode).toBe(404);
    expect((await callAs(t, o.viewer, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(t, null, 'GET', url)).statusCode).toBe(401);
    const missing = await callAs(t, o.admin, 'GET', `/admin/reports/shows/${MISSING}/sales`);
    expect(missing.statusCode).toBe(404);
    const notAnId = await callAs(t, o.admin, 'GET', '/admin/reports/shows/nada/sales');
    expect(notAnId.statusCode).toBe(404);
    const badFormat = await callAs(t, o.admin, 'GET', `${url}?format=xlsx`);
    expect(fieldsOf(badFormat.json())).toEqual(['format']);
  });
});
