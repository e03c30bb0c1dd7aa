import { randomBytes } from 'node:crypto';
import { BUYER_REFUSALS, person, row } from './authz-matrix.ts';
import type { AnyRow, Attempt, Person, World } from './authz-matrix.ts';
import {
  ACTIVATION_BODY,
  freeCode,
  ownedViewerShow,
  sessionState,
  userState,
  viewerShowState,
} from './authz-rows-buyer.ts';
import type { OwnedViewerShow } from './authz-rows-buyer.ts';
import { CARDS } from './checkout.ts';
import { createShow } from './factories.ts';

/**
 * The account side of the matrix (decision 0013: an id that is not the
 * caller's answers 403 before anything is read): users, sessions, viewers,
 * viewer-shows, activation and poll answers.
 */

const unique = () => randomBytes(4).toString('hex');
const as = (p: Person) => p.headers;

/** A fresh owner with a profile worth stealing. */
async function profiled(w: World): Promise<Person & { lastname: string; phone: string }> {
  const owner = await person(w.t);
  const lastname = `Reservado${unique()}`;
  const phone = `7${String(Date.now()).slice(-7)}`;
  await w.t.database.db.user.update({
    where: { id: owner.userId },
    data: { lastname, phone, fullname: `Dueña ${lastname}` },
  });
  return { ...owner, lastname, phone };
}
type Profiled = Awaited<ReturnType<typeof profiled>>;

const profileRow = (
  route: string,
  request: (p: Profiled) => Attempt,
  ownerStatus = 200,
  note?: string,
): AnyRow =>
  row<Profiled>({
    route,
    note,
    setup: profiled,
    request,
    secrets: (p) => [p.lastname, p.phone, p.email],
    state: userState,
    refusals: BUYER_REFUSALS,
    owner: { status: ownerStatus, as },
  });

/** A viewer who answered a poll of a live show. */
async function pollAnswerOf(w: World) {
  const owner = await person(w.t);
  const db = w.t.database.db;
  const show = await createShow(db, {
    status: 'LIVE',
    settings: { polls: true, chat_visible: true },
  });
  const option = `Opción secreta ${unique()}`;
  const poll = await db.poll.create({
    data: {
      showId: show.id,
      question: '¿Cuál?',
      status: 'ACTIVE',
      options: {
        create: [
          { text: option, position: 0 },
          { text: 'Otra', position: 1 },
        ],
      },
    },
    include: { options: { orderBy: { position: 'asc' } } },
  });
  const optionId = poll.options[0]?.id as string;
  await db.pollAnswer.create({
    data: {
      pollId: poll.id,
      optionId,
      showId: show.id,
      respondentKey: `user:${owner.userId}`,
      userId: owner.userId,
      viewerId: owner.viewerId,
      username: owner.email,
    },
  });
  return { owner, show, pollId: poll.id, optionId };
}

const viewerShowRow = (
  route: string,
  request: (v: OwnedViewerShow) => Attempt,
  ownerStatus = 200,
): AnyRow =>
  row<OwnedViewerShow>({
    route,
    setup: ownedViewerShow,
    request,
    secrets: (v) => [v.viewerShowId, v.code, v.show.fullname],
    state: viewerShowState,
    refusals: BUYER_REFUSALS,
    owner: { status: ownerStatus, as: (v) => as(v.owner) },
  });

export const ACCOUNT_ROWS: AnyRow[] = [
  // ---- users ----
  profileRow('GET /users/:id', (p) => ({ method: 'GET', url: `/users/${p.userId}` })),
  profileRow('PUT /users/:id', (p) => ({
    method: 'PUT',
    url: `/users/${p.userId}`,
    payload: { firstname: 'Intrusa', lastname: 'Cambiada', phone: '11112222', city: 'Otra' },
  })),
  profileRow('PUT /auth/users/:id', (p) => ({
    method: 'PUT',
    url: `/auth/users/${p.userId}`,
    payload: { fullname: 'Nombre Cambiado' },
  })),
  profileRow('GET /viewers/user/:id', (p) => ({ method: 'GET', url: `/viewers/user/${p.userId}` })),
  profileRow(
    'POST /viewers/viewers',
    (p) => ({ method: 'POST', url: '/viewers/viewers', payload: { user_uid: p.userId } }),
    201,
    'user_uid of the owner',
  ),
  profileRow(
    'POST /auth/sessions',
    (p) => ({
      method: 'POST',
      url: '/auth/sessions',
      payload: { user_uid: p.userId, username: p.email, role: 'Viewer' },
    }),
    201,
    'user_uid of the owner: never a session for someone else',
  ),
  // ---- sessions (decision 0011: someone else's session is 403 and stays as it was) ----
  row({
    route: 'PUT /auth/sessions/:id/touch',
    setup: (w) => person(w.t),
    request: (p) => ({ method: 'PUT', url: `/auth/sessions/${p.sessionId}/touch` }),
    secrets: (p) => [p.token, p.email, p.userId],
    state: sessionState,
    refusals: BUYER_REFUSALS,
    owner: { status: 200, as },
  }),
  row({
    route: 'PUT /auth/sessions/:id/logout',
    setup: (w) => person(w.t),
    request: (p) => ({ method: 'PUT', url: `/auth/sessions/${p.sessionId}/logout` }),
    secrets: (p) => [p.token, p.email, p.userId],
    state: sessionState,
    refusals: BUYER_REFUSALS,
    owner: { status: 200, as },
  }),
  // ---- viewers and viewer-shows ----
  viewerShowRow('GET /viewers/viewers/:viewerId/shows', (v) => ({
    method: 'GET',
    url: `/viewers/viewers/${v.owner.viewerId}/shows`,
  })),
  viewerShowRow('GET /viewers/viewers/:viewerId/shows/:showId', (v) => ({
    method: 'GET',
    url: `/viewers/viewers/${v.owner.viewerId}/shows/${v.show.id}`,
  })),
  viewerShowRow(
    'POST /viewers/viewers/:viewerId/shows/:showId',
    (v) => ({
      method: 'POST',
      url: `/viewers/viewers/${v.owner.viewerId}/shows/${v.show.id}`,
      payload: {
        payment_info: { cc_number: CARDS.visa, cc_exp: '12/30', cc_cvv2: '123' },
        ticket: { ticket_id: v.ticket.id },
      },
    }),
    // The owner already holds the show: 409 proves the request reached the owner's rules.
    409,
  ),
  row({
    route: 'POST /viewers/viewers/:viewerId/activate/:code',
    setup: async (w) => ({ ...(await ownedViewerShow(w)), free: await freeCode(w) }),
    request: (v) => ({
      method: 'POST',
      url: `/viewers/viewers/${v.owner.viewerId}/activate/${v.free.code}`,
      payload: ACTIVATION_BODY,
    }),
    secrets: (v) => [v.viewerShowId, v.code, v.show.fullname],
    state: async (v, w) => ({
      mine: await viewerShowState(v, w),
      code: await w.t.database.db.ticketCode.findUniqueOrThrow({ where: { id: v.free.codeId } }),
    }),
    refusals: BUYER_REFUSALS,
    owner: { status: 200, as: (v) => as(v.owner) },
  }),
  row({
    route: 'GET /shows/showChannels/:id',
    note: '?viewer= of the owner',
    setup: ownedViewerShow,
    request: (v) => ({
      method: 'GET',
      url: `/shows/showChannels/${v.show.id}?viewer=${v.owner.viewerId}`,
    }),
    secrets: (v) => [v.viewerShowId, v.code],
    refusals: { viewer: 403, producer: 403, anonymous: 403 },
    owner: { status: 200, as: (v) => as(v.owner) },
  }),
  // ---- poll answers ----
  row({
    route: 'GET /shows/:id/polls/:pollId/answers/:userId',
    setup: pollAnswerOf,
    request: (a) => ({
      method: 'GET',
      url: `/shows/${a.show.id}/polls/${a.pollId}/answers/${a.owner.userId}`,
    }),
    secrets: (a) => [a.optionId, a.owner.email],
    state: (a, w) => w.t.database.db.pollAnswer.findMany({ where: { pollId: a.pollId } }),
    refusals: BUYER_REFUSALS,
    owner: { status: 200, as: (a) => as(a.owner) },
  }),
];
