import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, buyer, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';
import { startTestMailWorker, startTestSmtp } from '../../helpers/mail.ts';
import type { ReceivedMail, TestMailWorker, TestSmtp } from '../../helpers/mail.ts';

/** The smallest PNG there is: the deposit proof. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** 5 March 2027, 20:00 in Guatemala (UTC-6). */
const SHOW_DATE = new Date('2027-03-06T02:00:00Z');
const ORDER_LINK = /https?:\/\/[^\s"<>]+\/orders\/([0-9a-f-]{36})(\?t=[A-Za-z0-9_-]+)?/;

type OrderAnswer = {
  _id: string;
  order_number?: number;
  status: string;
  codes?: { code: string; qrcode: string }[];
};

describe('order e-mails: links that open the order, deposit notices, the receipt and the calendar', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let worker: TestMailWorker;
  let o: Organisers;
  let dir: string;
  let showId: string;
  let platea: string;
  let luneta: string;
  let promoCode: string;
  let seq = 0;
  const app = () => t;
  /** Each order to its own address, so each test finds its own e-mails. */
  const nextEmail = () => `comprador${++seq}@taquilla.test`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-order-mails-'));
    smtp = await startTestSmtp();
    t = await createTestApp({ config: { SMTP_URL: smtp.url, STORAGE_DIR: dir } });
    worker = startTestMailWorker(t, { tickets: true });
    o = await createOrganisers(t);
    const db = t.database.db;
    const show = await createShow(db, {
      producerId: o.producerA,
      fullname: 'Noche de Marimba',
      venue: 'Teatro Nacional',
      venueAddress: '24 calle 3-81, zona 1, Guatemala',
      showDate: SHOW_DATE,
      settings: { deposit: true, duration: 2.5 },
    });
    showId = show.id;
    platea = (
      await createTicket(db, showId, {
        fullname: 'Platea',
        price: 15_000,
        fee: 1_000,
        paymentTypes: ['CREDIT_CARD'],
      })
    ).id;
    luneta = (
      await createTicket(db, showId, {
        fullname: 'Luneta',
        price: 15_000,
        paymentTypes: ['BANK_DEPOSIT'],
      })
    ).id;
    promoCode = (
      await db.promoCode.create({
        data: {
          producerId: o.producerA,
          code: `MARIMBA${Date.now().toString(36).toUpperCase()}`,
          discountType: 'FIXED',
          discountValue: 3_200,
        },
      })
    ).code;
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The order link in a message's text part, checked against its HTML part. */
  function orderLinkIn(mail: ReceivedMail): URL {
    const found = ORDER_LINK.exec(mail.text);
    expect(found, 'an order link in the text part').not.toBeNull();
    const link = new URL(found![0]);
    expect(mail.html).toContain(found![0]);
    return link;
  }

  /** The order as a browser that never saw it reads it: no cookie, only what the link carries. */
  async function openInFreshBrowser(link: URL): Promise<OrderAnswer> {
    const id = link.pathname.split('/').pop();
    const res = await t.app.inject({ method: 'GET', url: `/viewers/orders/${id}${link.search}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderAnswer;
  }

  const mailTo = (to: string, subject: string | RegExp, nth = 0) =>
    smtp.waitForMail(
      (mail) =>
        mail.to === to &&
        (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)) &&
        smtp.received.filter((m) => m.to === to && m.subject === mail.subject).indexOf(mail) ===
          nth,
      15_000,
    );

  /** An APPROVED card order of two Platea places with the promo code applied. */
  async function cardOrder(email: string) {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: platea, show_uid: showId, quantity: 2 }]);
    const applied = await b.send('POST', `/cart/carts/${b.sid}/promo-codes`, { code: promoCode });
    expect(applied.statusCode, applied.body).toBe(200);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa, { email }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Required<OrderAnswer>;
  }

  /** A BANK_DEPOSIT order of two Luneta places with its proof, waiting for the organiser. */
  async function depositOrder(email: string) {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: luneta, show_uid: showId, quantity: 2 }]);
    const url = await b.send(
      'GET',
      `/cart/orders/uploadUrl?show_uid=${showId}&session_id=${b.sid}&filename=boleta.png`,
    );
    expect(url.statusCode, url.body).toBe(200);
    const { signedUrl, link } = url.json() as { signedUrl: string; link: string };
    const signed = new URL(signedUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.pathname + signed.search,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await b.order(
      cartId,
      'BANK_DEPOSIT',
      buyer({ email, file_info: link, reference: 'BI-778812', firstname: 'Lucía' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'WAITING_CONFIRMATION' });
    return res.json() as Required<OrderAnswer>;
  }

  const decide = (orderId: string, action: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/orders/${orderId}/${action}`,
      headers: o.producerUserA.headers,
      ...(payload ? { payload } : {}),
    });

  describe('every link mailed to an order opens it on another device', () => {
    it('the tickets e-mail links the order with its signed token: a fresh browser sees the codes', async () => {
      const email = nextEmail();
      const order = await cardOrder(email);
      const mail = await mailTo(email, `Tus boletos de la orden #${order.order_number}`);
      const link = orderLinkIn(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${t.config.PUBLIC_URL}/orders/${order._id}`);
      expect(link.searchParams.get('t')).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const seen = await openInFreshBrowser(link);
      expect(seen).toMatchObject({ _id: order._id, order_number: order.order_number });
      expect(seen.codes).toHaveLength(2);
      for (const { code, qrcode } of seen.codes!) {
        expect(mail.text).toContain(code);
        expect(qrcode).toBe(`/etickets/qr/${code}`);
      }
      // Once sent, the job kept in Redis no longer carries the token.
      await expect
        .poll(async () => {
          const job = await worker.queue.getJob(`order-tickets-${order._id}`);
          return (job?.data as { data?: { orderUrl?: string } } | undefined)?.data?.orderUrl;
        })
        .toBe(`${t.config.PUBLIC_URL}/orders/[enviado]`);
      // Without the token the same browser gets only the login prompt.
      const bare = await t.app.inject({ method: 'GET', url: `/viewers/orders/${order._id}` });
      expect(Object.keys(bare.json() as object).sort()).toEqual(['_id', 'email', 'status']);
    });

    it('the organiser’s resend carries the token too', async () => {
      const email = nextEmail();
      const order = await cardOrder(email);
      const subject = `Tus boletos de la orden #${order.order_number}`;
      await mailTo(email, subject);
      const resend = await decide(order._id, 'resend');
      expect(resend.statusCode, resend.body).toBe(200);
      const again = await mailTo(email, subject, 1);
      const seen = await openInFreshBrowser(orderLinkIn(again));
      expect(seen.codes).toHaveLength(2);
    });

    it('a rejected deposit’s notice carries the token', async () => {
      const email = nextEmail();
      const order = await depositOrder(email);
      const rejected = await decide(order._id, 'deposit/reject', {
        reason: 'El monto no coincide',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const mail = await mailTo(email, `Tu depósito fue rechazado (orden #${order.order_number})`);
      const seen = await openInFreshBrowser(orderLinkIn(mail));
      expect(seen).toMatchObject({ status: 'REJECTED', order_number: order.order_number });
    });
  });

  describe('a deposit is told at submission and at the decision', () => {
    it('e-mails "Recibimos tu comprobante" when the deposit is registered, then the tickets once confirmed', async () => {
      const email = nextEmail();
      const order = await depositOrder(email);
      const received = await mailTo(
        email,
        `Recibimos tu comprobante (orden #${order.order_number})`,
      );
      for (const part of [received.text, received.html]) {
        expect(part).toContain('Hola, Lucía');
        expect(part).toContain('Recibimos tu comprobante');
        expect(part).toContain('Q 300.00');
        expect(part).toContain('BI-778812');
        expect(part).toContain('48 horas hábiles');
        expect(part).toContain('Noche de Marimba');
      }
      const waiting = await openInFreshBrowser(orderLinkIn(received));
      expect(waiting).toMatchObject({ status: 'WAITING_CONFIRMATION', codes: [] });

      const confirmed = await decide(order._id, 'deposit/confirm');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const tickets = await mailTo(email, `Tus boletos de la orden #${order.order_number}`);
      expect(tickets.text).toContain('Confirmamos tu depósito');
      expect(tickets.html).toContain('Confirmamos tu depósito');
      const seen = await openInFreshBrowser(orderLinkIn(tickets));
      expect(seen.status).toBe('APPROVED');
      expect(seen.codes).toHaveLength(2);
      // One notice at submission, one at the decision: nothing else went to this buyer.
      expect(smtp.received.filter((m) => m.to === email)).toHaveLength(2);
    });
  });

  describe('the tickets e-mail carries the receipt and a calendar file', () => {
    it('lists the lines, fees, discount, total and the card’s last four digits, in both parts', async () => {
      const email = nextEmail();
      const order = await cardOrder(email);
      const mail = await mailTo(email, `Tus boletos de la orden #${order.order_number}`);
      const text = mail.text.replace(/\s+/g, ' ');
      expect(text).toContain('Recibo');
      expect(text).toContain('2 × Platea');
      expect(text).toContain('Boletos: Q 300.00');
      expect(text).toContain('Cargos por servicio: Q 20.00');
      expect(text).toContain(`Descuento (código ${promoCode}): -Q 32.00`);
      expect(text).toContain('Total: Q 288.00');
      expect(text).toContain('Pago: Tarjeta Visa terminada en 1111');
      const html = mail.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      for (const shown of [
        '2 × Platea',
        'Q 300.00',
        'Cargos por servicio',
        'Q 20.00',
        promoCode,
        '-Q 32.00',
        'Q 288.00',
        'Tarjeta Visa terminada en 1111',
      ]) {
        expect(html).toContain(shown);
      }
      expect(mail.text).not.toContain('4111111111111111');
    });

    it('names a deposit as the payment, with its reference, and no card', async () => {
      const email = nextEmail();
      const order = await depositOrder(email);
      expect((await decide(order._id, 'deposit/confirm')).statusCode).toBe(200);
      const mail = await mailTo(email, `Tus boletos de la orden #${order.order_number}`);
      const text = mail.text.replace(/\s+/g, ' ');
      expect(text).toContain('2 × Luneta');
      expect(text).toContain('Total: Q 300.00');
      expect(text).toContain('Pago: Depósito bancario (referencia BI-778812)');
      expect(text).not.toContain('Cargos por servicio');
      expect(text).not.toContain('terminada en');
    });

    it('attaches an .ics event at the show’s date and venue, the same event on every resend', async () => {
      const email = nextEmail();
      const order = await cardOrder(email);
      const subject = `Tus boletos de la orden #${order.order_number}`;
      const mail = await mailTo(email, subject);
      const files = mail.attachments.filter((a) => a.contentType.startsWith('text/calendar'));
      expect(files).toHaveLength(1);
      const [ics] = files;
      expect(ics!.filename).toMatch(/\.ics$/);
      expect(ics!.disposition).toBe('attachment');
      // The QR images stay inline, one per code.
      expect(mail.attachments.filter((a) => a.disposition === 'inline')).toHaveLength(2);

      const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event!.summary).toBe('Noche de Marimba');
      expect(event!.startDate.toJSDate().toISOString()).toBe(SHOW_DATE.toISOString());
      expect(event!.endDate.toJSDate().getTime() - SHOW_DATE.getTime()).toBe(150 * 60_000);
      // In Guatemala's own time: 20:00 on 5 March.
      const wall = new Intl.DateTimeFormat('es-GT', {
        timeZone: 'America/Guatemala',
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(event!.startDate.toJSDate());
      expect(wall).toBe('5/03/27, 20:00');
      expect(event!.location).toBe('Teatro Nacional, 24 calle 3-81, zona 1, Guatemala');
      expect(event!.description).toContain(`Orden #${order.order_number}`);
      expect(event!.description).toContain('20:00 (hora de Guatemala)');
      const orderUrl = orderLinkIn(mail).toString();
      expect(event!.component.getFirstPropertyValue('url')).toBe(orderUrl);

      expect((await decide(order._id, 'resend')).statusCode).toBe(200);
      const again = await mailTo(email, subject, 1);
      const second = again.attachments.find((a) => a.contentType.startsWith('text/calendar'));
      const uidOf = (content: Buffer) =>
        new ICAL.Event(
          new ICAL.Component(ICAL.parse(content.toString('utf8'))).getFirstSubcomponent('vevent')!,
        ).uid;
      expect(uidOf(second!.content)).toBe(event!.uid);
    });
  });
});
