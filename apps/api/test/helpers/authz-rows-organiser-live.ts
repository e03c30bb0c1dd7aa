import type { AnyRow } from './authz-matrix.ts';
import { organiserRow } from './authz-organiser-fixture.ts';

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
