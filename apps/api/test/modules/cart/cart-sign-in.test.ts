import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login, sessionCookieOf } from '../../helpers/auth.ts';
import { createShow, createUser, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

interface CartBody {
  _id: string | null;
  items: { _id: string; seat_uid: string | null; quantity: number }[];
}

/**
 * Signing in (login, signup, the session touch of every page load) makes the
 * browser's anonymous cart the user's at once (decision 0055): from the answer
 * on, the bare `sessionID` no longer reaches it. Every check follows the answer
 * of the call before it, so nothing here depends on timing.
 */
describe('cart: signing in attaches the browser’s anonymous cart', () => {
  let t: TestApp;
  let ipCount = 0;
  /** Each test calls from an address of its own, so the hold cap and login budgets never meet. */
  const newIp = () => `198.18.0.${(ipCount += 1)}`;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A show of its own (one map per show) on sale tomorrow. */
  const newShowId = async () =>
    (await createShow(t.database.db, { showDate: new Date(NOW.getTime() + 86_400_000) })).id;

  /** A two-seat section: the anonymous cart holds one seat and two places of an open section. */
  async function anonymousCartWithHolds(ip: string) {
    const showId = await newShowId();
    const { sections } = await createVenueMap(t.database.db, showId, [
      { rows: 1, cols: 2 },
      { type: 'OPEN', capacity: 20 },
    ]);
    const [seated, open] = sections;
    const seat = seated?.seats[0];
    if (!seated || !open || !seat) throw new Error('map fixture');
    const sid = randomUUID();
    const added = await t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      remoteAddress: ip,
      payload: {
        items: [
          { ticket_uid: seated.ticket.id, show_uid: showId, quantity: 1, seat: seat.id },
          { ticket_uid: open.ticket.id, show_uid: showId, quantity: 2 },
        ],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    return { sid, cartId: (added.json() as CartBody)._id as string, seatId: seat.id };
  }

  const getCart = (sid: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/cart/${sid}`, remoteAddress: ip, headers });

  /** The cart belongs to the user, still holds the seat under the same cart, and nothing else. */
  async function expectAttached(
    cart: { sid: string; cartId: string; seatId: string },
    userId: string,
  ) {
    const row = await t.database.db.cart.findFirstOrThrow({ where: { sessionKey: cart.sid } });
    expect(row).toMatchObject({ id: cart.cartId, userId, clientKey: `user:${userId}` });
    const holds = await t.database.db.seatReservation.findMany({ where: { seatId: cart.seatId } });
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ kind: 'HOLD', cartId: cart.cartId });
  }

  it('login: the bare sessionID is refused right after the answer, the new session reads the cart', async () => {
    const ip = newIp();
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const cart = await anonymousCartWithHolds(ip);

    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      headers: { cookie: `sessionID=${cart.sid}` },
      payload: { username: user.email, password: TEST_PASSWORD, role: 'Viewer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = sessionCookieOf(res.headers['set-cookie']) as string;

    const bare = await getCart(cart.sid, ip);
    expect(bare.statusCode, bare.body).toBe(403);
    const bareWrite = await t.app.inject({
      method: 'DELETE',
      url: `/cart/${cart.sid}/`,
      remoteAddress: ip,
    });
    expect(bareWrite.statusCode).toBe(403);
    const signedIn = await getCart(cart.sid, ip, { cookie: `sid=${token}` });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((signedIn.json() as CartBody).items.map((i) => i.quantity).sort()).toEqual([1, 2]);
    await expectAttached(cart, user.id);
  });

  it('signup: the new account owns the cart its browser was filling', async () => {
    const ip = newIp();
    const cart = await anonymousCartWithHolds(ip);
    const email = `compra.${randomBytes(4).toString('hex')}@correo.gt`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/users',
      remoteAddress: ip,
      headers: { cookie: `sessionID=${cart.sid}` },
      payload: {
        username: email,
        email,
        password: 'Una-Clave-Larga-2027',
        fullname: 'Ana Pérez',
        roles: ['Viewer'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const userId = (res.json() as { user: { _id: string } }).user._id;
    expect((await getCart(cart.sid, ip)).statusCode).toBe(403);
    await expectAttached(cart, userId);
  });

  it('session touch: a signed-in browser’s anonymous cart becomes the user’s at the next page load', async () => {
    const ip = newIp();
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const buyer = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    // Filled without the session (e.g. a tab that had not read it yet).
    const cart = await anonymousCartWithHolds(ip);
    const touched = await t.app.inject({
      method: 'PUT',
      url: `/auth/sessions/${buyer.sessionId}/touch`,
      remoteAddress: ip,
      headers: { cookie: `sid=${buyer.token}; sessionID=${cart.sid}` },
    });
    expect(touched.statusCode, touched.body).toBe(200);
    expect((await getCart(cart.sid, ip)).statusCode).toBe(403);
    await expectAttached(cart, user.id);
  });

  it('keeps the account’s other cart as it is, and never takes another account’s cart', async () => {
    const ip = newIp();
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const other = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    // The account's own cart, filled earlier in another browser.
    const first = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    const showId = await newShowId();
    const { sections } = await createVenueMap(t.database.db, showId, [{ rows: 1, cols: 1 }]);
    const own = sections[0];
    const ownSeat = own?.seats[0];
    if (!own || !ownSeat) throw new Error('map fixture');
    const ownSid = randomUUID();
    const ownAdd = await t.app.inject({
      method: 'POST',
      url: `/cart/${ownSid}/items`,
      remoteAddress: ip,
      headers: first.headers,
      payload: {
        items: [{ ticket_uid: own.ticket.id, show_uid: showId, quantity: 1, seat: ownSeat.id }],
      },
    });
    expect(ownAdd.statusCode, ownAdd.body).toBe(200);
    const ownBefore = await t.database.db.cart.findFirstOrThrow({ where: { sessionKey: ownSid } });

    // This browser filled a cart anonymously, then signs in (ending the other session).
    const cart = await anonymousCartWithHolds(ip);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      headers: { cookie: `sessionID=${cart.sid}` },
      payload: { username: user.email, password: TEST_PASSWORD, role: 'Viewer', forceLogin: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectAttached(cart, user.id);
    // The other cart keeps its lines, its seat and its own ten minutes.
    const ownAfter = await t.database.db.cart.findFirstOrThrow({
      where: { sessionKey: ownSid },
      include: { items: true, seatReservations: true },
    });
    expect(ownAfter).toMatchObject({
      id: ownBefore.id,
      userId: user.id,
      status: 'OPEN',
      validThru: ownBefore.validThru,
    });
    expect(ownAfter.items).toHaveLength(1);
    expect(ownAfter.seatReservations).toMatchObject([{ seatId: ownSeat.id, kind: 'HOLD' }]);

    // Someone else signing in with a cookie that names this account's cart changes nothing.
    const intruder = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      headers: { cookie: `sessionID=${cart.sid}` },
      payload: { username: other.email, password: TEST_PASSWORD, role: 'Viewer' },
    });
    expect(intruder.statusCode, intruder.body).toBe(200);
    await expectAttached(cart, user.id);
  });

  it('signs in as before without a sessionID cookie, or with a malformed one', async () => {
    const ip = newIp();
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    for (const cookie of [undefined, 'sessionID=corto', 'sessionID=%00%00']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: ip,
        ...(cookie ? { headers: { cookie } } : {}),
        payload: {
          username: user.email,
          password: TEST_PASSWORD,
          role: 'Viewer',
          forceLogin: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
