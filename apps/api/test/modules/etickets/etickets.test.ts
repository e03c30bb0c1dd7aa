import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Queue, QueueEvents } from 'bullmq';
import type { Worker } from 'bullmq';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { isWellFormedTicketCode, TICKET_CODE_ALPHABET } from '@taquilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullConnection, QUEUES } from '../../../src/infra/queues.ts';
import { startWorkers } from '../../../src/jobs/workers.ts';
import { createTicketsQueue } from '../../../src/modules/etickets/etickets.queue.ts';
import type { TicketsQueue } from '../../../src/modules/etickets/etickets.queue.ts';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { renderMail } from '../../../src/modules/mail/mail.templates.ts';
import { orderLinkSecret, orderLinkToken } from '../../../src/modules/orders/orders.links.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import {
  createIssuedCodes,
  createOrder,
  createShow,
  createTicket,
} from '../../helpers/factories.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { contentType: string; cid?: string; disposition?: string; content: Buffer }[];
}

/** A real SMTP server that keeps each message parsed with its attachments. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream, { skipImageLinks: true }).then((mail) => {
        received.push({
          to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((a) => ({
            contentType: a.contentType,
            cid: a.cid,
            disposition: a.contentDisposition,
            content: a.content,
          })),
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function eventually<T>(read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('ticket codes, QR images and the tickets e-mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let workers: Worker[];
  let tickets: TicketsQueue;
  const prefix = `test-etickets-${randomBytes(4).toString('hex')}`;

  /**
   * An order of `status` with two lines: 3 × a numbered seat, and 1 × a VIP
   * seat whose bundle brings 2 parking passes (multiplier 2 × quantity 1).
   */
  async function orderWithTwoLines(status: 'APPROVED' | 'PENDING' = 'APPROVED') {
    const db = t.database.db;
    const show = await createShow(db, {
      fullname: 'Concierto de Marimba',
      venue: 'Teatro Nacional',
      showDate: new Date('2027-03-06T02:00:00Z'),
    });
    const platea = await createTicket(db, show.id, { fullname: 'Platea', type: 'VENUE_SEAT' });
    const vip = await createTicket(db, show.id, {
      fullname: 'VIP',
      type: 'VENUE_SEAT',
      qrColor: '#1A2B3C',
    });
    const order = await createOrder(db, { status, email: 'marta@taquilla.test' });
    const line = (ticket: { id: string; code: string }, quantity: number) => ({
      orderId: order.id,
      ticketId: ticket.id,
      showId: show.id,
      code: ticket.code,
      showName: show.fullname,
      showDate: show.showDate,
      ticketType: 'VENUE_SEAT' as const,
      quantity,
      price: 10_000,
      totalPrice: 10_000 * quantity,
    });
    const seats = await db.orderItem.create({
      data: {
        ...line(platea, 3),
        location: { section: 'Platea', row: 'B', seat: null, door: 'Norte' },
      },
    });
    const bundle = await db.orderItem.create({
      data: {
        ...line(vip, 1),
        location: { section: 'VIP', row: 'A', seat: '7', door: 'Unica' },
        bundleItems: [
          {
            ticket_uid: platea.id,
            code: 'PARQUEO',
            description: 'Parqueo',
            note: null,
            ticket_type: 'GENERAL',
            quantity: 2,
            location: 'Sótano 2',
            ticket_image: null,
            qr_color: 'ff0000',
          },
        ],
      },
    });
    return { order, show, seats, bundle };
  }

  const codesOf = (orderId: string) =>
    t.database.db.ticketCode.findMany({ where: { orderId }, orderBy: { code: 'asc' } });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { SMTP_URL: smtp.url } });
    const connection = bullConnection(t.config.REDIS_URL);
    workers = startWorkers({
      db: t.database.db,
      connection,
      log: pino({ level: 'silent' }),
      prefix,
      mail: { config: t.config },
      tickets: { publicUrl: 'https://boletos.example.gt/', linkSecret: orderLinkSecret(t.config) },
    });
    tickets = createTicketsQueue({ connection, prefix });
  });
  afterAll(async () => {
    await Promise.all((workers ?? []).map((w) => w.close()));
    await tickets?.close();
    const connection = bullConnection(t.config.REDIS_URL);
    for (const name of Object.values(QUEUES)) {
      const queue = new Queue(name, { connection, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await t?.close();
    await smtp?.close();
  });

  describe('issuing codes', () => {
    it('gives each admission one code: 3 seats, 1 VIP seat and its 2 parking passes', async () => {
      const { order, seats, bundle } = await orderWithTwoLines();
      expect(await issueTicketCodes(t.database.db, order.id)).toEqual({ issued: 6 });
      const codes = await codesOf(order.id);
      expect(codes).toHaveLength(6);
      expect(codes.every((c) => isWellFormedTicketCode(c.code))).toBe(true);
      expect(new Set(codes.map((c) => c.code)).size).toBe(6);
      const ofLine = (id: string) =>
        codes
          .filter((c) => c.orderItemId === id)
          .map((c) => c.ticketType)
          .sort();
      expect(ofLine(seats.id)).toEqual(['VENUE_SEAT', 'VENUE_SEAT', 'VENUE_SEAT']);
      expect(ofLine(bundle.id)).toEqual(['GENERAL', 'GENERAL', 'VENUE_SEAT']);
    });

    it('issues nothing more when run again, alone or five at once', async () => {
      const { order } = await orderWithTwoLines();
      await issueTicketCodes(t.database.db, order.id);
      const first = (await codesOf(order.id)).map((c) => c.code);
      expect(await issueTicketCodes(t.database.db, order.id)).toEqual({ issued: 0 });
      const again = await Promise.all(
        Array.from({ length: 5 }, () => issueTicketCodes(t.database.db, order.id)),
      );
      expect(again.map((r) => r.issued)).toEqual([0, 0, 0, 0, 0]);
      expect((await codesOf(order.id)).map((c) => c.code)).toEqual(first);
    });

    it('issues once when five runs race on a fresh order', async () => {
      const { order } = await orderWithTwoLines();
      const db = t.database.db;
      let runs: Promise<{ issued: number }[]> | undefined;
      // While the test holds the table, inserts wait and reads do not: every run
      // reaches its insert having read "no codes yet", and only the primary key
      // (one fixed id per admission) keeps the others from issuing again.
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`LOCK TABLE ticket_codes IN SHARE MODE`;
        runs = Promise.all(Array.from({ length: 5 }, () => issueTicketCodes(db, order.id)));
        await new Promise((r) => setTimeout(r, 300));
      });
      const results = await runs!;
      expect(results.reduce((sum, r) => sum + r.issued, 0)).toBe(6);
      expect(await codesOf(order.id)).toHaveLength(6);
    });

    it('issues nothing for an order that is not APPROVED', async () => {
      const { order } = await orderWithTwoLines('PENDING');
      expect(await issueTicketCodes(t.database.db, order.id)).toEqual({ issued: 0 });
      expect(await codesOf(order.id)).toHaveLength(0);
    });

    it('draws again when a drawn code is already taken', async () => {
      const { order: earlier } = await orderWithTwoLines();
      await issueTicketCodes(t.database.db, earlier.id);
      const taken = (await codesOf(earlier.id))[0]!.code;
      // The first draw spells a taken code; later draws are random.
      let calls = 0;
      const colliding = (size: number) => {
        calls += 1;
        if (calls > 6) return randomBytes(size);
        const bytes = new Uint8Array(size);
        [...taken].forEach((char, i) => (bytes[i] = TICKET_CODE_ALPHABET.indexOf(char)));
        return bytes;
      };
      const { order } = await orderWithTwoLines();
      expect(await issueTicketCodes(t.database.db, order.id, { randomBytes: colliding })).toEqual({
        issued: 6,
      });
      const codes = await codesOf(order.id);
      expect(codes).toHaveLength(6);
      expect(codes.filter((c) => c.code === taken)).toHaveLength(0);
    });
  });

  describe('the tickets job and its e-mail', () => {
    const mailsTo = (orderNumber: number) =>
      smtp.received.filter((m) => m.subject === `Tus boletos de la orden #${orderNumber}`);

    it('issues the codes and sends one e-mail with a QR image per code, however often enqueued', async () => {
      const { order } = await orderWithTwoLines();
      await tickets.enqueue(order.id);
      await tickets.enqueue(order.id);
      const mail = await eventually(() => mailsTo(order.orderNumber)[0]);
      const codes = await codesOf(order.id);
      expect(codes).toHaveLength(6);

      expect(mail.to).toBe('marta@taquilla.test');
      for (const { code } of codes) {
        expect(mail.text).toContain(code);
        expect(mail.html).toContain(`cid:qr-${code}@taquilla`);
      }
      expect(mail.text).toContain('Concierto de Marimba');
      expect(mail.text).toContain('5 de marzo de 2027, 20:00 (hora de Guatemala)');
      expect(mail.text).toContain('Lugar: Teatro Nacional');
      expect(mail.text).toContain(
        'VIP · Butaca numerada · Sección VIP, Fila A, Asiento 7, Ingreso por Unica',
      );
      expect(mail.text).toContain('Parqueo · General · Sección Sótano 2');
      expect(mail.text).toContain('Llega 30 minutos antes del inicio del evento.');
      expect(mail.text).toContain('Las compras son finales, excepto en eventos cancelados.');
      expect(mail.text).toContain(
        `https://boletos.example.gt/orders/${order.id}?t=${orderLinkToken(orderLinkSecret(t.config), order.id)}`,
      );

      // One QR image per code, inline; the calendar file besides (order-mails.test.ts).
      const images = mail.attachments.filter((a) => a.disposition === 'inline');
      expect(images).toHaveLength(6);
      expect(mail.attachments.filter((a) => a.disposition === 'attachment')).toEqual([
        expect.objectContaining({ contentType: 'text/calendar' }),
      ]);
      for (const image of images) {
        expect(image.contentType).toBe('image/png');
        expect(image.disposition).toBe('inline');
        expect(image.content.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      }
      expect(images.map((a) => a.cid).sort()).toEqual(
        codes.map((c) => `qr-${c.code}@taquilla`).sort(),
      );

      // The mail job in Redis carries the codes, never the images.
      const mailQueue = new Queue(QUEUES.mail, {
        connection: bullConnection(t.config.REDIS_URL),
        prefix,
      });
      const job = await mailQueue.getJob(`order-tickets-${order.id}`);
      await mailQueue.close();
      expect(JSON.stringify(job?.data)).toContain(codes[0]!.code);
      expect(JSON.stringify(job?.data)).not.toContain('iVBOR');

      await tickets.enqueue(order.id);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(mailsTo(order.orderNumber)).toHaveLength(1);
    });

    it('sends the same codes again on a resend', async () => {
      const { order } = await orderWithTwoLines();
      await tickets.enqueue(order.id);
      await eventually(() => mailsTo(order.orderNumber)[0]);
      await tickets.resend(order.id);
      const second = await eventually(() => mailsTo(order.orderNumber)[1]);
      const codes = await codesOf(order.id);
      expect(codes).toHaveLength(6);
      for (const { code } of codes) expect(second.text).toContain(code);
      expect(second.attachments.filter((a) => a.disposition === 'inline')).toHaveLength(6);
    });

    it('sends nothing for an order that is not APPROVED', async () => {
      const { order } = await orderWithTwoLines('PENDING');
      const events = new QueueEvents(QUEUES.tickets, {
        connection: bullConnection(t.config.REDIS_URL),
        prefix,
      });
      await events.waitUntilReady();
      // Finished jobs are removed at once: listen before enqueueing.
      const finished = new Promise<unknown>((resolve) =>
        events.on('completed', ({ jobId, returnvalue }) => {
          if (jobId !== `tickets-${order.id}`) return;
          resolve(typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue);
        }),
      );
      await tickets.enqueue(order.id);
      expect(await finished).toEqual({ issued: 0, mailed: false });
      await events.close();
      expect(mailsTo(order.orderNumber)).toHaveLength(0);
    });

    it('writes Spanish text and escapes names in the HTML part', () => {
      const mail = renderMail({
        template: 'order-tickets',
        to: 'a@taquilla.test',
        key: 'k',
        data: {
          orderId: 'o1',
          orderNumber: 7,
          orderUrl: 'https://x.test/orders/o1',
          shows: [
            {
              name: '<b>Obra</b>',
              date: '2027-01-01T01:30:00.000Z',
              venue: 'Online',
              tickets: [
                {
                  code: 'ABC234',
                  ticketType: 'ONLINE',
                  title: null,
                  location: null,
                  qrColor: null,
                },
              ],
            },
          ],
        },
      });
      expect(mail.subject).toBe('Tus boletos de la orden #7');
      expect(mail.text).toContain('31 de diciembre de 2026, 19:30 (hora de Guatemala)');
      expect(mail.text).toContain('ABC234  En línea');
      expect(mail.html).toContain('&lt;b&gt;Obra&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>Obra');
    });
  });

  describe('GET /etickets/qr/:code', () => {
    const qr = (path: string) => t.app.inject({ method: 'GET', url: `/etickets/qr/${path}` });
    // Only issued codes draw (decision 0055).
    beforeAll(async () => {
      const show = await createShow(t.database.db);
      await createIssuedCodes(t.database.db, show.id, ['ABC234']);
    });

    it('answers a cacheable PNG of the upper-cased code', async () => {
      const res = await qr('ABC234');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeGreaterThan(0);
      expect(res.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      expect((await qr('abc234')).rawPayload.equals(res.rawPayload)).toBe(true);
    });

    it('draws the dark modules in the colour asked for', async () => {
      const black = (await qr('ABC234')).rawPayload;
      const blue = await qr('ABC234?color=1a2b3c');
      const red = await qr('ABC234?color=%23ff0000');
      expect(blue.statusCode).toBe(200);
      expect(red.statusCode).toBe(200);
      expect(blue.rawPayload.equals(red.rawPayload)).toBe(false);
      expect(blue.rawPayload.equals(black)).toBe(false);
      expect((await qr('ABC234?color=%231A2B3C')).rawPayload.equals(blue.rawPayload)).toBe(true);
    });

    it('refuses a colour that is not 6-digit hex with 422', async () => {
      const res = await qr('ABC234?color=azul');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: 'VALIDATION_ERROR',
        fields: [{ field: 'color', message: expect.stringContaining('hexadecimal') }],
      });
    });

    it('answers 404 {error, message} for a code that cannot exist', async () => {
      for (const code of ['ABC0EF', 'ABC', 'ABCDEFG', 'ABC%2F34']) {
        const res = await qr(code);
        expect(res.statusCode, code).toBe(404);
        expect(res.json()).toEqual({
          error: 'TICKET_CODE_NOT_FOUND',
          message: 'El código no existe',
        });
      }
    });

    it('is documented as an image in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      const op = doc.paths['/etickets/qr/{code}'].get;
      expect(op.operationId).toBe('getTicketQr');
      expect(op.responses['200'].content).toEqual({
        'image/png': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) },
      });
      expect(JSON.stringify(op.responses['404'])).toContain('TICKET_CODE_NOT_FOUND');
    });
  });
});
