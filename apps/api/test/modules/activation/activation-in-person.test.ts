import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser, createVenueMap } from '../../helpers/factories.ts';

/*
 * Issue 20 item 8 (decision 0058): a seat at the venue activates as an in-person
 * ticket. The answer and the viewer-show say `livestream: false`, "Mis boletos" lists
 * it with its QR, seat and door, and it never opens the player; a streaming ticket
 * activates as before.
 */

interface Person {
  headers: { authorization: string };
  viewerId: string;
}

let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `198.18.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

describe('activating an in-person ticket', () => {
  let t: TestApp;
  const app = () => t;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function person(): Promise<Person> {
    const user = await createUser(db(), { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    return { headers: session.headers, viewerId: user.viewer?.id as string };
  }

  /** Pays for `items` by card and answers the order's first code (issued). */
  async function paidCode(items: object[]): Promise<string> {
    const b = browser(app);
    const cartId = await b.hold(items);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    await issueTicketCodes(db(), orderId);
    const { code } = await db().ticketCode.findFirstOrThrow({ where: { orderId } });
    return code;
  }

  /**
   * A LIVE theatre show that also streams (a video of its own), with a seat map whose
   * Platea enters by "Puerta Norte": seat B2 bought by card.
   */
  async function seatCode() {
    const show = await createShow(db(), {
      fullname: 'Don Juan Tenorio',
      status: 'LIVE',
      videoUrl: 'https://videos.example.com/tenorio.m3u8',
      settings: { has_map: true },
    });
    const { sections } = await createVenueMap(db(), show.id, [
      { name: 'Platea', rows: 2, cols: 3 },
    ]);
    const platea = sections[0]!;
    await db().section.update({ where: { id: platea.section.id }, data: { door: 'Puerta Norte' } });
    await db().ticket.update({
      where: { id: platea.ticket.id },
      data: { paymentTypes: ['CREDIT_CARD'] },
    });
    const seat = platea.seats.find((s) => s.name === 'B2')!;
    const code = await paidCode([
      { ticket_uid: platea.ticket.id, show_uid: show.id, quantity: 1, seat: seat.id },
    ]);
    return { showId: show.id, code };
  }

  /** A GENERAL (or `type`) ticket of a show at `venue`, bought by card. */
  async function ticketCode(venue: string, type: 'GENERAL' | 'ONLINE') {
    const show = await createShow(db(), {
      venue,
      type: venue === 'Online' ? 'ONLINE' : 'VENUE',
      status: 'LIVE',
      videoUrl: 'https://videos.example.com/transmision.m3u8',
    });
    const ticket = await createTicket(db(), show.id, { type, fullname: 'Acceso' });
    return {
      showId: show.id,
      code: await paidCode([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]),
    };
  }

  const activate = (who: Person, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/viewers/viewers/${who.viewerId}/activate/${code}`,
      headers: who.headers,
      // The web client always asks for the stream (000 §3): the ticket decides.
      payload: { payment_type: 'CODE', tickets: [], livestream: true, replay: true },
      remoteAddress: nextIp(),
    });

  const myTickets = (who: Person) =>
    t.app.inject({
      method: 'GET',
      url: `/viewers/viewers/${who.viewerId}/shows`,
      headers: who.headers,
    });

  const playback = (who: Person, showId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/shows/${showId}/playback`,
      headers: who.headers,
      remoteAddress: '10.0.0.8',
    });

  it('answers livestream false for a seat, and the viewer-show keeps it', async () => {
    const { showId, code } = await seatCode();
    const ana = await person();
    const res = await activate(ana, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: expect.any(String), show_uid: showId, livestream: false });

    const read = await t.app.inject({
      method: 'GET',
      url: `/viewers/viewers/${ana.viewerId}/shows/${showId}`,
      headers: ana.headers,
    });
    expect(read.json()).toMatchObject({ livestream: false, replay: false });
  });

  it('lists the seat in "Mis boletos" with its QR, section, row, seat and door', async () => {
    const { showId, code } = await seatCode();
    const ana = await person();
    expect((await activate(ana, code)).statusCode).toBe(200);

    const res = await myTickets(ana);
    expect(res.statusCode, res.body).toBe(200);
    const [item] = (res.json() as { items: object[] }).items;
    expect(item).toMatchObject({
      livestream: false,
      payment_info: { code },
      admission: {
        ticket_type: 'VENUE_SEAT',
        place: { section: 'Platea', row: 'B', seat: 'B2', door: 'Puerta Norte' },
        qrcode: `/etickets/qr/${code}`,
      },
      show: { _id: showId },
    });
  });

  it('does not open the stream of a show that also streams to a seat holder', async () => {
    const { showId, code } = await seatCode();
    const ana = await person();
    expect((await activate(ana, code)).statusCode).toBe(200);
    const res = await playback(ana, showId);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ error: 'TICKET_REQUIRED' });
  });

  it('treats a GENERAL ticket as the show is: in person at a venue, streaming when Online', async () => {
    const atVenue = await ticketCode('Teatro Lux', 'GENERAL');
    const online = await ticketCode('Online', 'GENERAL');
    const ana = await person();
    const bea = await person();
    expect((await activate(ana, atVenue.code)).json()).toMatchObject({ livestream: false });
    expect((await activate(bea, online.code)).json()).toMatchObject({ livestream: true });
    expect((await playback(ana, atVenue.showId)).statusCode).toBe(403);
    expect((await playback(bea, online.showId)).statusCode).toBe(200);
  });

  it('keeps an online ticket of an in-person show streaming, as before', async () => {
    const { showId, code } = await ticketCode('Teatro Lux', 'ONLINE');
    const ana = await person();
    const res = await activate(ana, code);
    expect(res.json()).toEqual({ _id: expect.any(String), show_uid: showId, livestream: true });
    const play = await playback(ana, showId);
    expect(play.statusCode, play.body).toBe(200);
    const [item] = (await myTickets(ana)).json().items as object[];
    expect(item).toMatchObject({
      livestream: true,
      admission: { ticket_type: 'ONLINE', place: null, qrcode: `/etickets/qr/${code}` },
    });
  });
});
