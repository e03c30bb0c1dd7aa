import { ORGANISER_REFUSALS, row } from './authz-matrix.ts';
import type { AnyRow, Attempt, World } from './authz-matrix.ts';
import {
  organiserRow,
  organiserSecrets,
  organiserShow,
  organiserState,
} from './authz-organiser-fixture.ts';
import { createShow, createTicket } from './factories.ts';

/**
 * The organiser side of the matrix, live part: access codes, live events and
 * channels, polls, chat moderation, and the admin-only lists that take a
 * producer or a user id.
 */

const s = (o: { show: { id: string } }) => `/admin/shows/${o.show.id}`;
/** Admin-only routes: any producer is a 403, the owner is the admin. */
const adminOnly = {
  refusals: { viewer: 403, producer: 403, anonymous: 401 },
  owner: {
    status: 200,
    as: (_o: unknown, w: { organisers: { admin: { headers: Record<string, string> } } }) =>
      w.organisers.admin.headers,
  },
};

export const LIVE_ROWS: AnyRow[] = [
  // ---- access codes ----
  organiserRow(
    'GET /admin/shows/:id/access-codes',
    (o) => ({ method: 'GET', url: `${s(o)}/access-codes` }),
    200,
  ),
  organiserRow(
    'POST /admin/shows/:id/access-codes',
    (o) => ({ method: 'POST', url: `${s(o)}/access-codes`, payload: { quantity: 3 } }),
    // The fixture's show takes no access codes: the owner's call reaches that rule.
    409,
  ),
  // ---- live events and channels ----
  organiserRow(
    'POST /admin/shows/:id/events',
    (o) => ({ method: 'POST', url: `${s(o)}/events`, payload: { status: 'issues' } }),
    201,
  ),
  organiserRow(
    'PUT /admin/live/channels/:id',
    (o) => ({
      method: 'PUT',
      url: `/admin/live/channels/${o.channel.id}`,
      payload: { status: 'active', current_event: 'Intruso' },
    }),
    200,
  ),
  organiserRow(
    'DELETE /admin/live/channels/:id',
    (o) => ({ method: 'DELETE', url: `/admin/live/channels/${o.channel.id}` }),
    // The fixture's show is LIVE: the owner's call reaches the in-use rule (409), nothing deleted.
    409,
  ),
  organiserRow(
    'POST /admin/live/channels',
    (o) => ({
      method: 'POST',
      url: '/admin/live/channels',
      payload: { name: 'Canal intruso', show_uid: o.show.id },
    }),
    201,
    // Another organiser's show is "no such show", named on its field (422).
    { note: 'show_uid of producer A', refusedWith: { otherProducer: 422 } },
  ),
  // ---- polls ----
  organiserRow('GET /admin/shows/:id/polls', (o) => ({ method: 'GET', url: `${s(o)}/polls` }), 200),
  organiserRow(
    'POST /admin/shows/:id/polls',
    (o) => ({
      method: 'POST',
      url: `${s(o)}/polls`,
      payload: { question: '¿Intrusa?', options: ['a', 'b'] },
    }),
    201,
  ),
  organiserRow(
    'PUT /admin/shows/:id/polls/:pollId/status',
    (o) => ({
      method: 'PUT',
      url: `${s(o)}/polls/${o.poll.id}/status`,
      payload: { status: 'ACTIVE' },
    }),
    200,
  ),
  // ---- chat moderation ----
  organiserRow(
    'GET /admin/shows/:id/chat/messages',
    (o) => ({ method: 'GET', url: `${s(o)}/chat/messages` }),
    200,
  ),
  organiserRow(
    'POST /admin/shows/:id/chat/notifications',
    (o) => ({
      method: 'POST',
      url: `${s(o)}/chat/notifications`,
      payload: { message: 'Aviso intruso' },
    }),
    201,
  ),
  organiserRow(
    'DELETE /admin/shows/:id/chat/messages/:messageId',
    (o) => ({ method: 'DELETE', url: `${s(o)}/chat/messages/${o.message.id}` }),
    200,
  ),
  organiserRow(
    'POST /admin/shows/:id/chat/mutes',
    (o) => ({ method: 'POST', url: `${s(o)}/chat/mutes`, payload: { message_uid: o.message.id } }),
    201,
  ),
  organiserRow(
    'GET /admin/shows/:id/chat/mutes',
    (o) => ({ method: 'GET', url: `${s(o)}/chat/mutes` }),
    200,
  ),
  organiserRow(
    'DELETE /admin/shows/:id/chat/mutes/:muteId',
    (o) => ({ method: 'DELETE', url: `${s(o)}/chat/mutes/${o.mute.id}` }),
    200,
  ),
  organiserRow(
    'GET /admin/shows/:id/viewers',
    (o) => ({ method: 'GET', url: `${s(o)}/viewers` }),
    200,
  ),
  // ---- admin-only: producers, accounts, the audit log ----
  organiserRow(
    'PATCH /admin/producers/:id',
    (o) => ({
      method: 'PATCH',
      url: `/admin/producers/${o.show.producerId}`,
      payload: { name: 'Productora intrusa' },
    }),
    200,
    adminOnly,
  ),
  organiserRow(
    'GET /admin/users',
    (o) => ({ method: 'GET', url: `/admin/users?producer_uid=${o.show.producerId}` }),
    200,
    { note: '?producer_uid= of producer A', ...adminOnly },
  ),
  organiserRow(
    'GET /admin/audit-log',
    (o) => ({ method: 'GET', url: `/admin/audit-log?entity_id=${o.show.id}` }),
    200,
    { note: '?entity_id= of producer A’s show', ...adminOnly },
  ),
];

/** Producer A's fixture and producer B's own show and promo code, for rows that mix the two. */
async function mixed(w: World) {
  const a = await organiserShow(w);
  const db = w.t.database.db;
  const own = await createShow(db, {
    producerId: w.organisers.producerB,
    fullname: `Propio ${a.tag}`,
  });
  const ownTicket = await createTicket(db, own.id);
  const ownPromo = await db.promoCode.create({
    data: {
      producerId: w.organisers.producerB,
      code: `PROPIO${a.tag}`,
      discountType: 'PERCENT',
      discountValue: 5,
    },
  });
  return { ...a, own, ownTicket, ownPromo };
}
type Mixed = Awaited<ReturnType<typeof mixed>>;

/**
 * Producer B names one of A's ids inside a request on B's own object: refused
 * on the field that names it (422) and nothing of A's changes. The owner's
 * control is B's same call without A's id.
 */
const crossRow = (
  route: string,
  note: string,
  request: (m: Mixed) => Attempt,
  own: (m: Mixed) => Attempt,
  ownStatus: number,
): AnyRow =>
  row<Mixed>({
    route,
    note,
    setup: mixed,
    request,
    secrets: organiserSecrets,
    state: async (m, w) => ({
      a: await organiserState(m, w),
      own: await w.t.database.db.show.findUniqueOrThrow({ where: { id: m.own.id } }),
      ownTickets: await w.t.database.db.ticket.findMany({ where: { showId: m.own.id } }),
      ownPromo: await w.t.database.db.promoCode.findUniqueOrThrow({
        where: { id: m.ownPromo.id },
        include: { shows: true },
      }),
    }),
    refusals: { ...ORGANISER_REFUSALS, producer: 422 },
    owner: {
      status: ownStatus,
      as: (_m, w) => w.organisers.producerUserB.headers,
      request: async (m) => own(m),
    },
  });

export const CROSS_ROWS: AnyRow[] = [
  crossRow(
    'GET /admin/reports/shows/:id/sales',
    'B’s show with ?date_uid= of A’s date',
    (m) => ({ method: 'GET', url: `/admin/reports/shows/${m.own.id}/sales?date_uid=${m.date.id}` }),
    (m) => ({ method: 'GET', url: `/admin/reports/shows/${m.own.id}/sales` }),
    200,
  ),
  crossRow(
    'PATCH /admin/shows/:id',
    'B’s show moved under A’s show',
    (m) => ({
      method: 'PATCH',
      url: `/admin/shows/${m.own.id}`,
      payload: { parent_show_uid: m.show.id },
    }),
    (m) => ({ method: 'PATCH', url: `/admin/shows/${m.own.id}`, payload: { subtitle: 'Propio' } }),
    200,
  ),
  crossRow(
    'PATCH /admin/promo-codes/:id',
    'B’s code extended to A’s show',
    (m) => ({
      method: 'PATCH',
      url: `/admin/promo-codes/${m.ownPromo.id}`,
      payload: { show_uids: [m.show.id] },
    }),
    (m) => ({
      method: 'PATCH',
      url: `/admin/promo-codes/${m.ownPromo.id}`,
      payload: { show_uids: [m.own.id] },
    }),
    200,
  ),
  crossRow(
    'PATCH /admin/shows/:id/tickets/:ticketId',
    'B’s ticket sold for A’s date and bundling A’s ticket',
    (m) => ({
      method: 'PATCH',
      url: `/admin/shows/${m.own.id}/tickets/${m.ownTicket.id}`,
      payload: { show_dates: [m.date.id], bundle: [{ ticket_uid: m.ticket.id, quantity: 1 }] },
    }),
    (m) => ({
      method: 'PATCH',
      url: `/admin/shows/${m.own.id}/tickets/${m.ownTicket.id}`,
      payload: { description: 'Propio' },
    }),
    200,
  ),
];
