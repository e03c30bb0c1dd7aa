import { randomBytes } from 'node:crypto';
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
