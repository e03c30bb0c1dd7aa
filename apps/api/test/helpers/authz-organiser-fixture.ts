import { randomBytes } from 'node:crypto';
import { issueTicketCodes } from '../../src/modules/etickets/etickets.service.ts';
import { ORGANISER_REFUSALS, row } from './authz-matrix.ts';
import type { AnyRow, Attempt, Row, World } from './authz-matrix.ts';
import { sellCodes } from './checkin.ts';
import { createShow, createTicket, createUser, createVenueMap } from './factories.ts';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/**
 * Producer A's objects for the organiser side of the matrix: a live show with
 * a child date, a ticket, a seat map, an approved order with its codes, a promo
 * code, an access code, a poll, a chat message and a mute, a live channel.
 */
export async function organiserShow(w: World) {
  const db = w.t.database.db;
  const producerId = w.organisers.producerA;
  const tag = unique();
  const show = await createShow(db, {
    producerId,
    fullname: `Privado ${tag}`,
    status: 'LIVE',
    videoUrl: 'https://cdn.taquilla.test/vivo/principal.m3u8',
    settings: { chat_visible: true, polls: true },
  });
  const date = await createShow(db, {
    producerId,
    parentShowId: show.id,
    fullname: `Fecha ${tag}`,
  });
  const ticket = await createTicket(db, show.id, {
    code: `TK-${tag}`,
    fullname: `Boleto ${tag}`,
    sold: 1, // the order below
  });
  const { map } = await createVenueMap(db, show.id, [{ name: `Platea ${tag}`, rows: 1, cols: 2 }]);
  const sold = await sellCodes(db, {
    ticket,
    showId: show.id,
    quantity: 1,
    buyer: { firstname: 'Compradora', lastname: `Secreta${tag}` },
  });
  const promo = await db.promoCode.create({
    data: { producerId, code: `PROMO${tag}`, discountType: 'PERCENT', discountValue: 10 },
  });
  await db.promoCodeShow.create({ data: { promoCodeId: promo.id, showId: show.id } });
  const access = await db.accessCode.create({ data: { showId: show.id, code: `AC${tag}` } });
  const poll = await db.poll.create({
    data: {
      showId: show.id,
      question: `¿Pregunta ${tag}?`,
      options: { create: [{ text: `Sí ${tag}` }, { text: 'No' }] },
    },
  });
  const fan = await createUser(db, { password: 'x-no-login-x', withViewer: true });
  const message = await db.chatMessage.create({
    data: {
      showId: show.id,
      userId: fan.id,
      username: `fan-${tag}`,
      authorKey: `user:${fan.id}`,
      message: `Mensaje ${tag}`,
    },
  });
  const mute = await db.chatMute.create({
    data: { showId: show.id, authorKey: `user:${fan.id}`, userId: fan.id, username: `fan-${tag}` },
  });
  const channel = await db.liveChannel.create({ data: { showId: show.id, name: `Canal ${tag}` } });
  return { tag, show, date, ticket, map, sold, promo, access, poll, fan, message, mute, channel };
}
export type OrganiserShow = Awaited<ReturnType<typeof organiserShow>>;

/** Everything of the fixture as the database has it: any write by a refused caller shows here. */
export async function organiserState(o: OrganiserShow, w: World) {
  const db = w.t.database.db;
  const showIds = [o.show.id, o.date.id];
  return {
    shows: await db.show.findMany({ where: { id: { in: showIds } }, orderBy: { id: 'asc' } }),
    tickets: await db.ticket.findMany({ where: { showId: o.show.id }, orderBy: { id: 'asc' } }),
    maps: await db.venueMap.findMany({
      where: { showId: o.show.id },
      include: { sections: { orderBy: { id: 'asc' } } },
    }),
    order: await db.order.findUniqueOrThrow({ where: { id: o.sold.orderId } }),
    codes: await db.ticketCode.findMany({ where: { orderId: o.sold.orderId } }),
    promo: await db.promoCode.findUniqueOrThrow({
      where: { id: o.promo.id },
      include: { shows: true },
    }),
    accessCodes: await db.accessCode.findMany({
      where: { showId: o.show.id },
      orderBy: { id: 'asc' },
    }),
    polls: await db.poll.findMany({
      where: { showId: o.show.id },
      include: { options: { orderBy: { id: 'asc' } } },
      orderBy: { id: 'asc' },
    }),
    chat: await db.chatMessage.findMany({ where: { showId: o.show.id }, orderBy: { id: 'asc' } }),
    mutes: await db.chatMute.findMany({ where: { showId: o.show.id }, orderBy: { id: 'asc' } }),
    channels: await db.liveChannel.findMany({
      where: { showId: o.show.id },
      orderBy: { id: 'asc' },
    }),
    producer: await db.producer.findUniqueOrThrow({ where: { id: w.organisers.producerA } }),
  };
}

/** Strings of producer A's objects that no refused answer may carry. */
export const organiserSecrets = (o: OrganiserShow) => [
  o.show.fullname,
  o.date.fullname,
  o.ticket.fullname,
  o.ticket.code,
  o.map.name,
  `Secreta${o.tag}`,
  o.promo.code,
  o.access.code,
  `Pregunta ${o.tag}`,
  `Mensaje ${o.tag}`,
  `fan-${o.tag}`,
  `Canal ${o.tag}`,
  ...o.sold.codes,
];

/** One organiser row: producer A's fixture, tried by everyone else; producer A's own call answers `ownerStatus`. */
export function organiserRow(
  route: string,
  request: (o: OrganiserShow, w: World) => Attempt,
  ownerStatus: number,
  options: Partial<Pick<Row<OrganiserShow>, 'note' | 'refusals' | 'refusedWith' | 'owner'>> = {},
): AnyRow {
  return row<OrganiserShow>({
    route,
    setup: organiserShow,
    request,
    secrets: organiserSecrets,
    state: organiserState,
    refusals: ORGANISER_REFUSALS,
    owner: { status: ownerStatus, as: (_o, w) => w.organisers.producerUserA.headers },
    ...options,
  });
}

/**
 * An order that mixed producers before decision 0062: one line of producer A's
 * show (Q 100) and one of producer B's (a VIP at Q 500), with no producer of its
 * own. The API can no longer place one, so it is written here in SQL: a paid
 * card order with its codes issued, or a bank deposit waiting for confirmation.
 */
export async function mixedOrder(w: World, kind: 'card' | 'deposit') {
  const db = w.t.database.db;
  const tag = unique();
  const showA = await createShow(db, {
    producerId: w.organisers.producerA,
    fullname: `Mixto A ${tag}`,
  });
  const showB = await createShow(db, {
    producerId: w.organisers.producerB,
    fullname: `Mixto B ${tag}`,
  });
  const ticketA = await createTicket(db, showA.id, { code: `MA-${tag}`, sold: 1 });
  const ticketB = await createTicket(db, showB.id, {
    code: `MB-${tag}`,
    fullname: `VIP ${tag}`,
    price: 50_000,
    sold: 1,
  });
  const email = `mixta-${tag.toLowerCase()}@taquilla.test`;
  const card = kind === 'card';
  const [order] = await db.$queryRaw<{ id: string; order_number: number }[]>`
    INSERT INTO orders (id, email, status, payment_type, subtotal, total, payment_info,
                        payment_response, updated_at)
    VALUES (gen_random_uuid(), ${email},
            ${card ? 'APPROVED' : 'WAITING_CONFIRMATION'}::"OrderStatus",
            ${card ? 'CREDIT_CARD' : 'BANK_DEPOSIT'}::"PaymentType", 60000, 60000,
            ${JSON.stringify({ firstname: 'Compradora', lastname: `Mixta${tag}`, email })}::jsonb,
            ${card ? JSON.stringify({ transaction_id: `txn-${tag}` }) : null}::jsonb, now())
    RETURNING id, order_number`;
  if (!order) throw new Error('mixed order not written');
  for (const [show, ticket] of [
    [showA, ticketA],
    [showB, ticketB],
  ] as const) {
    await db.$executeRaw`
      INSERT INTO order_items (id, order_id, ticket_id, show_id, code, show_name, show_date,
                               description, ticket_type, quantity, price, total_price)
      VALUES (gen_random_uuid(), ${order.id}::uuid, ${ticket.id}::uuid, ${show.id}::uuid,
              ${ticket.code}, ${show.fullname}, ${show.showDate}, ${ticket.fullname},
              'GENERAL', 1, ${ticket.price}, ${ticket.price})`;
  }
  if (card) await issueTicketCodes(db, order.id);
  const codes = await db.ticketCode.findMany({
    where: { orderId: order.id },
    include: { orderItem: { select: { showId: true } } },
    orderBy: { code: 'asc' },
  });
  const codeOf = (showId: string) => codes.find((c) => c.orderItem.showId === showId)?.code;
  return {
    tag,
    showA,
    showB,
    ticketA,
    ticketB,
    email,
    orderId: order.id,
    orderNumber: order.order_number,
    codes: codes.map((c) => c.code),
    codeA: codeOf(showA.id),
    codeB: codeOf(showB.id),
  };
}
export type MixedOrder = Awaited<ReturnType<typeof mixedOrder>>;

/** The mixed order as the database has it: any write by a refused caller shows here. */
async function mixedOrderState(o: MixedOrder, w: World) {
  const db = w.t.database.db;
  return {
    order: await db.order.findUniqueOrThrow({
      where: { id: o.orderId },
      include: {
        items: { orderBy: { id: 'asc' } },
        codes: { orderBy: { id: 'asc' } },
        changeLog: true,
      },
    }),
    tickets: await db.ticket.findMany({
      where: { id: { in: [o.ticketA.id, o.ticketB.id] } },
      orderBy: { id: 'asc' },
    }),
    audit: await db.auditLog.count({ where: { entityId: o.orderId } }),
  };
}

/**
 * One row on a mixed order (decision 0062): neither producer with a line in it
 * reaches it (producer B among the usual callers, producer A besides them);
 * an admin does, with `ownerStatus`.
 */
export function mixedOrderRow(
  route: string,
  kind: 'card' | 'deposit',
  request: (o: MixedOrder, w: World) => Attempt,
  ownerStatus: number,
  options: Partial<Pick<Row<MixedOrder>, 'note' | 'refusedWith'>> & {
    /** What producer A gets: 404 for the order's routes, an empty 200 for a list. */
    producerA?: number;
    sees?: (body: unknown, o: MixedOrder) => void;
  } = {},
): AnyRow {
  return row<MixedOrder>({
    route,
    note: options.note ?? `an order mixing producers A and B, ${kind}`,
    setup: (w) => mixedOrder(w, kind),
    request,
    secrets: (o) => [
      `Mixta${o.tag}`,
      o.email,
      o.showA.fullname,
      o.showB.fullname,
      o.ticketB.fullname,
      o.ticketA.code,
      o.ticketB.code,
      ...o.codes,
    ],
    state: mixedOrderState,
    refusals: ORGANISER_REFUSALS,
    ...(options.refusedWith ? { refusedWith: options.refusedWith } : {}),
    alsoRefused: [
      {
        name: 'producerA (a line of the order is A’s)',
        as: (_o, w) => w.organisers.producerUserA.headers,
        status: options.producerA ?? 404,
      },
    ],
    owner: {
      status: ownerStatus,
      as: (_o, w) => w.organisers.admin.headers,
      ...(options.sees ? { sees: options.sees } : {}),
    },
  });
}
