import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { pino } from 'pino';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '../../../src/generated/prisma/client.ts';
import { createPg } from '../../../src/infra/pg.ts';
import type { Pg } from '../../../src/infra/pg.ts';
import { drawTicketQr } from '../../../src/modules/qr/ticket-qr.ts';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { slotCodeId } from '../../../src/modules/etickets/etickets.slots.ts';
import { createTicketsProcessor } from '../../../src/modules/etickets/etickets.worker.ts';
import { composeMail } from '../../../src/modules/mail/mail.templates.ts';
import type { MailMessage } from '../../../src/modules/mail/mail.types.ts';
import { orderLinkToken } from '../../../src/modules/orders/orders.links.ts';
import { createTestDatabase } from '../../helpers/database.ts';
import type { TestDatabase } from '../../helpers/database.ts';
import { createOrder, createShow, createTicket } from '../../helpers/factories.ts';

const LINK_SECRET = 'secreto-de-los-enlaces-de-prueba-32+';

/** The pixels of a 1-bit palette PNG as palette indexes, and its palette as hex colours. */
function readBilevelPng(png: Buffer) {
  const chunks = new Map<string, Buffer[]>();
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    chunks.set(type, [...(chunks.get(type) ?? []), png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  const header = chunks.get('IHDR')![0]!;
  const width = header.readUInt32BE(0);
  expect({ depth: header[8], colourType: header[9], interlace: header[12] }).toEqual({
    depth: 1,
    colourType: 3,
    interlace: 0,
  });
  const raw = inflateSync(Buffer.concat(chunks.get('IDAT')!));
  const stride = 1 + Math.ceil(width / 8);
  const pixel = (x: number, y: number) => {
    expect(raw[y * stride]).toBe(0);
    return (raw[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
  };
  const palette = chunks.get('PLTE')![0]!.toString('hex');
  return {
    width,
    height: header.readUInt32BE(4),
    pixel,
    light: palette.slice(0, 6),
    dark: palette.slice(6, 12),
  };
}

describe('ticket QR images', () => {
  it('draws the symbol of the upper-cased code, module by module, inside a 4-module quiet zone', () => {
    for (const code of ['abc234', 'ZZ9ZZ9', '234567']) {
      const image = readBilevelPng(drawTicketQr(code, '#1A2B3C'));
      const symbol = QRCode.create(code.toUpperCase(), { errorCorrectionLevel: 'M' }).modules;
      expect(image.width).toBe(240);
      expect(image.height).toBe(240);
      expect(image).toMatchObject({ light: 'ffffff', dark: '1a2b3c' });
      const modulePx = 240 / (symbol.size + 8);
      const at = (module: number) => Math.floor((module + 0.5) * modulePx);
      for (let row = -4; row < symbol.size + 4; row += 1) {
        for (let column = -4; column < symbol.size + 4; column += 1) {
          const inside = row >= 0 && column >= 0 && row < symbol.size && column < symbol.size;
          const dark = inside && symbol.get(row, column) ? 1 : 0;
          expect(image.pixel(at(column + 4), at(row + 4)), `${code} ${row},${column}`).toBe(dark);
        }
      }
    }
  });

  it('draws black for a stored colour that is not 6-digit hex, and a small file', () => {
    const png = drawTicketQr('ABC234', 'rojo');
    expect(readBilevelPng(png).dark).toBe('000000');
    expect(png.length).toBeLessThan(600);
  });

  it('attaches one image per code to the tickets e-mail, the one the page serves', () => {
    const ticket = (code: string) => ({
      code,
      ticketType: 'GENERAL' as const,
      title: 'General',
      location: null,
      qrColor: 'ff0000',
    });
    const message: MailMessage = {
      template: 'order-tickets',
      to: 'a@taquilla.test',
      key: 'k',
      data: {
        orderId: 'o1',
        orderNumber: 7,
        orderUrl: 'https://x.test/orders/o1',
        shows: [
          {
            name: 'Obra',
            date: '2027-01-01T01:30:00.000Z',
            venue: 'Teatro',
            tickets: [ticket('ABC234'), ticket('DEF567')],
          },
        ],
      },
    };
    const images = composeMail(message).attachments ?? [];
    expect(images.map((image) => image.cid)).toEqual(['qr-ABC234@taquilla', 'qr-DEF567@taquilla']);
    expect(images[1]!.content.equals(drawTicketQr('DEF567', 'ff0000'))).toBe(true);
  });
});

describe('issuing codes in single statements', () => {
  let database: TestDatabase;
  let pg: Pg;

  beforeAll(async () => {
    database = await createTestDatabase();
    pg = createPg(database.url, 8);
  });
  afterAll(async () => {
    await pg?.end();
    await database?.drop();
  });

  /** An APPROVED order: 2 × General, and 1 × VIP with 2 parking passes in its bundle. */
  async function order() {
    const db = database.db;
    const show = await createShow(db, { fullname: 'Obra', venue: 'Teatro Nacional' });
    const general = await createTicket(db, show.id, { fullname: 'General' });
    const vip = await createTicket(db, show.id, { fullname: 'VIP', qrColor: '#1A2B3C' });
    const created = await createOrder(db, { email: 'ana@taquilla.test' });
    const line = (
      ticket: { id: string; code: string },
      quantity: number,
      bundleItems: Prisma.InputJsonValue = [],
    ) =>
      db.orderItem.create({
        data: {
          orderId: created.id,
          ticketId: ticket.id,
          showId: show.id,
          code: ticket.code,
          showName: show.fullname,
          showDate: show.showDate,
          ticketType: 'GENERAL',
          quantity,
          price: 10_000,
          totalPrice: 10_000 * quantity,
          bundleItems,
        },
      });
    const first = await line(general, 2);
    const second = await line(vip, 1, [
      { description: 'Parqueo', ticket_type: 'VENUE_OPEN', quantity: 2, qr_color: null },
    ]);
    return { id: created.id, lines: [first, second] };
  }

  const codesOf = (orderId: string) =>
    database.db.ticketCode.findMany({
      where: { orderId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });

  it('gives each admission a fixed row id, listed in admission order', async () => {
    const { id, lines } = await order();
    expect(await issueTicketCodes(pg, id)).toEqual({ issued: 5 });
    const codes = await codesOf(id);
    expect(codes.map((c) => c.id)).toEqual(
      expect.arrayContaining([0, 1].map((slot) => slotCodeId(lines[0]!.id, slot))),
    );
    const ofVip = codes.filter((c) => c.orderItemId === lines[1]!.id);
    expect(ofVip.map((c) => c.id)).toEqual([0, 1, 2].map((slot) => slotCodeId(lines[1]!.id, slot)));
    expect(ofVip.map((c) => c.ticketType)).toEqual(['GENERAL', 'VENUE_OPEN', 'VENUE_OPEN']);
    for (const { id: codeId } of codes) {
      expect(codeId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it('issues each admission once when five runs race, on the plain pool or on Prisma', async () => {
    for (const db of [pg, database.db]) {
      const { id } = await order();
      const runs = await Promise.all(Array.from({ length: 5 }, () => issueTicketCodes(db, id)));
      expect(runs.reduce((sum, run) => sum + run.issued, 0)).toBe(5);
      expect(await codesOf(id)).toHaveLength(5);
      expect(await issueTicketCodes(db, id)).toEqual({ issued: 0 });
    }
  });

  it('counts codes issued before ids were fixed, and issues only what they leave', async () => {
    const { id, lines } = await order();
    // Two General codes with random ids, as the earlier issuing wrote them.
    await database.db.ticketCode.createMany({
      data: ['GEN234', 'GEN567'].map((code) => ({
        id: randomUUID(),
        orderId: id,
        orderItemId: lines[0]!.id,
        code,
        ticketType: 'GENERAL' as const,
      })),
    });
    expect(await issueTicketCodes(pg, id)).toEqual({ issued: 3 });
    const codes = await codesOf(id);
    expect(
      codes
        .filter((c) => c.orderItemId === lines[0]!.id)
        .map((c) => c.code)
        .sort(),
    ).toEqual(['GEN234', 'GEN567']);
    expect(codes).toHaveLength(5);
  });

  it('issues nothing for an order cancelled while the insert waited for its lock', async () => {
    const { id } = await order();
    let run: Promise<{ issued: number }> | undefined;
    await database.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM orders WHERE id = ${id}::uuid FOR UPDATE`;
      run = issueTicketCodes(pg, id);
      await new Promise((r) => setTimeout(r, 300));
      await tx.$executeRaw`UPDATE orders SET status = 'CANCELLED' WHERE id = ${id}::uuid`;
    });
    expect(await run!).toEqual({ issued: 0 });
    expect(await codesOf(id)).toHaveLength(0);
  });

  it('e-mails the codes it issued, and the same codes when run again', async () => {
    const { id } = await order();
    const sent: MailMessage[] = [];
    const runJob = createTicketsProcessor({
      db: pg,
      mailer: { send: async (message) => void sent.push(message) },
      publicUrl: 'https://boletos.example.gt/',
      linkSecret: LINK_SECRET,
      log: pino({ level: 'silent' }),
    });
    const job = { id: 'j', data: { orderId: id, mailKey: `order-tickets-${id}` } } as never;
    expect(await runJob(job)).toEqual({ issued: 5, mailed: true });
    expect(await runJob(job)).toEqual({ issued: 0, mailed: true });
    const codes = (await codesOf(id)).map((c) => c.code).sort();
    for (const message of sent) {
      if (message.template !== 'order-tickets') throw new Error(message.template);
      expect(message).toMatchObject({ to: 'ana@taquilla.test', key: `order-tickets-${id}` });
      // Signed: a guest opens it on another device without signing in.
      expect(message.data.orderUrl).toBe(
        `https://boletos.example.gt/orders/${id}?t=${orderLinkToken(LINK_SECRET, id)}`,
      );
      const [show] = message.data.shows;
      expect(show).toMatchObject({ name: 'Obra', venue: 'Teatro Nacional' });
      expect(show!.tickets.map((t) => t.code).sort()).toEqual(codes);
      expect(show!.tickets.filter((t) => t.title === 'VIP')[0]!.qrColor).toBe('1a2b3c');
      expect(show!.tickets.filter((t) => t.title === 'Parqueo')).toHaveLength(2);
    }
    expect(sent).toHaveLength(2);
  });
});
