import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAndMailTickets } from '../../../src/modules/etickets/etickets.service.ts';
import { renderMail } from '../../../src/modules/mail/mail.templates.ts';
import type { MailMessage } from '../../../src/modules/mail/mail.types.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createOrder, createShow, createTicket, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

type Place = {
  section: string | null;
  row: string | null;
  seat: string | null;
  door: string | null;
};

interface CartBody {
  _id: string;
  items: { ticket_type: string; location: Place }[];
}

interface OrderBody {
  _id: string;
  status: string;
  tickets: { ticket_type: string; location: Place | null }[];
}

/**
 * 000 §2: every cart line shows its section/door badge. An open section's line
 * carries its section and its door as the organiser typed them, like a seat's,
 * and so do the order's lines and the tickets e-mail (decision 0055).
 */
describe('cart: open-section lines carry their section and door', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  async function venue() {
    const show = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 86_400_000),
    });
    const { sections } = await createVenueMap(t.database.db, show.id, [
      { name: 'Pista', type: 'OPEN', capacity: 30, door: 'Norte' },
      { name: 'Gradería', type: 'OPEN', capacity: 30 },
      { name: 'Platea', rows: 1, cols: 2, door: 'Puerta 1' },
    ]);
    const [pista, graderia, platea] = sections;
    if (!pista || !graderia || !platea?.seats[0]) throw new Error('map fixture');
    await t.database.db.ticket.updateMany({
      where: { showId: show.id },
      data: { paymentTypes: ['CREDIT_CARD'] },
    });
    return { show, pista, graderia, platea, seat: platea.seats[0] };
  }

  it('answers the section and the door of an open section, "Unica" when none was typed', async () => {
    const { show, pista, graderia } = await venue();
    const buyer = browser(() => t);
    await buyer.hold([
      { ticket_uid: pista.ticket.id, show_uid: show.id, quantity: 2 },
      { ticket_uid: graderia.ticket.id, show_uid: show.id, quantity: 1 },
    ]);
    const cart = (await buyer.send('GET', `/cart/${buyer.sid}`)).json() as CartBody;
    expect(cart.items.map((i) => [i.ticket_type, i.location])).toEqual(
      expect.arrayContaining([
        ['VENUE_OPEN', { section: 'Pista', row: null, seat: null, door: 'Norte' }],
        ['VENUE_OPEN', { section: 'Gradería', row: null, seat: null, door: 'Unica' }],
      ]),
    );
  });

  it('keeps them on the order and prints the door as typed in the tickets e-mail', async () => {
    const { show, pista, platea, seat } = await venue();
    const buyer = browser(() => t);
    const cartId = await buyer.hold([
      { ticket_uid: pista.ticket.id, show_uid: show.id, quantity: 1 },
      { ticket_uid: platea.ticket.id, show_uid: show.id, quantity: 1, seat: seat.id },
    ]);
    const placed = await buyer.order(cartId, 'CREDIT_CARD', {
      ...cardInfo(CARDS.visa),
      total: 200,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { _id: string })._id;
    const order = (await buyer.send('GET', `/viewers/orders/${orderId}`)).json() as OrderBody;
    expect(order.tickets.map((i) => i.location)).toEqual(
      expect.arrayContaining([
        { section: 'Pista', row: null, seat: null, door: 'Norte' },
        { section: 'Platea', row: 'A', seat: 'A1', door: 'Puerta 1' },
      ]),
    );

    const sent: MailMessage[] = [];
    const result = await issueAndMailTickets(
      {
        db: t.database.db,
        mailer: { send: async (message) => void sent.push(message) },
        publicUrl: 'https://boletos.example.gt',
        linkSecret: 'x'.repeat(32),
      },
      { orderId, mailKey: `order-tickets-${orderId}` },
    );
    expect(result).toMatchObject({ issued: 2, mailed: true });
    const mail = renderMail(sent[0] as MailMessage);
    expect(mail.text).toContain('Sección Pista, Ingreso por Norte');
    expect(mail.text).toContain('Sección Platea, Fila A, Asiento A1, Ingreso por Puerta 1');
    expect(mail.text).not.toContain('Puerta Puerta');
    expect(mail.html).toContain('Sección Pista, Ingreso por Norte');
  });

  it('gives the lines sold before the change their section and door (migration), and leaves the rest', async () => {
    const { show, pista, platea, seat } = await venue();
    const general = await createTicket(t.database.db, show.id);
    const order = await createOrder(t.database.db);
    const NO_PLACE = { section: null, row: null, seat: null, door: null };
    const line = (data: {
      ticketId: string;
      ticketType: 'VENUE_OPEN' | 'VENUE_SEAT' | 'GENERAL';
      seatId?: string;
      location: object;
    }) =>
      t.database.db.orderItem.create({
        data: {
          orderId: order.id,
          showId: show.id,
          code: 'X',
          showName: 'Evento',
          showDate: show.showDate,
          quantity: 1,
          price: 0,
          totalPrice: 0,
          ...data,
        },
      });
    const old = await line({
      ticketId: pista.ticket.id,
      ticketType: 'VENUE_OPEN',
      location: NO_PLACE,
    });
    const seated = await line({
      ticketId: platea.ticket.id,
      ticketType: 'VENUE_SEAT',
      seatId: seat.id,
      location: { section: 'Platea', row: 'A', seat: 'A1', door: 'Puerta 1' },
    });
    const plain = await line({ ticketId: general.id, ticketType: 'GENERAL', location: NO_PLACE });

    const sql = await readFile(
      new URL(
        '../../../../../prisma/migrations/20261130020000_open_section_locations/migration.sql',
        import.meta.url,
      ),
      'utf8',
    );
    for (const statement of sql.split(/;\s*\n/).filter((s) => /\bUPDATE\b/.test(s))) {
      await t.database.db.$executeRawUnsafe(statement);
    }
    const locationOf = async (id: string) =>
      (await t.database.db.orderItem.findUniqueOrThrow({ where: { id } })).location;
    expect(await locationOf(old.id)).toEqual({
      section: 'Pista',
      row: null,
      seat: null,
      door: 'Norte',
    });
    expect(await locationOf(seated.id)).toEqual({
      section: 'Platea',
      row: 'A',
      seat: 'A1',
      door: 'Puerta 1',
    });
    expect(await locationOf(plain.id)).toEqual(NO_PLACE);
  });
});
