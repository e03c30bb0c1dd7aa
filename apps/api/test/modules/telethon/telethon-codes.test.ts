import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELETHON_CODES_SENT_MESSAGE } from '@taquilla/contract';
import { redisNamespace } from '../../../src/config.ts';
import { QUEUES, bullConnection } from '../../../src/infra/queues.ts';
import { composeMail } from '../../../src/modules/mail/mail.templates.ts';
import type { MailMessage } from '../../../src/modules/mail/mail.types.ts';
import type { Prisma } from '../../../src/generated/prisma/client.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { createOrder, createShow, createTicket, createUser } from '../../helpers/factories.ts';
import { expectRateLimited } from '../../helpers/rate-limited.ts';

/**
 * Issue 20 item 14, decision 0060: the DPI lookup answers telethon codes only, whole
 * to the signed-in buyer and masked to everyone else, who may have them e-mailed to
 * the order's address instead.
 */
const DPI = '2345678901234';
const DPI_TWO_BUYERS = '3456789012345';
const DPI_NOBODY = '9876543210987';
const BUYER_EMAIL = 'rosa.donante@example.com';
const OTHER_EMAIL = 'tio.de.rosa@example.com';
const MASKED = /^[A-Z0-9]{2}••••$/;

let lastAddress = 0;
const newAddress = () => `203.0.113.${(lastAddress += 1)}`;

interface Item {
  code: string;
  masked: boolean;
  show_uid: string;
  show_name: string;
  ticket_name: string;
  activated: boolean;
}

describe('telethon codes by DPI: masked for strangers, e-mailed to the buyer (decision 0060)', () => {
  let t: TestApp;
  let mailQueue: Queue;
  let telethonId: string;
  let otherTelethonId: string;
  let concertId: string;
  let dateId: string;
  let buyer: { headers: Record<string, string>; viewerId: string };

  const lookup = (
    dpi: string,
    options: { headers?: Record<string, string>; showId?: string; address?: string } = {},
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/cart/orders/teleton/?dpi=${dpi}${options.showId ? `&show_uid=${options.showId}` : ''}`,
      headers: { accept: 'application/json', ...options.headers },
      remoteAddress: options.address ?? newAddress(),
    });
  const send = (dpi: string, options: { address?: string; showId?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/cart/orders/teleton/send',
      payload: { dpi, ...(options.showId ? { show_uid: options.showId } : {}) },
      remoteAddress: options.address ?? newAddress(),
    });
  const items = (res: { json: () => unknown }) => (res.json() as { items: Item[] }).items;
  const codeMails = async () =>
    (await mailQueue.getJobs(['waiting', 'delayed', 'prioritized', 'active']))
      .map((job) => job.data as MailMessage)
      .filter(
        (m): m is Extract<MailMessage, { template: 'telethon-codes' }> =>
          m.template === 'telethon-codes',
      );

  /** An APPROVED order of `showId` bought with `dpi` by `email`, with these codes. */
  async function donation(
    showId: string,
    dpi: string,
    email: string,
    codes: string[],
    extra: Partial<Prisma.OrderUncheckedCreateInput> = {},
  ) {
    const db = t.database.db;
    const ticket = await createTicket(db, showId, { fullname: 'Aporte Q 100', type: 'ONLINE' });
    const order = await createOrder(db, {
      email,
      paymentInfo: { firstname: 'Rosa', email, custom_fields: { dpi } },
      ...extra,
    });
    const item = await db.orderItem.create({
      data: {
        orderId: order.id,
        ticketId: ticket.id,
        showId,
        code: ticket.code,
        showName: 'Evento',
        showDate: new Date(Date.now() + 86_400_000),
        ticketType: 'ONLINE',
        quantity: codes.length,
        price: 10_000,
        totalPrice: 10_000 * codes.length,
      },
    });
    for (const code of codes) {
      await db.ticketCode.create({
        data: { orderId: order.id, orderItemId: item.id, code, ticketType: 'ONLINE' },
      });
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    mailQueue = new Queue(QUEUES.mail, {
      connection: bullConnection(t.config.REDIS_URL),
      prefix: redisNamespace(t.config),
    });
    const db = t.database.db;
    const telethon = { landing: { template: 'telethon' } };
    telethonId = (
      await createShow(db, { fullname: 'Teletón 2027', type: 'ONLINE', settings: telethon })
    ).id;
    otherTelethonId = (
      await createShow(db, { fullname: 'Teletón del Lago', type: 'ONLINE', settings: telethon })
    ).id;
    // A date of the first telethon: its codes are the telethon's too.
    dateId = (await createShow(db, { fullname: 'Teletón 2027 · sábado', parentShowId: telethonId }))
      .id;
    concertId = (await createShow(db, { fullname: 'Concierto en el Lago', type: 'ONLINE' })).id;

    const user = await createUser(db, {
      password: TEST_PASSWORD,
      email: BUYER_EMAIL,
      withViewer: true,
    });
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    buyer = {
      headers: (await login(t, BUYER_EMAIL, TEST_PASSWORD, 'Viewer')).headers,
      viewerId: user.viewer?.id as string,
    };

    await donation(telethonId, DPI, BUYER_EMAIL, ['TKAA22', 'TKAB23']);
    await donation(dateId, DPI, BUYER_EMAIL, ['TKAC24']);
    await donation(otherTelethonId, DPI, BUYER_EMAIL, ['TKLA25']);
    // Same DPI, an unrelated show: never answered by the telethon lookup.
    await donation(concertId, DPI, BUYER_EMAIL, ['CNCT26']);
    await donation(telethonId, DPI, BUYER_EMAIL, ['TKPE27'], { status: 'PENDING' });
    await donation(telethonId, DPI_TWO_BUYERS, BUYER_EMAIL, ['TKTB28']);
    await donation(telethonId, DPI_TWO_BUYERS, OTHER_EMAIL, ['TKTB29', 'TKTB32']);
  });
  afterAll(async () => {
    await mailQueue.close();
    await t.close();
  });

  it('answers the codes of telethon shows and their dates only, never another show’s', async () => {
    const res = await lookup(DPI, { headers: buyer.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { total: number }).total).toBe(4);
    expect(
      items(res)
        .map((item) => item.code)
        .sort(),
    ).toEqual(['TKAA22', 'TKAB23', 'TKAC24', 'TKLA25']);
    expect(res.body).not.toContain('CNCT26');
    expect(res.body).not.toContain(concertId);
  });

  it('answers only the page’s telethon when the page names it, and nothing for a show that is not one', async () => {
    const own = await lookup(DPI, { headers: buyer.headers, showId: telethonId });
    expect(
      items(own)
        .map((item) => item.code)
        .sort(),
    ).toEqual(['TKAA22', 'TKAB23', 'TKAC24']);
    const other = await lookup(DPI, { headers: buyer.headers, showId: otherTelethonId });
    expect(items(other).map((item) => item.code)).toEqual(['TKLA25']);
    const concert = await lookup(DPI, { headers: buyer.headers, showId: concertId });
    expect(concert.json()).toEqual({ total: 0, items: [] });
  });

  it('masks every code for an anonymous caller and for another account, keeping show, ticket and activated', async () => {
    const stranger = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const strangerSession = await login(t, stranger.email, TEST_PASSWORD, 'Viewer');
    const callers: Record<string, string>[] = [
      {},
      strangerSession.headers,
      { cookie: 'sid=sesion-inventada' },
    ];
    for (const headers of callers) {
      const res = await lookup(DPI, { headers, showId: telethonId });
      expect(res.statusCode, res.body).toBe(200);
      const list = items(res);
      expect(list).toHaveLength(3);
      for (const item of list) {
        expect(item.code).toMatch(MASKED);
        expect(item).toMatchObject({ masked: true, ticket_name: 'Aporte Q 100', activated: false });
        expect([telethonId, dateId]).toContain(item.show_uid);
      }
      expect(list.map((item) => item.code).sort()).toEqual(['TK••••', 'TK••••', 'TK••••']);
      for (const code of ['TKAA22', 'TKAB23', 'TKAC24']) expect(res.body).not.toContain(code);
    }
  });

  it('shows the codes whole to the signed-in buyer: the order’s account, or an account whose verified e-mail is the order’s', async () => {
    const mine = await lookup(DPI_TWO_BUYERS, { headers: buyer.headers });
    expect(
      items(mine)
        .filter((item) => !item.masked)
        .map((item) => item.code),
    ).toEqual(['TKTB28']);
    // The other buyer's codes of the same DPI stay masked for Rosa.
    const others = items(mine).filter((item) => item.masked);
    expect(others).toHaveLength(2);
    for (const item of others) expect(item.code).toMatch(MASKED);

    // An account with the same e-mail not yet verified sees them masked.
    const db = t.database.db;
    const uncle = await createUser(db, { password: TEST_PASSWORD, email: OTHER_EMAIL });
    const uncleSession = await login(t, OTHER_EMAIL, TEST_PASSWORD, 'Viewer');
    const before = items(await lookup(DPI_TWO_BUYERS, { headers: uncleSession.headers }));
    expect(before.every((item) => item.masked)).toBe(true);
    await db.user.update({ where: { id: uncle.id }, data: { emailVerifiedAt: new Date() } });
    const after = items(await lookup(DPI_TWO_BUYERS, { headers: uncleSession.headers }));
    expect(
      after
        .filter((item) => !item.masked)
        .map((item) => item.code)
        .sort(),
    ).toEqual(['TKTB29', 'TKTB32']);
  });

  it('activates nothing with a masked code: it is not a code', async () => {
    const stranger = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, stranger.email, TEST_PASSWORD, 'Viewer');
    const [masked] = items(await lookup(DPI, { showId: otherTelethonId }));
    expect(masked?.code).toBe('TK••••');
    const res = await t.app.inject({
      method: 'POST',
      url: `/viewers/viewers/${stranger.viewer?.id}/activate/${encodeURIComponent(masked?.code ?? '')}`,
      headers: session.headers,
      remoteAddress: newAddress(),
    });
    // Refused by the path's schema, before any lookup: `•` is not in the code alphabet.
    expect(res.statusCode, res.body).toBe(422);
    expect(await t.database.db.viewerShow.count({ where: { viewerId: stranger.viewer?.id } })).toBe(
      0,
    );
    const code = await t.database.db.ticketCode.findUniqueOrThrow({ where: { code: 'TKLA25' } });
    expect(code.activatedAt).toBeNull();
  });

  it('"Enviarme mis códigos" mails each order’s e-mail its own codes, whole, and answers the same for a DPI with none', async () => {
    const before = (await codeMails()).length;
    const res = await send(DPI_TWO_BUYERS, { showId: telethonId });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: TELETHON_CODES_SENT_MESSAGE });
    const mails = (await codeMails()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([OTHER_EMAIL, BUYER_EMAIL].sort());
    const codesTo = (to: string) =>
      mails
        .find((m) => m.to === to)
        ?.data.codes.map((c) => c.code)
        .sort();
    expect(codesTo(BUYER_EMAIL)).toEqual(['TKTB28']);
    expect(codesTo(OTHER_EMAIL)).toEqual(['TKTB29', 'TKTB32']);

    // The e-mail names each code whole, its show and ticket, and its activation link.
    const rendered = composeMail(mails.find((m) => m.to === OTHER_EMAIL) as MailMessage);
    expect(rendered.subject).toBe('Tus códigos del teletón');
    for (const part of [rendered.text, rendered.html]) {
      expect(part).toContain('TKTB29');
      expect(part).toContain('TKTB32');
      expect(part).toContain('Aporte Q 100');
      expect(part).toContain('/activate?code=TKTB29');
      expect(part).not.toContain('TKTB28');
    }

    const nobody = await send(DPI_NOBODY);
    expect(nobody.statusCode).toBe(202);
    expect(nobody.json()).toEqual(res.json());
    expect(nobody.headers['content-length']).toBe(res.headers['content-length']);
    // Another show's codes are not the telethon's to send.
    const concertOnly = await send(DPI, { showId: concertId });
    expect(concertOnly.json()).toEqual(res.json());
    expect((await codeMails()).slice(before)).toHaveLength(2);
  });

  it('limits the e-mails per address and per DPI, from any address', async () => {
    const address = newAddress();
    const dpis = [
      '4567890123456',
      '5678901234567',
      '6789012345678',
      '7890123456789',
      '8901234567890',
    ];
    for (const dpi of dpis) expect((await send(dpi, { address })).statusCode).toBe(202);
    expectRateLimited(await send('2456789012345', { address }), 3600);

    for (let i = 0; i < 3; i += 1) expect((await send('2678901234567')).statusCode).toBe(202);
    expectRateLimited(await send('2678901234567'), 3600);
    // Other DPIs and other addresses keep their budgets.
    expect((await send('2567890123456')).statusCode).toBe(202);
    // Redis keeps no DPI in clear.
    const keys = await t.redis.keys(`${redisNamespace(t.config)}:rl:dpi-mail:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const dpi of ['2678901234567', ...dpis]) expect(keys.join(' ')).not.toContain(dpi);
  });

  it('refuses a DPI that is not 13 digits with 422, sending nothing', async () => {
    const before = (await codeMails()).length;
    const res = await send('12345');
    expect(res.statusCode).toBe(422);
    expect((res.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'dpi',
    ]);
    expect(await codeMails()).toHaveLength(before);
  });
});
