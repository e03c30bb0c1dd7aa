import {
  ACCESS_REVOKED_MESSAGES,
  ERRORS,
  REALTIME_ACCESS_REVOKED,
  REALTIME_ERRORS,
} from '@taquilla/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { setChannel, socketFrom } from '../../helpers/chat.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createTicket } from '../../helpers/factories.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';
import { createWatchShow, playback, refusal, signedInViewer } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

interface Closing {
  code: number;
  reason: string;
}

interface WatchedSocket {
  client: RealtimeClient;
  closed: Promise<Closing>;
  isClosed: () => boolean;
}

const LONG = 20_000;
const revokedBy = (status: 'REFUND' | 'CANCELLED'): Closing => ({
  code: REALTIME_ACCESS_REVOKED.code,
  reason: ACCESS_REVOKED_MESSAGES[status],
});

/**
 * Decision 0064: a cancel or refund voids the order's codes (0029), and with them the
 * access they gave. The playback call, the code check and every watch channel refuse
 * the voided code's viewer (403 ACCESS_REVOKED with the reason), and the sockets that
 * viewer watches the show with close at once with 4403, on every API instance; other
 * viewers of the show are untouched, and a missed announcement is caught by the sweep.
 */
describe('a cancel or refund revokes the access its codes gave', () => {
  let a: TestApp;
  let b: TestApp;
  let o: Organisers;
  let showId: string;
  let ticketId: string;
  let lastIp = 0;
  const opened: RealtimeClient[] = [];
  const db = () => a.database.db;

  beforeAll(async () => {
    // No sweep on its own: what closes a socket here is the announcement (the sweep's
    // test runs it by hand).
    const config = { TRUST_PROXY_HOPS: '1', REALTIME_ACCESS_SWEEP_SECONDS: '3600' };
    a = await createTestApp({ config });
    b = await createTestApp({ config, database: a.database });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    o = await createOrganisers(a);
    const show = await createWatchShow(a, {
      producerId: o.producerA,
      paid: true,
      settings: { chat_visible: true, polls: true },
    });
    showId = show.id;
    ticketId = (await createTicket(db(), showId, { fullname: 'En línea', capacity: 500 })).id;
  }, 60_000);
  beforeEach(() => {
    for (const client of opened.splice(0)) client.close();
  });
  afterAll(async () => {
    for (const client of opened.splice(0)) client.close();
    await b?.close();
    await a?.close();
  });

  /** A card order of one place, its code issued and activated by a signed-in viewer. */
  async function holder(): Promise<{ viewer: Viewer; orderId: string; code: string }> {
    const buyer = browser(() => a);
    const cartId = await buyer.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
    const res = await buyer.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    await issueTicketCodes(db(), orderId);
    const { code } = await db().ticketCode.findFirstOrThrow({ where: { orderId } });
    const viewer = await signedInViewer(a);
    await activate(viewer, code, 200);
    return { viewer, orderId, code };
  }

  async function activate(viewer: Viewer, code: string, status: number) {
    lastIp += 1;
    const res = await a.app.inject({
      method: 'POST',
      url: `/viewers/viewers/${viewer.viewerId}/activate/${code}`,
      headers: viewer.headers,
      payload: { payment_type: 'CODE', tickets: [] },
      remoteAddress: `198.51.100.${lastIp}`,
    });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  }

  async function decide(t: TestApp, orderId: string, decision: 'cancel' | 'refund') {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${orderId}/${decision}`,
      headers: o.admin.headers,
      payload: { reason: 'Evento reprogramado' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function open(t: TestApp, viewer: Viewer | null): Promise<WatchedSocket> {
    const client = await socketFrom(t, viewer ? viewer.headers : {});
    opened.push(client);
    let isClosed = false;
    const closed = new Promise<Closing>((resolve) => {
      client.socket.once('close', (code, reason) => {
        isClosed = true;
        resolve({ code, reason: String(reason) });
      });
    });
    return { client, closed, isClosed: () => isClosed };
  }

  /**
   * A socket of `viewer` on `t` in the show's chat (setChannel) and, unless told, on its
   * code's device channel (one device per code: a later entry replaces an earlier one).
   */
  async function watching(t: TestApp, who: { viewer: Viewer; code: string }, enters = true) {
    const socket = await open(t, who.viewer);
    expect(await setChannel(socket.client, `chats-${showId}`)).toMatchObject({ type: 'init' });
    if (!enters) return socket;
    const device = `show-access/${showId}/codes/${who.code}`;
    expect(await socket.client.subscribe(device)).toEqual({ type: 'subscribed', channel: device });
    return socket;
  }

  async function expectOpen(socket: WatchedSocket) {
    const before = socket.client.inbox.filter((m) => m.type === 'pong').length;
    socket.client.send({ action: 'ping' });
    await expect
      .poll(() => socket.client.inbox.filter((m) => m.type === 'pong').length, { timeout: LONG })
      .toBe(before + 1);
    expect(socket.isClosed()).toBe(false);
  }

  const within = <T>(pending: Promise<T>) =>
    Promise.race([
      pending,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the socket was not closed')), LONG),
      ),
    ]);

  for (const [decision, status] of [
    ['refund', 'REFUND'],
    ['cancel', 'CANCELLED'],
  ] as const) {
    it(`${decision}: the activated code's playback answers 403 ACCESS_REVOKED saying why`, async () => {
      const { viewer, orderId, code } = await holder();
      const before = await playback(a, showId, { headers: viewer.headers });
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toMatchObject({ mode: 'ticket', code, video_url: expect.any(String) });

      await decide(a, orderId, decision);

      for (const t of [a, b]) {
        const res = await playback(t, showId, { headers: viewer.headers });
        expect(refusal(res)).toEqual({
          status: 403,
          error: 'ACCESS_REVOKED',
          message: ACCESS_REVOKED_MESSAGES[status],
        });
        expect(res.body).not.toContain('cdn.taquilla.test');
      }
      // The code check says the code no longer opens the show.
      const check = await a.app.inject({
        method: 'POST',
        url: '/viewers/codes/validate',
        headers: viewer.headers,
        payload: { code, show_uid: showId },
      });
      expect(refusal(check)).toMatchObject({ status: 403, error: 'ACCESS_CODE_INVALID' });
      // A new socket is refused the show's chat, polls and device channel, saying why.
      const socket = await open(b, viewer);
      expect(await setChannel(socket.client, `chats-${showId}`)).toMatchObject({
        type: 'error',
        error: 'ACCESS_REVOKED',
        message: REALTIME_ERRORS.ACCESS_REVOKED,
      });
      for (const channel of [`polls-${showId}`, `show-access/${showId}/codes/${code}`]) {
        expect(await socket.client.subscribe(channel)).toMatchObject({
          type: 'error',
          error: 'ACCESS_REVOKED',
        });
      }
      // "Mis boletos" no longer lists it.
      const mine = await a.app.inject({
        method: 'GET',
        url: `/viewers/viewers/${viewer.viewerId}/shows`,
        headers: viewer.headers,
      });
      expect(mine.json()).toEqual({ items: [] });
    });
  }

  it('closes the viewer’s watching sockets on both instances with 4403; other viewers stay', async () => {
    const refunded = await holder();
    const other = await holder();
    const onA = await watching(a, refunded, false);
    const onB = await watching(b, refunded);
    // The same viewer's socket that only hears the show's public events is not watching with the ticket.
    const eventsOnly = await open(a, refunded.viewer);
    const events = `show-events/${showId}`;
    expect(await eventsOnly.client.subscribe(events)).toEqual({
      type: 'subscribed',
      channel: events,
    });
    const otherOnA = await watching(a, other, false);
    const otherOnB = await watching(b, other);
    const tracked = () => [a.app.realtimeAccess.count(), b.app.realtimeAccess.count()];
    await expect.poll(tracked).toEqual([2, 2]);

    await decide(b, refunded.orderId, 'refund');

    expect(await within(onA.closed)).toEqual(revokedBy('REFUND'));
    expect(await within(onB.closed)).toEqual(revokedBy('REFUND'));
    for (const socket of [eventsOnly, otherOnA, otherOnB]) await expectOpen(socket);
    await expect.poll(tracked).toEqual([1, 1]);
  });

  it('a socket that left the show’s watch channels is not closed', async () => {
    const cancelled = await holder();
    const socket = await watching(a, cancelled);
    for (const channel of [`chats-${showId}`, `show-access/${showId}/codes/${cancelled.code}`]) {
      socket.client.send({ action: 'unsubscribe', channel });
      await socket.client.next((m) => m.type === 'unsubscribed' && m.channel === channel);
    }
    await expect.poll(() => a.app.realtimeAccess.count()).toBe(0);

    await decide(a, cancelled.orderId, 'cancel');
    await expectOpen(socket);
  });

  it('the sweep closes a socket whose revocation was never announced', async () => {
    const missed = await holder();
    const socket = await watching(b, missed);
    // Voided behind the API's back: no announcement travels.
    await db().$transaction([
      db().ticketCode.updateMany({
        where: { orderId: missed.orderId },
        data: { voidedAt: new Date() },
      }),
      db().order.update({ where: { id: missed.orderId }, data: { status: 'CANCELLED' } }),
    ]);
    await expectOpen(socket);

    expect(await b.app.realtimeAccess.sweep()).toBe(1);
    expect(await within(socket.closed)).toEqual(revokedBy('CANCELLED'));
  });

  it('a socket registering just after the announcement is closed as it registers', async () => {
    const late = await holder();
    await decide(a, late.orderId, 'refund');
    await expect
      .poll(() => {
        const closes: number[] = [];
        b.app.realtimeAccess.track(
          { viewerId: late.viewer.viewerId, showId },
          { close: (code) => closes.push(code) },
        );
        return closes;
      })
      .toEqual([REALTIME_ACCESS_REVOKED.code]);
    expect(b.app.realtimeAccess.count()).toBe(0);
  });

  it('the viewer may activate a new ticket for the show afterwards', async () => {
    const first = await holder();
    await decide(a, first.orderId, 'refund');
    expect((await playback(a, showId, { headers: first.viewer.headers })).statusCode).toBe(403);

    const buyer = browser(() => a);
    const cartId = await buyer.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
    const res = await buyer.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    await issueTicketCodes(db(), orderId);
    const { code } = await db().ticketCode.findFirstOrThrow({ where: { orderId } });
    // The voided code stays refused; the new one replaces the revoked access.
    expect((await activate(first.viewer, first.code, 409)).json()).toMatchObject({
      error: 'TICKET_CODE_VOIDED',
      message: ERRORS.TICKET_CODE_VOIDED.message,
    });
    await activate(first.viewer, code, 200);
    const again = await playback(a, showId, { headers: first.viewer.headers });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ code });
  });
});
