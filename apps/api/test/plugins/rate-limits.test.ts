import { randomUUID } from 'node:crypto';
import { ERRORS } from '@taquilla/contract';
import { TICKET_CODE_ALPHABET } from '@taquilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOneTimeToken } from '../../src/modules/accounts/one-time-token.ts';
import { VERIFY_FAILURES } from '../../src/modules/accounts/email-verification.service.ts';
import { CHAT_LINK_FAILURES } from '../../src/modules/chat/chat-link.service.ts';
import { signChatLink } from '../../src/modules/chat/chat-link.token.ts';
import { QR_DRAWINGS } from '../../src/modules/etickets/etickets.qr-images.ts';
import { orderLinkSecret, orderLinkToken } from '../../src/modules/orders/orders.links.ts';
import { ORDER_LOOKUP_FAILURES } from '../../src/modules/orders/orders.service.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createIssuedCodes, createOrder, createShow, createUser } from '../helpers/factories.ts';
import { expectRateLimited } from '../helpers/rate-limited.ts';

/**
 * The budgets decision 0050 added: the e-mail verification link, the order link
 * (`t=`), the mobile chat link (`s=`) and the QR drawing. Each test spends the
 * budget of an address of its own, over real HTTP into the app and real Redis.
 * The other lines of the decision's table are tested beside their features.
 */
const CHAT_SECRET = 'secreto-de-chat-de-prueba-con-32-caracteres-o-mas';
const NOW = new Date('2027-06-01T01:00:00.000Z');

let lastAddress = 0;
const newAddress = () => `198.51.100.${(lastAddress += 1)}`;

// Hundreds of requests per test: room for a loaded 2-core machine.
describe('rate limits on guessable links and codes (decision 0050)', { timeout: 120_000 }, () => {
  let t: TestApp;

  const get = (url: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'application/json' } });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, config: { CHAT_LINK_SECRET: CHAT_SECRET } });
  });
  afterAll(() => t.close());

  it('the budgets are those of the decision record', () => {
    expect(VERIFY_FAILURES).toEqual({ limit: 20, windowSeconds: 600 });
    expect(ORDER_LOOKUP_FAILURES).toEqual({ limit: 30, windowSeconds: 600 });
    expect(CHAT_LINK_FAILURES).toEqual({ limit: 30, windowSeconds: 600 });
    expect(QR_DRAWINGS).toEqual({ limit: 300, windowSeconds: 60 });
  });

  describe('GET /auth/email/verify/{token}: refused links per address', () => {
    const verify = (token: string, ip: string) => get(`/auth/email/verify/${token}`, ip);

    /** A live verification link of a new user, as the signup e-mail would carry. */
    async function liveLink() {
      const user = await createUser(t.database.db, { password: 'Volcan-de-Agua-2027' });
      const { token, tokenHash } = newOneTimeToken();
      await t.database.db.emailVerificationToken.create({
        data: {
          userId: user.id,
          tokenHash,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + 3_600_000),
        },
      });
      return { token, userId: user.id };
    }

    it('answers 429 with Retry-After past 20 refusals, even to a good link; another address still verifies', async () => {
      const ip = newAddress();
      for (let i = 0; i < VERIFY_FAILURES.limit; i += 1) {
        const res = await verify(newOneTimeToken().token, ip);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ error: 'VERIFY_TOKEN_INVALID' });
      }
      const good = await liveLink();
      expectRateLimited(await verify(good.token, ip), VERIFY_FAILURES.windowSeconds);
      const user = await t.database.db.user.findUniqueOrThrow({ where: { id: good.userId } });
      expect(user.emailVerifiedAt).toBeNull();

      const elsewhere = await verify(good.token, newAddress());
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect((await verify(newOneTimeToken().token, newAddress())).statusCode).toBe(400);
    });

    it('a verified link spends nothing: only refusals count', async () => {
      const ip = newAddress();
      for (let i = 0; i < VERIFY_FAILURES.limit - 1; i += 1) {
        expect((await verify(newOneTimeToken().token, ip)).statusCode).toBe(400);
      }
      for (let i = 0; i < 3; i += 1) {
        expect((await verify((await liveLink()).token, ip)).statusCode).toBe(200);
      }
      expect((await verify(newOneTimeToken().token, ip)).statusCode).toBe(400);
      expectRateLimited(await verify(newOneTimeToken().token, ip), VERIFY_FAILURES.windowSeconds);
    });
  });

  describe('GET /viewers/orders/{id}?t=: unknown orders and wrong links per address', () => {
    const lookup = (orderId: string, ip: string, token?: string) =>
      get(`/viewers/orders/${orderId}${token === undefined ? '' : `?t=${token}`}`, ip);
    const goodToken = (orderId: string) => orderLinkToken(orderLinkSecret(t.config), orderId);

    it('answers 429 with Retry-After past 30 wrong links or unknown ids, even to the right link; another address still opens it', async () => {
      const order = await createOrder(t.database.db);
      const ip = newAddress();
      const wrong = goodToken(randomUUID());
      for (let i = 0; i < ORDER_LOOKUP_FAILURES.limit; i += 1) {
        // Half wrong links (the login prompt), half ids that name no order (404).
        const res =
          i % 2 === 0 ? await lookup(order.id, ip, wrong) : await lookup(randomUUID(), ip);
        expect(res.statusCode, res.body).toBe(i % 2 === 0 ? 200 : 404);
        if (i % 2 === 0)
          expect(Object.keys(res.json() as object).sort()).toEqual(['_id', 'email', 'status']);
      }
      expectRateLimited(
        await lookup(order.id, ip, goodToken(order.id)),
        ORDER_LOOKUP_FAILURES.windowSeconds,
      );

      const elsewhere = await lookup(order.id, newAddress(), goodToken(order.id));
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect(elsewhere.json()).toMatchObject({ _id: order.id, total: expect.anything() });
    });

    it('opening an order with its link, or without one (asked to sign in), spends nothing', async () => {
      const order = await createOrder(t.database.db);
      const ip = newAddress();
      for (let i = 0; i < ORDER_LOOKUP_FAILURES.limit + 5; i += 1) {
        const res = await lookup(order.id, ip, i % 2 === 0 ? goodToken(order.id) : undefined);
        expect(res.statusCode, res.body).toBe(200);
      }
      for (let i = 0; i < ORDER_LOOKUP_FAILURES.limit; i += 1) {
        expect((await lookup(randomUUID(), ip)).statusCode).toBe(404);
      }
      expectRateLimited(await lookup(randomUUID(), ip), ORDER_LOOKUP_FAILURES.windowSeconds);
    });
  });

  describe('GET /shows/{id}/chat/session?s=: refused chat links per address', () => {
    const session = (showId: string, s: string, ip: string) =>
      get(`/shows/${showId}/chat/session?s=${encodeURIComponent(s)}`, ip);

    /** A link as POST /shows/{id}/chat/link signs it (its checks are chat-link.test's). */
    function signedLink(showId: string) {
      return signChatLink(CHAT_SECRET, {
        userId: randomUUID(),
        viewerId: randomUUID(),
        username: 'Ana Móvil',
        showId,
        role: 'Viewer',
        code: null,
        expiresAt: Math.floor(NOW.getTime() / 1000) + 3600,
      });
    }
    /** The same link with its signature changed: a forgery. */
    const forged = (s: string) => `${s.slice(0, -4)}${s.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;

    it('answers 429 with Retry-After past 30 forged links, even to a good one; another address still opens it', async () => {
      const showId = randomUUID();
      const good = signedLink(showId);
      const ip = newAddress();
      for (let i = 0; i < CHAT_LINK_FAILURES.limit; i += 1) {
        const res = await session(showId, forged(signedLink(showId)), ip);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({
          error: 'CHAT_LINK_INVALID',
          message: ERRORS.CHAT_LINK_INVALID.message,
        });
      }
      expectRateLimited(await session(showId, good, ip), CHAT_LINK_FAILURES.windowSeconds);

      const elsewhere = await session(showId, good, newAddress());
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect(elsewhere.json()).toMatchObject({ show_uid: showId, username: 'Ana Móvil' });
    });

    it('a good link spends nothing: many phones behind one address open theirs', async () => {
      const showId = randomUUID();
      const ip = newAddress();
      for (let i = 0; i < CHAT_LINK_FAILURES.limit + 5; i += 1) {
        expect((await session(showId, signedLink(showId), ip)).statusCode).toBe(200);
      }
      for (let i = 0; i < CHAT_LINK_FAILURES.limit; i += 1) {
        expect((await session(showId, forged(signedLink(showId)), ip)).statusCode).toBe(403);
      }
      expectRateLimited(
        await session(showId, signedLink(showId), ip),
        CHAT_LINK_FAILURES.windowSeconds,
      );
    });
  });

  describe('GET /etickets/qr/{code}: drawings per address', () => {
    it('draws 300 a minute for one address, then 429 with Retry-After and no cache header; another address still draws', async () => {
      const ip = newAddress();
      const symbol = (n: number) => TICKET_CODE_ALPHABET[n % TICKET_CODE_ALPHABET.length] ?? 'A';
      const codes = Array.from(
        { length: QR_DRAWINGS.limit },
        (_, i) => `QR${symbol(Math.floor(i / 961))}${symbol(Math.floor(i / 31))}${symbol(i)}A`,
      );
      // Only issued codes draw (decision 0055).
      const show = await createShow(t.database.db);
      await createIssuedCodes(t.database.db, show.id, [...codes, 'ABC234']);
      // In parallel batches, as a page of many tickets would: the count is atomic in Redis.
      for (let i = 0; i < codes.length; i += 50) {
        const batch = await Promise.all(
          codes.slice(i, i + 50).map((code) => get(`/etickets/qr/${code}`, ip)),
        );
        for (const res of batch) expect(res.statusCode, res.body).toBe(200);
      }
      const refused = await get('/etickets/qr/ABC234', ip);
      expectRateLimited(refused, QR_DRAWINGS.windowSeconds);
      expect(String(refused.headers['cache-control'] ?? '')).not.toContain('immutable');

      const elsewhere = await get('/etickets/qr/ABC234', newAddress());
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.headers['content-type']).toBe('image/png');
    });
  });
});
