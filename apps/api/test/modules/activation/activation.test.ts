import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';

const DECLINED_51 = '4000000000000093';
const ACTIVATION_BODY = {
  payment_type: 'CODE',
  payment_info: { request_code: '' },
  tickets: [],
  livestream: true,
  replay: true,
  meetngreet: false,
};

interface Person {
  headers: { authorization: string };
  userId: string;
  viewerId: string;
}

let lastIp = 0;
/** Each call from an address of its own unless told: the per-address budget stays out of the way. */
const nextIp = () => {
  lastIp += 1;
  return `198.51.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

describe('ticket activation and the viewer-show', () => {
  let t: TestApp;
  const app = () => t;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function person(): Promise<Person> {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    return { headers: session.headers, userId: user.id, viewerId: user.viewer?.id as string };
  }

  /**
   * A show, and an APPROVED card order of `quantity` online places with its codes
   * issued (online: they open the stream; in-person codes are activation-in-person's).
   */
  async function boughtCodes(quantity = 1, showId?: string) {
    const show = showId ?? (await createShow(t.database.db)).id;
    const ticket = await createTicket(t.database.db, show, {
      capacity: 20,
      type: 'ONLINE',
      fullname: 'Acceso en línea',
      description: 'La transmisión del evento',
    });
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show, quantity }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    await issueTicketCodes(t.database.db, orderId);
    const codes = await t.database.db.ticketCode.findMany({
      where: { orderId },
      orderBy: { code: 'asc' },
    });
    return { showId: show, ticketId: ticket.id, orderId, codes: codes.map((c) => c.code) };
  }

  const activate = (who: Person | null, code: string, viewerId?: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: `/viewers/viewers/${viewerId ?? who?.viewerId}/activate/${code}`,
      headers: who?.headers ?? {},
      payload: ACTIVATION_BODY,
      remoteAddress: ip,
    });

  const viewerShow = (who: Person, showId: string, viewerId = who.viewerId) =>
    t.app.inject({
      method: 'GET',
      url: `/viewers/viewers/${viewerId}/shows/${showId}`,
      headers: who.headers,
    });

  it('activates a code: the code is marked, the viewer-show is written and read back', async () => {
    const { showId, codes } = await boughtCodes();
    const code = codes[0] as string;
    const ana = await person();
    const res = await activate(ana, code);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { _id: string; show_uid: string };
    expect(body.show_uid).toBe(showId);

    const row = await t.database.db.ticketCode.findUniqueOrThrow({ where: { code } });
    expect(row.activatedAt).not.toBeNull();
    const read = await viewerShow(ana, showId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      _id: body._id,
      show_uid: showId,
      ticket: { fullname: 'Acceso en línea' },
      payment_info: { request_code: code, code, expires_on: null },
      livestream: true,
      replay: true,
      meetngreet: false,
    });
  });

  it('reads a code as people type it: lower-case and padded', async () => {
    const { codes } = await boughtCodes();
    const res = await activate(await person(), `%20${(codes[0] as string).toLowerCase()}%20`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 422 naming the field for a code that cannot be one', async () => {
    const res = await activate(await person(), 'ABC10O');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', fields: [{ field: 'code' }] });
  });

  it('answers 404 for an unknown code and for the code of an order that is not approved', async () => {
    const ana = await person();
    const unknown = await activate(ana, 'ZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'TICKET_CODE_NOT_FOUND',
      message: 'El código no existe',
    });
    for (const status of ['PENDING', 'REJECTED'] as const) {
      const { orderId, codes } = await boughtCodes();
      await t.database.db.order.update({ where: { id: orderId }, data: { status } });
      const res = await activate(ana, codes[0] as string);
      expect(res.statusCode, status).toBe(404);
      expect(res.json().error).toBe('TICKET_CODE_NOT_FOUND');
    }
    expect(await t.database.db.viewerShow.count({ where: { viewerId: ana.viewerId } })).toBe(0);
  });

  it('answers 409 with the show when the account already has a ticket for it', async () => {
    const { showId, codes } = await boughtCodes(2);
    const [first, second] = codes as [string, string];
    const ana = await person();
    expect((await activate(ana, first)).statusCode).toBe(200);
    for (const code of [first, second]) {
      const again = await activate(ana, code);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: 'ALREADY_ACTIVATED',
        message: 'Ya tienes un boleto activado para este show',
        show_uid: showId,
      });
    }
    // The second code stays free for someone else.
    const row = await t.database.db.ticketCode.findUniqueOrThrow({ where: { code: second } });
    expect(row.activatedAt).toBeNull();
    expect((await activate(await person(), second)).statusCode).toBe(200);
  });

  it('answers 422 when another account activated the code', async () => {
    const { codes } = await boughtCodes();
    expect((await activate(await person(), codes[0] as string)).statusCode).toBe(200);
    const res = await activate(await person(), codes[0] as string);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'CODE_ALREADY_USED',
      message: 'Este código ya fue activado por otra cuenta',
    });
  });

  it('gives a code to exactly one of three accounts racing for it', async () => {
    const { codes } = await boughtCodes();
    const code = codes[0] as string;
    const people = await Promise.all([person(), person(), person()]);
    const answers = await Promise.all(people.map((p) => activate(p, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
    expect(await t.database.db.viewerShow.count({ where: { ticketCode: { code } } })).toBe(1);
  });

  it('lets one account racing with two codes of one show spend only one of them', async () => {
    const { codes } = await boughtCodes(2);
    const ana = await person();
    const answers = await Promise.all(codes.map((code) => activate(ana, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const activated = await t.database.db.ticketCode.count({
      where: { code: { in: codes }, activatedAt: { not: null } },
    });
    expect(activated).toBe(1);
  });

  it('refuses another account’s viewer with 403 and an anonymous caller with 401', async () => {
    const { showId, codes } = await boughtCodes();
    const [ana, ben] = await Promise.all([person(), person()]);
    for (const viewerId of [ben.viewerId, 'no-es-un-id']) {
      const res = await activate(ana, codes[0] as string, viewerId);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
      expect((await viewerShow(ana, showId, viewerId)).statusCode).toBe(403);
    }
    const anonymous = await activate(null, codes[0] as string, ana.viewerId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('UNAUTHORIZED');
    const none = await viewerShow(ana, showId);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      error: 'VIEWER_SHOW_NOT_FOUND',
      message: 'No tienes un boleto activado para este evento',
    });
    expect((await viewerShow(ana, 'no-es-un-id')).json().error).toBe('VIEWER_SHOW_NOT_FOUND');
  });

  it('stops an account after 10 refused codes, from any address, and an address after 10', async () => {
    const { codes } = await boughtCodes(2);
    const guesser = await person();
    for (let i = 0; i < 10; i += 1) {
      expect((await activate(guesser, 'ZZZZZZ')).statusCode).toBe(404);
    }
    const blocked = await activate(guesser, codes[0] as string);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await activate(await person(), 'ZZZZZZ', undefined, ip)).statusCode).toBe(404);
    }
    expect((await activate(await person(), codes[1] as string, undefined, ip)).statusCode).toBe(
      429,
    );
    // The refused guesses never touched the code: its buyer still activates it.
    expect((await activate(await person(), codes[1] as string)).statusCode).toBe(200);
  });

  describe('the older viewer purchase (POST /viewers/viewers/{viewerId}/shows/{showId})', () => {
    const buy = (who: Person, showId: string, ticketId: string, number: string) =>
      t.app.inject({
        method: 'POST',
        url: `/viewers/viewers/${who.viewerId}/shows/${showId}`,
        headers: who.headers,
        payload: {
          payment_type: 'CREDIT_CARD',
          payment_info: { cc_number: number, cc_exp: '12/30', cc_cvv2: '123' },
          ticket: { ticket_id: ticketId, fullname: 'General' },
          livestream: true,
          replay: true,
          meetngreet: false,
        },
      });

    it('charges the card and opens the show at once with the order’s own code', async () => {
      const show = await createShow(t.database.db);
      const ticket = await createTicket(t.database.db, show.id, { capacity: 5 });
      const ana = await person();
      const res = await buy(ana, show.id, ticket.id, CARDS.visa);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { _id: string; show_uid: string; order_uid: string };
      expect(body.show_uid).toBe(show.id);
      const order = await t.database.db.order.findUniqueOrThrow({
        where: { id: body.order_uid },
        include: { codes: true },
      });
      expect(order).toMatchObject({ status: 'APPROVED', userId: ana.userId, ccLast4: '1111' });
      const access = await t.database.db.viewerShow.findUniqueOrThrow({ where: { id: body._id } });
      expect(access).toMatchObject({ viewerId: ana.viewerId, showId: show.id, expiresOn: null });
      const code = order.codes.find((c) => c.id === access.ticketCodeId);
      expect(code?.activatedAt).not.toBeNull();
      expect(access.code).toBe(code?.code);
      expect((await viewerShow(ana, show.id)).statusCode).toBe(200);

      const again = await buy(ana, show.id, ticket.id, CARDS.visa);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'ALREADY_ACTIVATED', show_uid: show.id });
      expect(await t.database.db.order.count({ where: { userId: ana.userId } })).toBe(1);
    });

    it('answers a declined card with 402 as /cart/orders does, and gives the place back', async () => {
      const show = await createShow(t.database.db);
      const ticket = await createTicket(t.database.db, show.id, { capacity: 5 });
      const ana = await person();
      const res = await buy(ana, show.id, ticket.id, DECLINED_51);
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toMatchObject({ error: 'CARD_DECLINED', response_code: '51' });
      expect(await t.database.db.viewerShow.count({ where: { viewerId: ana.viewerId } })).toBe(0);
      expect(
        await t.database.db.cartItem.count({ where: { ticketId: ticket.id } }),
        'no place stays held',
      ).toBe(0);
    });
  });
});
