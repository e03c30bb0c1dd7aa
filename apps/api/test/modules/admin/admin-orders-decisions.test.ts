import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { Job } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisNamespace } from '../../../src/config.ts';
import { bullConnection, QUEUES } from '../../../src/infra/queues.ts';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { renderMail } from '../../../src/modules/mail/mail.templates.ts';
import type { MailMessage } from '../../../src/modules/mail/mail.types.ts';
import { createMailProcessor } from '../../../src/modules/mail/mail.worker.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, buyer, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createVenueMap } from '../../helpers/factories.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PAYMENT_TYPES: ('CREDIT_CARD' | 'BANK_DEPOSIT')[] = ['CREDIT_CARD', 'BANK_DEPOSIT'];

interface AdminOrderBody {
  _id: string;
  status: string;
  codes: { code: string; voided_at: string | null }[];
  payment_response: { transaction_id: string | null } | null;
  change_log: {
    action: string;
    reason: string | null;
    from_status: string | null;
    to_status: string | null;
    actor: { _id: string } | null;
  }[];
}

describe('organiser API: deciding on an order (confirm, reject, cancel, refund)', () => {
  let t: TestApp;
  let o: Organisers;
  let dir: string;
  let mailQueue: Queue;
  let ticketsQueue: Queue;
  let showId: string;
  let generalId: string;
  let sectionTicketId: string;
  let seats: string[];
  const app = () => t;
  const db = () => t.database.db;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-admin-decisions-'));
    t = await createTestApp({ config: { STORAGE_DIR: dir } });
    o = await createOrganisers(t);
    const connection = bullConnection(t.config.REDIS_URL);
    const prefix = redisNamespace(t.config);
    mailQueue = new Queue(QUEUES.mail, { connection, prefix });
    ticketsQueue = new Queue(QUEUES.tickets, { connection, prefix });
    const show = await createShow(t.database.db, {
      producerId: o.producerA,
      settings: { deposit: true },
    });
    showId = show.id;
    generalId = (
      await createTicket(t.database.db, showId, {
        paymentTypes: PAYMENT_TYPES,
        capacity: 20,
        price: 10_000,
      })
    ).id;
    const { sections } = await createVenueMap(t.database.db, showId, [{ rows: 1, cols: 8 }]);
    const section = sections[0]!;
    sectionTicketId = section.ticket.id;
    await t.database.db.ticket.update({
      where: { id: sectionTicketId },
      data: { paymentTypes: PAYMENT_TYPES },
    });
    seats = section.seats.map((s) => s.id);
  });
  afterAll(async () => {
    await mailQueue.obliterate({ force: true });
    await ticketsQueue.obliterate({ force: true });
    await Promise.all([mailQueue.close(), ticketsQueue.close()]);
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (who: LoggedIn, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const decide = (who: LoggedIn, id: string, what: string, reason?: string) =>
    post(who, `/admin/orders/${id}/${what}`, reason === undefined ? undefined : { reason });
  const sold = async (ticketId = generalId) =>
    (await db().ticket.findUniqueOrThrow({ where: { id: ticketId } })).sold;
  const statusOf = async (id: string) =>
    (await db().order.findUniqueOrThrow({ where: { id } })).status;
  const auditOf = (id: string) =>
    db().auditLog.findMany({ where: { entityId: id }, orderBy: { createdAt: 'asc' } });

  /** Lines for a cart: `units` general places and, when given, one seat. */
  const lines = (units: number, seat?: string) => [
    ...(units > 0 ? [{ ticket_uid: generalId, show_uid: showId, quantity: units }] : []),
    ...(seat ? [{ ticket_uid: sectionTicketId, show_uid: showId, quantity: 1, seat }] : []),
  ];

  async function depositOrder(units: number, seat?: string, promo?: string): Promise<string> {
    const b = browser(app);
    const cartId = await b.hold(lines(units, seat));
    if (promo) {
      const applied = await b.send('POST', `/cart/carts/${b.sid}/promo-codes`, { code: promo });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const upload = await b.send(
      'GET',
      `/cart/orders/uploadUrl?show_uid=${showId}&session_id=${b.sid}&filename=deposito.png`,
    );
    const { signedUrl, link } = upload.json() as { signedUrl: string; link: string };
    const url = new URL(signedUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await b.order(cartId, 'BANK_DEPOSIT', buyer({ file_info: link }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('WAITING_CONFIRMATION');
    return (res.json() as { _id: string })._id;
  }

  async function cardOrder(units: number, seat?: string): Promise<string> {
    const b = browser(app);
    const cartId = await b.hold(lines(units, seat));
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('APPROVED');
    return (res.json() as { _id: string })._id;
  }

  /** Another buyer tries to hold the seat: it is free again only if this succeeds. */
  const holdSeat = (seat: string) =>
    browser(app).send('POST', `/cart/${crypto.randomUUID()}/items`, { items: lines(0, seat) });

  async function mailOf(
    key: string,
  ): Promise<Extract<MailMessage, { template: 'order-decision' }>> {
    const job = await mailQueue.getJob(key);
    expect(job, key).toBeTruthy();
    return job!.data as Extract<MailMessage, { template: 'order-decision' }>;
  }

  describe('POST /admin/orders/{id}/deposit/confirm', () => {
    it('approves a waiting deposit, logs who did it, audits it and issues the tickets', async () => {
      const id = await depositOrder(2, seats[0]);
      const soldBefore = await sold();
      const res = await decide(o.producerUserA, id, 'deposit/confirm');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AdminOrderBody;
      expect(body.status).toBe('APPROVED');
      expect(body.change_log.at(-1)).toMatchObject({
        action: 'Order deposit confirmed',
        reason: null,
        from_status: 'WAITING_CONFIRMATION',
        to_status: 'APPROVED',
        actor: { _id: o.producerUserA.userId },
      });
      const [audit] = await auditOf(id);
      expect(audit).toMatchObject({
        action: 'order.deposit_confirm',
        entityType: 'order',
        actorUserId: o.producerUserA.userId,
        before: { status: 'WAITING_CONFIRMATION', quantity: 3 },
        after: { status: 'APPROVED', quantity: 3, released_seats: 0 },
      });
      // The places stay sold; the tickets job is queued and issues one code per place.
      expect(await sold()).toBe(soldBefore);
      expect(await db().seatReservation.findFirst({ where: { seatId: seats[0] } })).toMatchObject({
        kind: 'SALE',
        orderId: id,
      });
      const job = await ticketsQueue.getJob(`tickets-${id}`);
      expect(job?.data).toMatchObject({ orderId: id });
      expect(await issueTicketCodes(db(), id)).toEqual({ issued: 3 });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/admin/orders/${id}`,
        headers: o.admin.headers,
      });
      expect((detail.json() as AdminOrderBody).codes).toHaveLength(3);
    });

    it('of two organisers confirming at once, one changes the order and the other gets 409', async () => {
      const id = await depositOrder(1);
      const answers = await Promise.all([
        decide(o.admin, id, 'deposit/confirm'),
        decide(o.producerUserA, id, 'deposit/confirm'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(loser.json()).toEqual({
        error: 'ORDER_STATUS_CONFLICT',
        message: expect.stringContaining('«Aprobada»'),
      });
      const log = await db().orderChangeLog.findMany({
        where: { orderId: id, action: 'Order deposit confirmed' },
      });
      expect(log).toHaveLength(1);
      expect(await auditOf(id)).toHaveLength(1);
    });
  });

  describe('POST /admin/orders/{id}/deposit/reject', () => {
    it('rejects with the reason, frees the places and the promo use, and e-mails the buyer', async () => {
      const promo = await db().promoCode.create({
        data: {
          producerId: o.producerA,
          code: `DEPO${Date.now()}`,
          discountType: 'PERCENT',
          discountValue: 10,
          usageLimit: 5,
        },
      });
      const soldBefore = await sold();
      const id = await depositOrder(3, seats[1], promo.code);
      expect(await sold()).toBe(soldBefore + 3);
      expect((await db().promoCode.findUniqueOrThrow({ where: { id: promo.id } })).usedCount).toBe(
        1,
      );
      expect((await holdSeat(seats[1]!)).statusCode).toBe(409);

      const reason = 'El monto del depósito no coincide con el total';
      const res = await decide(o.producerUserA, id, 'deposit/reject', `  ${reason}  `);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AdminOrderBody;
      expect(body.status).toBe('REJECTED');
      expect(body.change_log.at(-1)).toMatchObject({
        action: 'Order deposit rejected',
        reason,
        to_status: 'REJECTED',
        actor: { _id: o.producerUserA.userId },
      });
      expect(await sold()).toBe(soldBefore);
      expect(await db().seatReservation.count({ where: { orderId: id } })).toBe(0);
      expect((await holdSeat(seats[1]!)).statusCode).toBe(200);
      expect((await db().promoCode.findUniqueOrThrow({ where: { id: promo.id } })).usedCount).toBe(
        0,
      );
      const [audit] = await auditOf(id);
      expect(audit).toMatchObject({
        action: 'order.deposit_reject',
        after: { status: 'REJECTED', reason, released_seats: 1, promo_uses_returned: [promo.code] },
      });

      const mail = await mailOf(`order-deposit-rejected-${id}`);
      expect(mail).toMatchObject({
        to: 'ana.lopez@example.com',
        data: { kind: 'deposit-rejected', reason, buyerName: 'Ana López' },
      });
      const rendered = renderMail(mail);
      expect(rendered.subject).toContain('Tu depósito fue rechazado');
      expect(rendered.text).toContain(`Motivo: ${reason}`);
      // The mail worker takes the payload as it is queued, and forgets the signed link once sent.
      const sent: { subject: string; to: string }[] = [];
      const process = createMailProcessor({
        transport: {
          kind: 'outbox',
          send: async (m) => (sent.push(m), { messageId: 'prueba' }),
          close: () => {},
        },
        log: pino({ level: 'silent' }),
      });
      let kept: unknown;
      await process({
        id: 'prueba',
        data: mail,
        updateData: async (data: unknown) => {
          kept = data;
        },
      } as unknown as Job<MailMessage>);
      expect(sent).toMatchObject([{ subject: rendered.subject, to: 'ana.lopez@example.com' }]);
      expect(JSON.stringify(kept)).not.toContain('?t=');
      // The e-mail's link opens the order without signing in.
      const link = new URL(mail.data.orderUrl);
      expect(link.pathname).toBe(`/orders/${id}`);
      const viewed = await t.app.inject({
        method: 'GET',
        url: `/viewers/orders/${id}${link.search}`,
      });
      expect(viewed.json()).toMatchObject({ status: 'REJECTED', tickets: expect.any(Array) });

      const again = await decide(o.admin, id, 'deposit/reject', reason);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('«Denegada»');
    });

    it('answers 422 for a missing, short, long or extra-field reason, changing nothing', async () => {
      const id = await depositOrder(1);
      for (const payload of [
        undefined,
        {},
        { reason: ' no ' },
        { reason: 'x'.repeat(501) },
        { reason: 42 },
        { reason: 'Monto incorrecto', extra: true },
      ]) {
        const res = await post(o.admin, `/admin/orders/${id}/deposit/reject`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json()).toMatchObject({
          error: 'VALIDATION_ERROR',
          message: expect.any(String),
        });
      }
      expect(await statusOf(id)).toBe('WAITING_CONFIRMATION');
      expect(await auditOf(id)).toHaveLength(0);
    });

    it('answers 404 to another producer and 409 for an order not waiting', async () => {
      const id = await depositOrder(1);
      const foreign = await decide(o.producerUserB, id, 'deposit/reject', 'No corresponde');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'ORDER_NOT_FOUND', message: expect.any(String) });
      expect(await statusOf(id)).toBe('WAITING_CONFIRMATION');
      const card = await cardOrder(1);
      const conflict = await decide(o.admin, card, 'deposit/confirm');
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({
        error: 'ORDER_STATUS_CONFLICT',
        message:
          'La orden está «Aprobada»: solo se confirma el depósito de una orden «Esperando aprobación».',
      });
    });
  });

  describe('POST /admin/orders/{id}/cancel', () => {
    it('cancels an approved order: places back, codes voided (kept), buyer told', async () => {
      const soldBefore = await sold();
      const id = await cardOrder(2, seats[2]);
      await issueTicketCodes(db(), id);
      const codes = await db().ticketCode.findMany({
        where: { orderId: id },
        orderBy: { code: 'asc' },
      });
      expect(codes).toHaveLength(3);
      const used = codes[0]!;
      await db().ticketCode.update({ where: { id: used.id }, data: { activatedAt: new Date() } });

      const res = await decide(o.admin, id, 'cancel', 'El comprador pidió anular la compra');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AdminOrderBody;
      expect(body.status).toBe('CANCELLED');
      expect(body.change_log.at(-1)).toMatchObject({
        action: 'Order cancelled',
        from_status: 'APPROVED',
        to_status: 'CANCELLED',
        actor: { _id: o.admin.userId },
      });
      // Every code is kept, voided: the activated one keeps the record of that use.
      expect(body.codes.map((c) => c.code).sort()).toEqual(codes.map((c) => c.code));
      expect(body.codes.every((c) => c.voided_at !== null)).toBe(true);
      expect(await sold()).toBe(soldBefore);
      expect((await holdSeat(seats[2]!)).statusCode).toBe(200);
      const [audit] = await auditOf(id);
      expect(audit?.after).toMatchObject({
        status: 'CANCELLED',
        revoked_codes: codes.map((c) => c.code),
      });
      // The tickets job finds nothing to issue for a cancelled order.
      expect(await issueTicketCodes(db(), id)).toEqual({ issued: 0 });
      const mail = await mailOf(`order-cancelled-${id}`);
      expect(renderMail(mail).subject).toContain('fue anulada');

      const again = await decide(o.admin, id, 'cancel', 'Otra vez');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('«Anulada»');
    });

    it('cancels an order still waiting for its deposit', async () => {
      const soldBefore = await sold();
      const id = await depositOrder(2);
      const res = await decide(o.producerUserA, id, 'cancel', 'Evento reprogramado');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('CANCELLED');
      expect(await sold()).toBe(soldBefore);
    });
  });

  describe('POST /admin/orders/{id}/refund', () => {
    it('refunds an approved card order through the gateway, releasing its places', async () => {
      const refund = vi.spyOn(t.app.paymentGateway, 'refund');
      const soldBefore = await sold();
      const id = await cardOrder(1, seats[3]);
      await issueTicketCodes(db(), id);
      const res = await decide(o.producerUserA, id, 'refund', 'Evento cancelado por lluvia');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AdminOrderBody;
      expect(body.status).toBe('REFUND');
      expect(body.codes).toHaveLength(2);
      expect(body.codes.every((c) => c.voided_at !== null)).toBe(true);
      expect(body.change_log.at(-1)).toMatchObject({
        action: 'Order refunded',
        to_status: 'REFUND',
      });
      const transactionId = body.payment_response?.transaction_id;
      expect(refund).toHaveBeenCalledExactlyOnceWith(transactionId, 20_000);
      refund.mockRestore();
      expect(await sold()).toBe(soldBefore);
      expect((await holdSeat(seats[3]!)).statusCode).toBe(200);
      const mail = await mailOf(`order-refunded-${id}`);
      expect(mail.data).toMatchObject({ kind: 'refunded', cardLast4: '1111', total: 'Q 200.00' });
      expect(renderMail(mail).text).toContain('terminada en 1111');

      const again = await decide(o.admin, id, 'refund', 'Otra vez');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('ORDER_STATUS_CONFLICT');
    });

    it('answers 502 when the gateway refuses or fails, and changes nothing', async () => {
      const id = await cardOrder(1, seats[4]);
      const soldBefore = await sold();
      const refund = vi
        .spyOn(t.app.paymentGateway, 'refund')
        .mockResolvedValueOnce({ refunded: false, responseText: 'Rechazado' })
        .mockRejectedValueOnce(new Error('gateway down'));
      for (let i = 0; i < 2; i += 1) {
        const res = await decide(o.admin, id, 'refund', 'Evento cancelado');
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({
          error: 'REFUND_FAILED',
          message: 'El proveedor de pagos no aceptó el reembolso',
        });
      }
      refund.mockRestore();
      expect(await statusOf(id)).toBe('APPROVED');
      expect(await sold()).toBe(soldBefore);
      expect(await db().seatReservation.count({ where: { orderId: id } })).toBe(1);
      expect(await db().orderChangeLog.count({ where: { orderId: id } })).toBe(2);
      expect(await auditOf(id)).toHaveLength(0);
    });

    it('refuses to refund a deposit order with 409: it is cancelled instead', async () => {
      const waiting = await depositOrder(1);
      const approved = await depositOrder(1);
      expect((await decide(o.admin, approved, 'deposit/confirm')).statusCode).toBe(200);
      for (const id of [waiting, approved]) {
        const res = await decide(o.admin, id, 'refund', 'Devolución');
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: 'ORDER_NOT_REFUNDABLE', message: expect.any(String) });
      }
      expect(await statusOf(approved)).toBe('APPROVED');
    });
  });
});
