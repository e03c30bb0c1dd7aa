import { MY_TICKETS_LIMIT } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, createOrganisers, login } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';

interface Person {
  headers: { authorization: string };
  viewerId: string;
}

interface MyTicketBody {
  _id: string;
  createdAt: string;
  ticket: { fullname: string | null };
  payment_info: { request_code: string | null; code: string; expires_on: string | null };
  show: { _id: string; fullname: string; status: string; video_url: string | null };
}

let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `203.0.113.${lastIp}`;
};

describe('GET /viewers/viewers/{viewerId}/shows ("Mis boletos")', () => {
  let t: TestApp;
  let o: Organisers;
  const app = () => t;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
  });
  afterAll(async () => t.close());

  async function person(): Promise<Person> {
    const user = await createUser(db(), { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    return { headers: session.headers, viewerId: user.viewer?.id as string };
  }

  /** A show of producer A with an APPROVED card order of one place and its code issued. */
  async function boughtCode(fullname: string) {
    const show = await createShow(db(), {
      producerId: o.producerA,
      fullname,
      videoUrl: 'https://videos.example.com/secreto.m3u8',
    });
    const ticket = await createTicket(db(), show.id, { fullname: 'Platea' });
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    await issueTicketCodes(db(), orderId);
    const { code } = await db().ticketCode.findFirstOrThrow({ where: { orderId } });
    return { showId: show.id, orderId, code };
  }

  async function activate(who: Person, code: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/viewers/viewers/${who.viewerId}/activate/${code}`,
      headers: who.headers,
      payload: { payment_type: 'CODE', tickets: [] },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const list = (viewerId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/viewers/viewers/${viewerId}/shows`, headers });

  it("lists the owner's activated codes with their public show, newest first", async () => {
    const ana = await person();
    const first = await boughtCode('Marimba de concierto');
    const second = await boughtCode('Noche de jazz');
    await activate(ana, first.code);
    await activate(ana, second.code);

    const res = await list(ana.viewerId, ana.headers);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: MyTicketBody[] }).items;
    expect(items.map((item) => item.show.fullname)).toEqual([
      'Noche de jazz',
      'Marimba de concierto',
    ]);
    expect(items[0]).toMatchObject({
      ticket: { fullname: 'Platea' },
      payment_info: { request_code: second.code, code: second.code, expires_on: null },
      show: { _id: second.showId, status: 'ACTIVE' },
    });
    // The public show: never its video source.
    expect(items[0]?.show.video_url).toBeNull();
    expect(Date.parse(items[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(items[1]!.createdAt));
  });

  it('answers an empty list to a viewer who activated nothing', async () => {
    const luis = await person();
    const res = await list(luis.viewerId, luis.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  it("refuses another viewer's list (403) and an anonymous caller (401)", async () => {
    const ana = await person();
    const luis = await person();
    await activate(ana, (await boughtCode('Teatro de títeres')).code);

    const other = await list(ana.viewerId, luis.headers);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect(other.body).not.toContain('Teatro de títeres');

    const malformed = await list('no-es-un-id', luis.headers);
    expect(malformed.statusCode).toBe(403);

    const anonymous = await list(ana.viewerId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('drops the activated code of an order cancelled afterwards (decision 0064: it opens nothing)', async () => {
    const ana = await person();
    const bought = await boughtCode('Festival de cortos');
    const kept = await boughtCode('Concierto de piano');
    await activate(ana, bought.code);
    await activate(ana, kept.code);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${bought.orderId}/cancel`,
      headers: o.admin.headers,
      payload: { reason: 'Prueba de anulación' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED' });

    const res = await list(ana.viewerId, ana.headers);
    const codes = (res.json() as { items: MyTicketBody[] }).items.map((i) => i.payment_info.code);
    expect(codes).toEqual([kept.code]);
  });

  it(`answers at most ${MY_TICKETS_LIMIT}, the newest`, async () => {
    const ana = await person();
    const count = MY_TICKETS_LIMIT + 1;
    const producerId = o.producerB;
    const names = Array.from({ length: count }, (_, i) => `Episodio ${String(i).padStart(3, '0')}`);
    await db().show.createMany({
      data: names.map((fullname) => ({
        fullname,
        producerId,
        showDate: new Date('2027-01-01T02:00:00Z'),
        venue: 'En línea',
        settings: {},
      })),
    });
    const shows = await db().show.findMany({ where: { fullname: { in: names } } });
    const idOf = new Map(shows.map((s) => [s.fullname, s.id]));
    const base = Date.parse('2026-01-01T00:00:00Z');
    await db().viewerShow.createMany({
      data: names.map((fullname, i) => ({
        viewerId: ana.viewerId,
        showId: idOf.get(fullname) as string,
        code: `C${String(i).padStart(5, '0')}`,
        createdAt: new Date(base + i * 60_000),
      })),
    });

    const res = await list(ana.viewerId, ana.headers);
    const items = (res.json() as { items: MyTicketBody[] }).items;
    expect(items).toHaveLength(MY_TICKETS_LIMIT);
    expect(items[0]?.show.fullname).toBe(names.at(-1));
    // The oldest activation is the one left out.
    expect(items.map((i) => i.show.fullname)).not.toContain(names[0]);
  });
});
