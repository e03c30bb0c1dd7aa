import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow, createTicket, createVenueMap } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;

interface Line {
  ticket_uid: string;
  show_uid: string;
  quantity: number;
  seat?: string;
}

describe('cart rules: currency, sale window, per-line limits, stock left, busy locks', () => {
  let t: TestApp;
  let showId: string;

  const add = (sessionID: string, items: Line[], currency: 'GTQ' | 'USD' = 'GTQ') =>
    t.app.inject({
      method: 'POST',
      url: `/cart/${sessionID}/items`,
      payload: { currency, items },
    });
  const lines = async () => t.database.db.cartItem.count();

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    showId = (await createShow(t.database.db, { showDate: new Date(NOW.getTime() + 7 * DAY) })).id;
  });
  afterAll(() => t.close());

  it('prices a dollar cart from the _usd twins and refuses a ticket without a dollar price', async () => {
    const usd = await createTicket(t.database.db, showId, {
      price: 15_000,
      priceUsd: 2_000,
      fee: 500,
      feeUsd: 100,
    });
    const quetzalOnly = await createTicket(t.database.db, showId, { priceUsd: null });
    const sid = randomUUID();

    const res = await add(sid, [{ ticket_uid: usd.id, show_uid: showId, quantity: 2 }], 'USD');
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    expect(cart.currency).toBe('USD');
    expect(cart.items[0]).toMatchObject({
      price: 150,
      price_usd: 20,
      total_price_usd: 40,
      total_fee_usd: 2,
    });
    // The cart's totals are in its own currency.
    expect(cart.subtotal).toBe(40);
    expect(cart.total_fee).toBe(2);
    expect(cart.total).toBe(42);

    const before = await lines();
    const refused = await add(
      sid,
      [{ ticket_uid: quetzalOnly.id, show_uid: showId, quantity: 1 }],
      'USD',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(refused.json().fields).toEqual([
      { field: 'items.0.ticket_uid', message: 'Este boleto no se vende en dólares' },
    ]);
    // A cart holding dollars does not take quetzales.
    const otherCurrency = await add(sid, [{ ticket_uid: usd.id, show_uid: showId, quantity: 1 }]);
    expect(otherCurrency.statusCode).toBe(422);
    expect(otherCurrency.body).toContain('otra moneda');
    expect(await lines()).toBe(before);
  });

  it('sells a ticket only inside its window', async () => {
    const early = await createTicket(t.database.db, showId, {
      validSince: new Date(NOW.getTime() + DAY),
    });
    const late = await createTicket(t.database.db, showId, {
      validThru: new Date(NOW.getTime() - 1_000),
    });
    const open = await createTicket(t.database.db, showId, {
      validSince: new Date(NOW.getTime() - DAY),
      validThru: new Date(NOW.getTime() + DAY),
    });
    for (const ticket of [early, late]) {
      const res = await add(randomUUID(), [
        { ticket_uid: ticket.id, show_uid: showId, quantity: 1 },
      ]);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'TICKET_NOT_ON_SALE',
        message: 'Este boleto no está a la venta en este momento',
      });
    }
    const ok = await add(randomUUID(), [{ ticket_uid: open.id, show_uid: showId, quantity: 1 }]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps a line within the show’s max_ticket_quantity across adds', async () => {
    const small = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 7 * DAY),
      settings: { max_ticket_quantity: 4 },
    });
    const ticket = await createTicket(t.database.db, small.id);
    const sid = randomUUID();
    expect(
      (await add(sid, [{ ticket_uid: ticket.id, show_uid: small.id, quantity: 3 }])).statusCode,
    ).toBe(200);

    const res = await add(sid, [{ ticket_uid: ticket.id, show_uid: small.id, quantity: 2 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[0].message).toBe('Puedes reservar hasta 4 boletos de este tipo');
  });

  it('holds at most 10 places of an open section and says how many are left', async () => {
    // A show that allows 20 per line: the open section's own 10 is the limit that bites.
    const venue = await createShow(t.database.db, {
      showDate: new Date(NOW.getTime() + 7 * DAY),
      settings: { max_ticket_quantity: 20 },
    });
    const { sections } = await createVenueMap(t.database.db, venue.id, [
      { type: 'OPEN', name: 'General', capacity: 30 },
      { type: 'OPEN', name: 'Terraza', capacity: 3 },
      { name: 'Platea', rows: 1, cols: 2 },
    ]);
    const [general, terraza, platea] = sections;
    const sid = randomUUID();
    const first = await add(sid, [
      { ticket_uid: general!.ticket.id, show_uid: venue.id, quantity: 8 },
    ]);
    expect(first.statusCode, first.body).toBe(200);

    const over = await add(sid, [
      { ticket_uid: general!.ticket.id, show_uid: venue.id, quantity: 3 },
    ]);
    expect(over.statusCode).toBe(422);
    expect(over.json().fields[0].message).toBe('Máximo 10 por sección');

    const few = await add(randomUUID(), [
      { ticket_uid: terraza!.ticket.id, show_uid: venue.id, quantity: 4 },
    ]);
    expect(few.statusCode).toBe(409);
    expect(few.json()).toEqual({
      error: 'NOT_ENOUGH_AVAILABLE',
      message: 'No hay suficientes boletos disponibles: quedan 3',
    });

    // A numbered section sells a seat at a time, and only with a seat.
    const noSeat = await add(randomUUID(), [
      { ticket_uid: platea!.ticket.id, show_uid: venue.id, quantity: 1 },
    ]);
    expect(noSeat.statusCode).toBe(422);
    expect(noSeat.json().fields[0].message).toBe('Elige un asiento en el mapa');
    const twoOnOneSeat = await add(randomUUID(), [
      {
        ticket_uid: platea!.ticket.id,
        show_uid: venue.id,
        quantity: 2,
        seat: platea!.seats[0]!.id,
      },
    ]);
    expect(twoOnOneSeat.statusCode).toBe(422);
    expect(twoOnOneSeat.json().fields[0].message).toBe('Un asiento es un boleto');
  });

  it('answers 409 CART_BUSY, and writes nothing, when the cart stays locked past the timeout', async () => {
    const ticket = await createTicket(t.database.db, showId);
    const sid = randomUUID();
    const before = await lines();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another writer holds this browser's cart lock (a stuck request) for longer than 2 s.
    const holder = t.database.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('taquilla:cart'), hashtext(${sid}))::text`;
        locked();
        await released;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    try {
      const res = await add(sid, [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }]);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        error: 'CART_BUSY',
        message: 'Hay mucha demanda en este momento. Por favor intenta de nuevo.',
      });
    } finally {
      release();
      await holder;
    }
    expect(await lines()).toBe(before);
    const retried = await add(sid, [{ ticket_uid: ticket.id, show_uid: showId, quantity: 1 }]);
    expect(retried.statusCode, retried.body).toBe(200);
  });
});
