import type { VenueMap } from '@taquilla/contract';
import { venueMapSchema, seatStatesResponseSchema } from '@taquilla/contract';
import { expect } from 'vitest';
import {
  createCart,
  createProducer,
  createSeatHold,
  createSeatSale,
  createShow,
  createTicketHold,
  createTicketSale,
  createVenueMap,
} from './factories.ts';
import type { TestApp } from './app.ts';

export const NOW = new Date('2027-03-10T18:00:00.000Z');
export const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

export type DatedMapFixture = Awaited<ReturnType<typeof createDatedMapFixture>>;

/**
 * A show with two dates (funciones) and a map on the parent: Platea (2 × 3,
 * A1…B3), Galería (3 × 2 from row index 20: U, V, X) and General (OPEN, 50
 * places), drawn General, Platea, Galería (`position`), created in another
 * order. What is taken:
 * - date one: Platea A1 sold, A2 held by `mine`, A3 held by `other`, B1 held by
 *   `expired` (its time passed); Galería U1 sold; General 5 sold, 3 awaiting a
 *   deposit, 2 in a rejected order, 4 held by `mine`, 7 held past their time,
 *   6 in a checked-out cart;
 * - date two: Platea B2 sold; General 10 sold;
 * - the parent itself: nothing.
 * Live holds end at NOW + 9 minutes.
 */
export async function createDatedMapFixture(t: TestApp) {
  const db = t.database.db;
  const producerId = (await createProducer(db)).id;
  const parentId = (
    await createShow(db, {
      producerId,
      showDate: at(20 * DAY),
      path: 'gala-con-mapa',
      settings: { has_map: true, has_show_dates: true },
    })
  ).id;
  const child = (days: number) =>
    createShow(db, {
      producerId,
      parentShowId: parentId,
      showDate: at(days * DAY),
      visible: false,
      settings: { is_show_date: true },
    });
  const dateOne = (await child(20)).id;
  const dateTwo = (await child(21)).id;
  // Created in one order, drawn in another: the answer follows `position`.
  const venue = await createVenueMap(
    db,
    parentId,
    [
      { name: 'Platea', rows: 2, cols: 3, gridRow: 1, gridCol: 1, position: 2 },
      { name: 'Galería', rows: 3, cols: 2, rowStart: 20, gridRow: 2, gridCol: 1, position: 3 },
      { name: 'General', type: 'OPEN', capacity: 50, gridRow: 1, gridCol: 2, position: 1 },
    ],
    { name: 'Gran Sala', gridRows: 3, gridCols: 3 },
  );
  function section(name: string) {
    const found = venue.sections.find((s) => s.section.name === name);
    if (!found) throw new Error(`no section ${name}`);
    return found;
  }
  function seat(sectionName: string, seatName: string) {
    const found = section(sectionName).seats.find((s) => s.name === seatName);
    if (!found) throw new Error(`no seat ${seatName}`);
    return found;
  }

  const carts = {
    mine: (await createCart(db, { validThru: at(10 * MINUTE) })).id,
    other: (await createCart(db, { validThru: at(10 * MINUTE) })).id,
    expired: (await createCart(db, { validThru: at(-MINUTE) })).id,
    checkedOut: (await createCart(db, { validThru: at(10 * MINUTE), status: 'CHECKED_OUT' })).id,
  };
  const live = at(9 * MINUTE);
  const past = at(-MINUTE);

  // Date one: A1 sold, A2 mine, A3 another cart's, B1 an expired hold; Galería U1 sold.
  await createSeatSale(db, { showId: dateOne, seatId: seat('Platea', 'A1').id });
  await createSeatHold(db, {
    showId: dateOne,
    seatId: seat('Platea', 'A2').id,
    cartId: carts.mine,
    expiresAt: live,
  });
  await createSeatHold(db, {
    showId: dateOne,
    seatId: seat('Platea', 'A3').id,
    cartId: carts.other,
    expiresAt: live,
  });
  await createSeatHold(db, {
    showId: dateOne,
    seatId: seat('Platea', 'B1').id,
    cartId: carts.expired,
    expiresAt: past,
  });
  await createSeatSale(db, { showId: dateOne, seatId: seat('Galería', 'U1').id });
  // Date two: only B2 sold.
  await createSeatSale(db, { showId: dateTwo, seatId: seat('Platea', 'B2').id });

  // General (unnumbered) on date one: 5 sold + 3 awaiting a deposit + 4 held live = 12;
  // a rejected order, an expired hold and a checked-out cart's line do not count.
  const general = section('General').ticket;
  await createTicketSale(db, { ticket: general, showId: dateOne, quantity: 5 });
  await createTicketSale(db, {
    ticket: general,
    showId: dateOne,
    quantity: 3,
    status: 'WAITING_CONFIRMATION',
  });
  await createTicketSale(db, {
    ticket: general,
    showId: dateOne,
    quantity: 2,
    status: 'REJECTED',
  });
  await createTicketHold(db, {
    cartId: carts.mine,
    ticket: general,
    showId: dateOne,
    quantity: 4,
    expiresAt: live,
  });
  await createTicketHold(db, {
    cartId: carts.expired,
    ticket: general,
    showId: dateOne,
    quantity: 7,
    expiresAt: past,
  });
  await createTicketHold(db, {
    cartId: carts.checkedOut,
    ticket: general,
    showId: dateOne,
    quantity: 6,
    expiresAt: live,
  });
  // Date two: 10 sold.
  await createTicketSale(db, { ticket: general, showId: dateTwo, quantity: 10 });

  return { parentId, dateOne, dateTwo, venue, carts, section, seat };
}

export async function getMap(t: TestApp, showId: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/shows/${showId}/map`, headers });
}

/** GET /shows/{id}/map, checked against the contract. */
export async function mapOf(t: TestApp, showId: string): Promise<VenueMap> {
  const res = await getMap(t, showId);
  expect(res.statusCode, res.body).toBe(200);
  return venueMapSchema.parse(res.json());
}

/** POST /shows/{id}/map/seats for one section of a map (no cart), checked against the contract. */
export async function sectionSeatsOf(
  t: TestApp,
  showId: string,
  map: VenueMap,
  sectionName: string,
) {
  const section = map.sections.find((s) => s.name === sectionName);
  if (!section) throw new Error(`no section ${sectionName}`);
  const res = await t.app.inject({
    method: 'POST',
    url: `/shows/${showId}/map/seats`,
    body: { location: map._id, section: section._id, cart: null },
  });
  expect(res.statusCode, res.body).toBe(200);
  return seatStatesResponseSchema.parse(res.json());
}
