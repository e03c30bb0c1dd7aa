import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { issueTicketCodes } from '../../src/modules/etickets/etickets.service.ts';
import { BUYER_REFUSALS, person, row } from './authz-matrix.ts';
import type { AnyRow, Attempt, Person, World } from './authz-matrix.ts';
import { CARDS, browser, cardInfo } from './checkout.ts';
import { createShow, createTicket, createViewerShow } from './factories.ts';

/**
 * The buyer side of the matrix: carts, orders, accounts, sessions, viewers and
 * viewer-shows, poll answers. Each row's owner is a fresh Viewer, so a row that
 * ends or changes its owner's session or profile leaves the others alone.
 */

const unique = () => randomBytes(4).toString('hex').toUpperCase();
const as = (p: Person) => p.headers;

/** A cart held by a signed-in owner: its browser's sessionID, the cart and one line. */
async function ownedCart(w: World) {
  const owner = await person(w.t);
  const show = await createShow(w.t.database.db, { fullname: `Cartelera ${unique()}` });
  const ticket = await createTicket(w.t.database.db, show.id, { code: `CARRO-${unique()}` });
  const b = browser(() => w.t, owner.headers);
  const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 2 }]);
  const line = await w.t.database.db.cartItem.findFirstOrThrow({ where: { cartId } });
  return { owner, sid: b.sid, cartId, lineId: line.id, show, ticket };
}
type OwnedCart = Awaited<ReturnType<typeof ownedCart>>;

/** The cart row and its lines as the database has them. */
const cartState = async (c: OwnedCart, w: World) =>
  w.t.database.db.cart.findUniqueOrThrow({
    where: { id: c.cartId },
    include: { items: { orderBy: { id: 'asc' } }, promoCodes: true },
  });

const cartRow = (
  route: string,
  request: (c: OwnedCart) => Omit<Attempt, 'headers'>,
  ownerStatus = 200,
  note?: string,
): AnyRow =>
  row<OwnedCart>({
    route,
    note,
    setup: ownedCart,
    // Every caller even sends the browser's sessionID cookie: a signed-in owner's cart
    // answers only to the owner's session, whoever learned the browser id.
    request: (c) => ({ ...request(c), headers: { cookie: `sessionID=${c.sid}` } }),
    secrets: (c) => [c.cartId, c.lineId, c.ticket.code, c.show.fullname],
    state: cartState,
    refusals: { viewer: 403, producer: 403, anonymous: 403 },
    owner: { status: ownerStatus, as: (c) => as(c.owner) },
  });

/** An APPROVED card order of a signed-in owner, placed from its browser, codes issued. */
async function ownedOrder(w: World) {
  const owner = await person(w.t);
  const show = await createShow(w.t.database.db, { fullname: `Orden ${unique()}` });
  const ticket = await createTicket(w.t.database.db, show.id);
  const b = browser(() => w.t, owner.headers);
  const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]);
  const lastname = `Apellido${unique()}`;
  const phone = `5${String(Date.now()).slice(-7)}`;
  const email = `comprador-${unique()}@example.com`;
  const res = await b.order(
    cartId,
    'CREDIT_CARD',
    cardInfo(CARDS.visa, { lastname, phone, email }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const orderId = (res.json() as { _id: string })._id;
  await issueTicketCodes(w.t.database.db, orderId);
  const codes = await w.t.database.db.ticketCode.findMany({ where: { orderId } });
  return {
    owner,
    sid: b.sid,
    orderId,
    cartId,
    lastname,
    phone,
    email,
    show,
    codes: codes.map((c) => c.code),
  };
}
type OwnedOrder = Awaited<ReturnType<typeof ownedOrder>>;

const orderState = (o: OwnedOrder, w: World) =>
  w.t.database.db.order.findUniqueOrThrow({
    where: { id: o.orderId },
    select: { status: true, userId: true, email: true, paymentInfo: true, updatedAt: true },
  });

/** A viewer who holds an activated viewer-show, and an unused code of another order. */
async function ownedViewerShow(w: World) {
  const owner = await person(w.t);
  const show = await createShow(w.t.database.db, { fullname: `Acceso ${unique()}` });
  const ticket = await createTicket(w.t.database.db, show.id);
  const code = unique().slice(0, 6);
  const vs = await createViewerShow(w.t.database.db, {
    showId: show.id,
    viewerId: owner.viewerId,
    code,
  });
  return { owner, show, ticket, code, viewerShowId: vs.id };
}
type OwnedViewerShow = Awaited<ReturnType<typeof ownedViewerShow>>;

const viewerShowState = (v: OwnedViewerShow, w: World) =>
  w.t.database.db.viewerShow.findMany({
    where: { viewerId: v.owner.viewerId },
    orderBy: { id: 'asc' },
  });

/** A code bought by someone else's order, unused, for the activation row. */
async function freeCode(w: World) {
  const show = await createShow(w.t.database.db, { fullname: `Activar ${unique()}` });
  const ticket = await createTicket(w.t.database.db, show.id);
  const b = browser(() => w.t);
  const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]);
  const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
  expect(res.statusCode, res.body).toBe(200);
  const orderId = (res.json() as { _id: string })._id;
  await issueTicketCodes(w.t.database.db, orderId);
  const row = await w.t.database.db.ticketCode.findFirstOrThrow({ where: { orderId } });
  return { show, code: row.code, codeId: row.id };
}

const userState = (p: Person, w: World) =>
  w.t.database.db.user.findUniqueOrThrow({
    where: { id: p.userId },
    select: {
      fullname: true,
      firstname: true,
      lastname: true,
      phone: true,
      city: true,
      nit: true,
      updatedAt: true,
    },
  });

const sessionState = (p: Person, w: World) =>
  w.t.database.db.session.findUniqueOrThrow({ where: { id: p.sessionId } });

const ACTIVATION_BODY = {
  payment_type: 'CODE',
  payment_info: { request_code: '' },
  tickets: [],
  livestream: true,
  replay: true,
  meetngreet: false,
};

export const BUYER_ROWS: AnyRow[] = [
  // ---- carts (decision 0017: a signed-in owner's cart answers only to that user) ----
  cartRow('GET /cart/:sessionID', (c) => ({ method: 'GET', url: `/cart/${c.sid}` })),
  cartRow('POST /cart/:sessionID/items', (c) => ({
    method: 'POST',
    url: `/cart/${c.sid}/items`,
    payload: { items: [{ ticket_uid: c.ticket.id, show_uid: c.show.id, quantity: 1 }] },
  })),
  cartRow('DELETE /cart/:sessionID/items', (c) => ({
    method: 'DELETE',
    url: `/cart/${c.sid}/items`,
    payload: { items: [c.lineId] },
  })),
  cartRow('DELETE /cart/:sessionID/seats', (c) => ({
    method: 'DELETE',
    url: `/cart/${c.sid}/seats`,
    payload: { seats: [c.lineId] },
  })),
  cartRow('DELETE /cart/:sessionID', (c) => ({ method: 'DELETE', url: `/cart/${c.sid}` })),
  cartRow('PUT /cart/:sessionID/payment', (c) => ({
    method: 'PUT',
    url: `/cart/${c.sid}/payment`,
    payload: {
      payment_type: 'BANK_DEPOSIT',
      payment_info: { firstname: 'Intrusa', email: 'x@example.com' },
    },
  })),
  cartRow(
    'POST /cart/carts/:sessionID/promo-codes',
    (c) => ({
      method: 'POST',
      url: `/cart/carts/${c.sid}/promo-codes`,
      payload: { code: 'NOEXISTE' },
    }),
    404,
  ),
  cartRow(
    'DELETE /cart/carts/:sessionID/promo-codes/:code',
    (c) => ({ method: 'DELETE', url: `/cart/carts/${c.sid}/promo-codes/NOEXISTE` }),
    404,
  ),
];

/**
 * The login prompt of decision 0020: `{_id, status, email}` and nothing else of the
 * order, the e-mail masked (decision 0066; the row's secrets hold the address itself).
 */
const promptOnly = (body: unknown) => {
  expect(Object.keys(body as object).sort()).toEqual(['_id', 'email', 'status']);
  expect((body as { email: string }).email).toMatch(/^c•••@example\.com$/);
};

export const ORDER_ROWS: AnyRow[] = [
  row({
    route: 'GET /viewers/orders/:id',
    setup: ownedOrder,
    request: (o) => ({ method: 'GET', url: `/viewers/orders/${o.orderId}` }),
    secrets: (o) => [o.lastname, o.phone, o.email, o.cartId, o.show.fullname, ...o.codes],
    state: orderState,
    // Decision 0020: anyone else gets the login prompt (200, three fields), never the order.
    refusals: { viewer: 200, producer: 200, anonymous: 200 },
    refusedBody: promptOnly,
    owner: { status: 200, as: (o) => as(o.owner) },
  }),
  row({
    route: 'POST /viewers/orders/:id/resendTickets',
    setup: ownedOrder,
    request: (o) => ({ method: 'POST', url: `/viewers/orders/${o.orderId}/resendTickets` }),
    secrets: (o) => [o.lastname, o.phone, o.cartId, ...o.codes],
    state: orderState,
    refusals: { viewer: 404, producer: 404, anonymous: 404 },
    owner: { status: 200, as: (o) => as(o.owner) },
  }),
  row({
    route: 'GET /cart/orders',
    note: '?user= and ?email= of the owner',
    setup: ownedOrder,
    request: (o) => ({
      method: 'GET',
      url: `/cart/orders?user=${o.owner.userId}&email=${encodeURIComponent(o.owner.email)}`,
    }),
    secrets: (o) => [o.orderId, o.show.fullname, ...o.codes],
    refusals: BUYER_REFUSALS,
    owner: { status: 200, as: (o) => as(o.owner) },
  }),
  row({
    route: 'POST /cart/orders',
    note: 'another user_uid, session_id and cart_uid',
    setup: ownedCart,
    // The owner's live cart, checked out by someone who names the owner's user, browser and cart.
    request: (c) => ({
      method: 'POST',
      url: '/cart/orders',
      payload: {
        user_uid: c.owner.userId,
        payment_type: 'CREDIT_CARD',
        payment_info: cardInfo(CARDS.visa),
        session_id: c.sid,
        cart_uid: c.cartId,
      },
    }),
    secrets: (c) => [c.cartId, c.lineId, c.ticket.code],
    state: cartState,
    refusals: { viewer: 403, producer: 403, anonymous: 403 },
    owner: { status: 200, as: (c) => as(c.owner) },
  }),
];

export {
  ownedCart,
  ownedOrder,
  ownedViewerShow,
  freeCode,
  viewerShowState,
  userState,
  sessionState,
  ACTIVATION_BODY,
};
export type { OwnedCart, OwnedOrder, OwnedViewerShow };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A deposit order of a signed-in owner on producer A's show, with its proof uploaded. */
async function ownedProof(w: World) {
  const owner = await person(w.t);
  const db = w.t.database.db;
  const show = await createShow(db, {
    producerId: w.organisers.producerA,
    fullname: `Depósito ${unique()}`,
    settings: { deposit: true },
  });
  const ticket = await createTicket(db, show.id, { paymentTypes: ['BANK_DEPOSIT'] });
  const b = browser(() => w.t, owner.headers);
  const cartId = await b.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]);
  const upload = await b.send(
    'GET',
    `/cart/orders/uploadUrl?show_uid=${show.id}&session_id=${b.sid}&filename=boleta.png`,
  );
  expect(upload.statusCode, upload.body).toBe(200);
  const { signedUrl, link } = upload.json() as { signedUrl: string; link: string };
  const put = new URL(signedUrl);
  const stored = await w.t.app.inject({
    method: 'PUT',
    url: put.pathname + put.search,
    payload: PNG,
    headers: { 'content-type': 'image/png' },
  });
  expect(stored.statusCode, stored.body).toBe(200);
  const reference = `BI-${unique()}`;
  const res = await b.order(cartId, 'BANK_DEPOSIT', {
    ...cardInfo(CARDS.visa),
    file_info: link,
    reference,
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    owner,
    orderId: (res.json() as { _id: string })._id,
    path: new URL(link).pathname,
    reference,
  };
}
type OwnedProof = Awaited<ReturnType<typeof ownedProof>>;

const proofRow = (note: string, query: (p: OwnedProof) => string): AnyRow =>
  row<OwnedProof>({
    route: 'GET /storage/*',
    note,
    setup: ownedProof,
    request: (p) => ({ method: 'GET', url: p.path + query(p) }),
    // A refused answer is JSON: neither the image's bytes nor the order's reference.
    secrets: (p) => [PNG.subarray(1, 4).toString('latin1'), p.reference],
    refusals: { viewer: 403, producer: 403, anonymous: 403 },
    owner: {
      status: 200,
      as: (_p, w) => w.organisers.producerUserA.headers,
      // The organiser reads a proof only through the signed URL its order answers.
      request: async (p, w) => {
        const res = await w.t.app.inject({
          method: 'GET',
          url: `/admin/orders/${p.orderId}`,
          headers: w.organisers.producerUserA.headers,
        });
        const proof = new URL((res.json() as { proof_url: string }).proof_url);
        return { method: 'GET', url: proof.pathname + proof.search };
      },
    },
  });

export const PROOF_ROWS: AnyRow[] = [
  proofRow('a deposit proof by the link its order keeps, unsigned', () => ''),
  proofRow(
    'a deposit proof with a forged signature',
    () => `?expires=${Math.floor(Date.now() / 1000) + 600}&sig=${'A'.repeat(43)}`,
  ),
];
