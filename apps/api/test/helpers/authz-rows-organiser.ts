import { expect } from 'vitest';
import type { AnyRow } from './authz-matrix.ts';
import { mixedOrderRow, organiserRow } from './authz-organiser-fixture.ts';
import type { MixedOrder } from './authz-organiser-fixture.ts';

/**
 * The organiser side of the matrix (decision 0010): producer A's show and
 * everything hanging from it, tried by producer B (404: never confirmed), a
 * Viewer (403), an anonymous caller and a forged token (401).
 */

const s = (o: { show: { id: string } }) => `/admin/shows/${o.show.id}`;

export const SHOW_ROWS: AnyRow[] = [
  // ---- shows ----
  organiserRow('GET /admin/shows/:id', (o) => ({ method: 'GET', url: s(o) }), 200),
  organiserRow(
    'PATCH /admin/shows/:id',
    (o) => ({ method: 'PATCH', url: s(o), payload: { fullname: 'Secuestrado' } }),
    200,
  ),
  organiserRow('DELETE /admin/shows/:id', (o) => ({ method: 'DELETE', url: s(o) }), 409),
  organiserRow(
    'PUT /admin/shows/:id/status',
    (o) => ({ method: 'PUT', url: `${s(o)}/status`, payload: { status: 'CANCELLED' } }),
    200,
  ),
  // One row per id parameter: two in one request can hide each other (a show
  // filter that finds nothing empties the answer whatever the producer filter does).
  organiserRow(
    'GET /admin/shows',
    (o) => ({ method: 'GET', url: `/admin/shows?producer=${o.show.producerId}` }),
    200,
    { note: '?producer= of producer A', refusedWith: { otherProducer: 200 } },
  ),
  organiserRow(
    'GET /admin/shows',
    (o) => ({ method: 'GET', url: `/admin/shows?parent=${o.show.id}` }),
    200,
    { note: '?parent= of producer A', refusedWith: { otherProducer: 200 } },
  ),
  organiserRow(
    'POST /admin/shows',
    (o) => ({
      method: 'POST',
      url: '/admin/shows',
      payload: {
        fullname: 'Fecha intrusa',
        venue: 'Otro lugar',
        parent_show_uid: o.show.id,
        show_date: o.show.showDate,
      },
    }),
    201,
    // Another organiser's parent is "unknown", named on its field (422).
    { note: 'a child date under producer A’s show', refusedWith: { otherProducer: 422 } },
  ),
  organiserRow(
    'POST /admin/shows/:id/images',
    (o) => ({ method: 'POST', url: `${s(o)}/images?field=main_image` }),
    // No file: the owner's call reaches the image rules.
    422,
  ),
  // ---- tickets and maps ----
  organiserRow(
    'GET /admin/shows/:id/tickets',
    (o) => ({ method: 'GET', url: `${s(o)}/tickets` }),
    200,
  ),
  organiserRow(
    'POST /admin/shows/:id/tickets',
    (o) => ({
      method: 'POST',
      url: `${s(o)}/tickets`,
      payload: {
        code: 'INTRUSO',
        fullname: 'Intruso',
        price: 1,
        capacity: 5,
        payment_type: ['CREDIT_CARD'],
      },
    }),
    201,
  ),
  organiserRow(
    'PATCH /admin/shows/:id/tickets/:ticketId',
    (o) => ({
      method: 'PATCH',
      url: `${s(o)}/tickets/${o.ticket.id}`,
      payload: { fullname: 'Cambiado', capacity: 1 },
    }),
    200,
  ),
  organiserRow(
    'DELETE /admin/shows/:id/tickets/:ticketId',
    (o) => ({ method: 'DELETE', url: `${s(o)}/tickets/${o.ticket.id}` }),
    409,
  ),
  organiserRow('GET /admin/shows/:id/map', (o) => ({ method: 'GET', url: `${s(o)}/map` }), 200),
  organiserRow(
    'PUT /admin/shows/:id/map',
    (o) => ({
      method: 'PUT',
      url: `${s(o)}/map`,
      payload: {
        name: 'Mapa intruso',
        map_image: '/mapa.svg',
        section_grid_rows: 1,
        section_grid_cols: 1,
        sections: [
          {
            name: 'Intrusa',
            type: 'SEATS',
            map_rows: 1,
            map_columns: 1,
            section_grid_row: 0,
            section_grid_col: 0,
            ticket_uid: o.ticket.id,
          },
        ],
      },
    }),
    200,
  ),
  // ---- promo codes ----
  organiserRow(
    'GET /admin/promo-codes/:id',
    (o) => ({ method: 'GET', url: `/admin/promo-codes/${o.promo.id}` }),
    200,
  ),
  organiserRow(
    'PATCH /admin/promo-codes/:id',
    (o) => ({
      method: 'PATCH',
      url: `/admin/promo-codes/${o.promo.id}`,
      payload: { active: false },
    }),
    200,
  ),
  organiserRow(
    'GET /admin/promo-codes',
    (o) => ({ method: 'GET', url: `/admin/promo-codes?producer=${o.show.producerId}` }),
    200,
    { note: '?producer= of producer A', refusedWith: { otherProducer: 200 } },
  ),
  organiserRow(
    'GET /admin/promo-codes',
    (o) => ({ method: 'GET', url: `/admin/promo-codes?show_uid=${o.show.id}` }),
    200,
    { note: '?show_uid= of producer A', refusedWith: { otherProducer: 200 } },
  ),
  organiserRow(
    'POST /admin/promo-codes',
    (o) => ({
      method: 'POST',
      url: '/admin/promo-codes',
      payload: {
        code: `INTRUSO${o.tag}`,
        discount_type: 'PERCENT',
        discount_value: 100,
        show_uids: [o.show.id],
      },
    }),
    201,
    { note: 'show_uids of producer A', refusedWith: { otherProducer: 422 } },
  ),
  // ---- orders and their actions ----
  organiserRow(
    'GET /admin/orders/:id',
    (o) => ({ method: 'GET', url: `/admin/orders/${o.sold.orderId}` }),
    200,
  ),
  organiserRow(
    'GET /admin/orders',
    (o) => ({ method: 'GET', url: `/admin/orders?show_uid=${o.show.id}` }),
    200,
    { note: '?show_uid= of producer A', refusedWith: { otherProducer: 200 } },
  ),
  ...(['deposit/confirm', 'deposit/reject', 'cancel', 'refund', 'resend'] as const).map((action) =>
    organiserRow(
      `POST /admin/orders/:id/${action}`,
      (o) => ({
        method: 'POST',
        url: `/admin/orders/${o.sold.orderId}/${action}`,
        ...(action === 'deposit/confirm' || action === 'resend'
          ? {}
          : { payload: { reason: 'Intruso' } }),
      }),
      // A card order: cancel and resend work; the deposit decisions and a refund
      // (card refunds go through the gateway) reach their own rule, 409.
      action === 'cancel' || action === 'resend' ? 200 : 409,
    ),
  ),
  // ---- reports, downloads, attendance ----
  organiserRow(
    'GET /admin/reports/shows/:id/sales',
    (o) => ({
      method: 'GET',
      url: `/admin/reports/shows/${o.show.id}/sales?date_uid=${o.date.id}`,
    }),
    200,
  ),
  organiserRow(
    'GET /admin/shows/:id/downloads',
    (o) => ({ method: 'GET', url: `${s(o)}/downloads` }),
    200,
  ),
  organiserRow(
    'GET /admin/shows/:id/attendance',
    (o) => ({ method: 'GET', url: `${s(o)}/attendance` }),
    200,
  ),
  organiserRow(
    'POST /admin/checkin',
    (o) => ({
      method: 'POST',
      url: '/admin/checkin',
      payload: { code: o.sold.codes[0], show_uid: o.show.id },
    }),
    200,
    { note: 'a code of producer A’s show' },
  ),
];

/** The list finds the mixed order for an admin: the row's query is one that would find it. */
const listsIt = (body: unknown, o: MixedOrder) =>
  expect((body as { items: { _id: string }[] }).items.map((i) => i._id)).toContain(o.orderId);
const mo = (o: MixedOrder) => `/admin/orders/${o.orderId}`;
const reason = { reason: 'Intruso' };

/**
 * Decision 0062: an order that mixed producers before the rule is neither
 * producer's. Producer A (a line of its show is in it) and producer B (the
 * other line) each get 404 on it and find it in no list; an admin reads it and
 * decides on it.
 */
export const MIXED_ORDER_ROWS: AnyRow[] = [
  mixedOrderRow('GET /admin/orders/:id', 'card', (o) => ({ method: 'GET', url: mo(o) }), 200),
  mixedOrderRow(
    'POST /admin/orders/:id/deposit/confirm',
    'deposit',
    (o) => ({ method: 'POST', url: `${mo(o)}/deposit/confirm` }),
    200,
  ),
  mixedOrderRow(
    'POST /admin/orders/:id/deposit/reject',
    'deposit',
    (o) => ({ method: 'POST', url: `${mo(o)}/deposit/reject`, payload: reason }),
    200,
  ),
  mixedOrderRow(
    'POST /admin/orders/:id/cancel',
    'card',
    (o) => ({ method: 'POST', url: `${mo(o)}/cancel`, payload: reason }),
    200,
  ),
  mixedOrderRow(
    'POST /admin/orders/:id/refund',
    'card',
    (o) => ({ method: 'POST', url: `${mo(o)}/refund`, payload: reason }),
    200,
  ),
  mixedOrderRow(
    'POST /admin/orders/:id/resend',
    'card',
    (o) => ({ method: 'POST', url: `${mo(o)}/resend` }),
    200,
  ),
  // In no list: a search for its buyer, each producer's show filter, the deposit queue.
  ...[
    { note: 'a search for the mixed order’s buyer', query: (o: MixedOrder) => `q=Mixta${o.tag}` },
    {
      note: '?show_uid= of A’s show in the mixed order',
      query: (o: MixedOrder) => `show_uid=${o.showA.id}`,
    },
    {
      note: '?show_uid= of B’s show in the mixed order',
      query: (o: MixedOrder) => `show_uid=${o.showB.id}`,
    },
  ].map(({ note, query }) =>
    mixedOrderRow(
      'GET /admin/orders',
      'card',
      (o) => ({ method: 'GET', url: `/admin/orders?${query(o)}` }),
      200,
      { note, refusedWith: { otherProducer: 200 }, producerA: 200, sees: listsIt },
    ),
  ),
  mixedOrderRow(
    'GET /admin/orders',
    'deposit',
    (o) => ({
      method: 'GET',
      url: `/admin/orders?status=WAITING_CONFIRMATION&payment_type=BANK_DEPOSIT,ACCOUNT_BANK_DEPOSIT&sort=oldest&q=Mixta${o.tag}`,
    }),
    200,
    {
      note: 'the deposit queue, searched for the mixed order’s buyer',
      refusedWith: { otherProducer: 200 },
      producerA: 200,
      sees: listsIt,
    },
  ),
];
