import { ticketListResponseSchema } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCart,
  createShow,
  createTicket,
  createTicketHold,
  createTicketSale,
} from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

interface WireTicket {
  _id: string;
  fullname: string;
  real_available: number;
  show_dates: { value: string; label: string }[];
  [key: string]: unknown;
}

type TicketRef = { id: string; code: string };

describe('GET /shows/{id}/tickets', () => {
  let t: TestApp;

  async function tickets(showId: string, query = ''): Promise<WireTicket[]> {
    const res = await t.app.inject({ method: 'GET', url: `/shows/${showId}/tickets${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: WireTicket[] }).items;
  }
  const names = (items: WireTicket[]) => items.map((item) => item.fullname);
  const available = async (showId: string, name: string) =>
    (await tickets(showId)).find((item) => item.fullname === name)?.real_available;

  /** `quantity` held by a cart of `status` for `showId` until `expiresAt`. */
  async function hold(
    ticket: TicketRef,
    showId: string,
    quantity: number,
    expiresAt: Date,
    status: 'OPEN' | 'CHECKED_OUT' | 'EXPIRED' = 'OPEN',
  ) {
    const cart = await createCart(t.database.db, { status, validThru: expiresAt });
    await createTicketHold(t.database.db, {
      cartId: cart.id,
      ticket,
      showId,
      quantity,
      expiresAt,
    });
  }

  beforeAll(async () => {
    // No cache here: every read must see the rows just written (the cache has its own tests).
    t = await createTestApp({ now: NOW, config: { CATALOGUE_CACHE_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  describe('a show selling its own tickets', () => {
    let showId: string;
    let general: TicketRef;

    beforeAll(async () => {
      const db = t.database.db;
      showId = (await createShow(db, { showDate: at(DAY), path: 'concierto-de-boletos' })).id;
      general = await createTicket(db, showId, {
        fullname: 'General',
        ticketRef: 'GEN-01',
        code: 'GENERAL',
        description: 'Acceso general',
        note: 'Sin asiento numerado',
        position: 2,
        price: 15_000,
        priceUsd: 2_000,
        fee: 1_050,
        feeUsd: 150,
        feeIncluded: true,
        paymentTypes: ['CREDIT_CARD', 'BANK_DEPOSIT'],
        capacity: 100,
        sold: 10,
        validSince: at(-DAY),
        validThru: at(DAY),
        location: 'Platea',
        ticketImage: '/images/boleto.png',
        qrColor: '#112233',
        priceRules: {
          create: [
            { quantityMin: 6, itemDiscountPrice: 11_000 },
            { quantityMin: 4, itemDiscountPrice: 12_500, itemDiscountPriceUsd: 1_800 },
          ],
        },
        bundleItems: {
          create: [
            {
              code: 'PARQUEO',
              fullname: 'Parqueo',
              note: 'Sótano 2',
              type: 'GENERAL',
              amount: 2,
              location: 'Sótano',
              ticketImage: '/images/parqueo.png',
              qrColor: '#445566',
            },
          ],
        },
      });
      await createTicket(db, showId, {
        fullname: 'VIP',
        position: 1,
        price: 45_050,
        paymentTypes: ['CREDIT_CARD'],
        capacity: 10,
        sold: 8,
      });
      await createTicket(db, showId, {
        fullname: 'Registro',
        position: 3,
        price: 0,
        paymentTypes: ['REGISTRATION'],
      });
      await createTicket(db, showId, {
        fullname: 'Depósito',
        position: 4,
        paymentTypes: ['ACCOUNT_BANK_DEPOSIT', 'CODE'],
      });
      await createTicket(db, showId, {
        fullname: 'Oculto',
        position: 0,
        visible: false,
        paymentTypes: ['CREDIT_CARD', 'REGISTRATION'],
      });
    });

    it('lists the visible tickets by position', async () => {
      expect(names(await tickets(showId))).toEqual(['VIP', 'General', 'Registro', 'Depósito']);
    });

    it('also answers through the show’s vanity path', async () => {
      expect(names(await tickets('concierto-de-boletos'))).toEqual([
        'VIP',
        'General',
        'Registro',
        'Depósito',
      ]);
    });

    it('keeps tickets having any of the pipe-separated payment types', async () => {
      expect(names(await tickets(showId, '?paymentType=CREDIT_CARD'))).toEqual(['VIP', 'General']);
      expect(names(await tickets(showId, '?paymentType=REGISTRATION|BANK_DEPOSIT'))).toEqual([
        'General',
        'Registro',
      ]);
      expect(names(await tickets(showId, '?paymentType=ACCOUNT_BANK_DEPOSIT'))).toEqual([
        'Depósito',
      ]);
      expect(
        names(
          await tickets(
            showId,
            '?paymentType=CREDIT_CARD|REGISTRATION|BANK_DEPOSIT|ACCOUNT_BANK_DEPOSIT',
          ),
        ),
      ).toEqual(['VIP', 'General', 'Registro', 'Depósito']);
    });

    it('answers 422 naming paymentType for an unknown payment type', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/shows/${showId}/tickets?paymentType=CREDIT_CARD|BITCOIN`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos',
        fields: [{ field: 'paymentType', message: 'Tipo de pago desconocido: BITCOIN' }],
      });
    });

    it('answers the contract’s shape (cached answers skip the response serializer)', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/shows/${showId}/tickets` });
      expect(ticketListResponseSchema.safeParse(res.json()).error).toBeUndefined();
    });

    it('answers amounts in currency units with their texts, rules, bundle and dates', async () => {
      const item = (await tickets(showId)).find((i) => i.fullname === 'General');
      expect(item).toEqual({
        _id: general.id,
        ticket_id: 'GEN-01',
        show_uid: showId,
        code: 'GENERAL',
        fullname: 'General',
        description: 'Acceso general',
        note: 'Sin asiento numerado',
        type: 'GENERAL',
        currency: 'GTQ',
        price: 150,
        price_text: 'Q 150.00',
        price_usd: 20,
        price_usd_text: 'US$ 20.00',
        fee: 10.5,
        fee_usd: 1.5,
        fee_included: true,
        payment_type: ['CREDIT_CARD', 'BANK_DEPOSIT'],
        visible: true,
        valid_since: at(-DAY).toISOString(),
        valid_thru: at(DAY).toISOString(),
        real_available: 90,
        price_rules: [
          {
            rule_type: 'quantity_discount',
            quantity_min: 4,
            item_discount_price: 125,
            item_discount_price_usd: 18,
          },
          {
            rule_type: 'quantity_discount',
            quantity_min: 6,
            item_discount_price: 110,
            item_discount_price_usd: null,
          },
        ],
        bundle: [
          {
            _id: expect.any(String),
            code: 'PARQUEO',
            fullname: 'Parqueo',
            note: 'Sótano 2',
            type: 'GENERAL',
            ammount: 2,
            location: 'Sótano',
            ticket_image: '/images/parqueo.png',
            qr_color: '#445566',
          },
        ],
        show_dates: [],
        location: 'Platea',
        ticket_image: '/images/boleto.png',
        qr_color: '#112233',
      });
    });

    it('formats cents, a missing dollar price, and leaves CODE out of payment types', async () => {
      const items = await tickets(showId);
      expect(items.find((i) => i.fullname === 'VIP')).toMatchObject({
        price: 450.5,
        price_text: 'Q 450.50',
        price_usd: null,
        price_usd_text: null,
        fee: 0,
        fee_usd: null,
      });
      expect(items.find((i) => i.fullname === 'Depósito')?.payment_type).toEqual([
        'ACCOUNT_BANK_DEPOSIT',
      ]);
    });

    it('counts a live hold against real_available', async () => {
      const showA = (await createShow(t.database.db)).id;
      const ticket = await createTicket(t.database.db, showA, { capacity: 50, sold: 5 });
      await hold(ticket, showA, 3, at(5 * MINUTE));
      expect(await available(showA, 'General')).toBe(42);
    });

    it('never counts an expired hold, even in an open cart the sweeper has not closed', async () => {
      const showA = (await createShow(t.database.db)).id;
      const ticket = await createTicket(t.database.db, showA, { capacity: 50, sold: 5 });
      await hold(ticket, showA, 4, at(-1));
      expect(await available(showA, 'General')).toBe(45);
    });

    it('ignores holds of checked-out and expired carts', async () => {
      const showA = (await createShow(t.database.db)).id;
      const ticket = await createTicket(t.database.db, showA, { capacity: 50, sold: 5 });
      await hold(ticket, showA, 7, at(5 * MINUTE), 'CHECKED_OUT');
      await hold(ticket, showA, 11, at(5 * MINUTE), 'EXPIRED');
      expect(await available(showA, 'General')).toBe(45);
    });

    it('frees a hold once its ten minutes have passed', async () => {
      const showA = (await createShow(t.database.db)).id;
      const ticket = await createTicket(t.database.db, showA, { capacity: 50, sold: 5 });
      await hold(ticket, showA, 3, at(10 * MINUTE));
      expect(await available(showA, 'General')).toBe(42);
      t.setNow(at(10 * MINUTE + 1));
      try {
        expect(await available(showA, 'General')).toBe(45);
      } finally {
        t.setNow(NOW);
      }
    });

    it('never answers below zero', async () => {
      const showA = (await createShow(t.database.db)).id;
      const ticket = await createTicket(t.database.db, showA, { capacity: 10, sold: 8 });
      await hold(ticket, showA, 5, at(5 * MINUTE));
      expect(await available(showA, 'General')).toBe(0);
    });
  });

  describe('a show with dates (funciones)', () => {
    const show: Record<string, string> = {};
    let platea: TicketRef;
    let palco: TicketRef;

    beforeAll(async () => {
      const db = t.database.db;
      show.parent = (
        await createShow(db, { showDate: at(DAY), settings: { has_show_dates: true } })
      ).id;
      const date = async (name: string, offset: number, status: 'ACTIVE' | 'NEW' | 'CLOSED') => {
        show[name] = (
          await createShow(db, {
            fullname: name,
            showDate: at(offset),
            status,
            visible: false,
            parentShowId: show.parent,
            settings: { is_show_date: true },
          })
        ).id;
      };
      await date('viernes', 2 * DAY, 'ACTIVE');
      await date('sabado', 3 * DAY, 'ACTIVE');
      await date('domingo', 4 * DAY, 'NEW');
      await date('jueves', -5 * DAY, 'CLOSED');
      platea = await createTicket(db, show.parent!, {
        fullname: 'Platea',
        position: 1,
        capacity: 20,
        showDates: {
          create: [
            { showId: show.sabado!, label: 'Sábado 13' },
            { showId: show.viernes!, label: 'Viernes 12' },
            { showId: show.domingo!, label: 'Domingo 14' },
            { showId: show.jueves!, label: 'Jueves 4' },
          ],
        },
      });
      palco = await createTicket(db, show.parent!, {
        fullname: 'Palco',
        position: 2,
        capacity: 4,
        showDates: { create: [{ showId: show.sabado!, label: 'Sábado 13' }] },
      });
      await createTicket(db, show.parent!, { fullname: 'Abono', position: 3, capacity: 30 });

      // Viernes: 5 approved + 2 pending sold, 3 held; released orders give their units back.
      await createTicketSale(db, { ticket: platea, showId: show.viernes!, quantity: 5 });
      await createTicketSale(db, {
        ticket: platea,
        showId: show.viernes!,
        quantity: 2,
        status: 'PENDING',
      });
      for (const status of ['REJECTED', 'CANCELLED', 'REFUND'] as const) {
        await createTicketSale(db, { ticket: platea, showId: show.viernes!, quantity: 4, status });
      }
      await hold(platea, show.viernes!, 3, at(5 * MINUTE));
      // Sábado: 1 sold, 2 held, an expired hold of 6.
      await createTicketSale(db, {
        ticket: platea,
        showId: show.sabado!,
        quantity: 1,
        status: 'WAITING_CONFIRMATION',
      });
      await hold(platea, show.sabado!, 2, at(5 * MINUTE));
      await hold(platea, show.sabado!, 6, at(-MINUTE));
      await hold(palco, show.sabado!, 4, at(5 * MINUTE));
    });

    it('a date answers its parent’s tickets that name it, in position order', async () => {
      expect(names(await tickets(show.viernes!))).toEqual(['Platea']);
      expect(names(await tickets(show.sabado!))).toEqual(['Platea', 'Palco']);
    });

    it('counts sales and live holds of that date only (capacity is per date)', async () => {
      expect(await available(show.viernes!, 'Platea')).toBe(20 - 7 - 3);
      expect(await available(show.sabado!, 'Platea')).toBe(20 - 1 - 2);
      expect(await available(show.sabado!, 'Palco')).toBe(0);
    });

    it('offers the dates on sale in show_dates, earliest first', async () => {
      const [item] = await tickets(show.viernes!);
      expect(item?.show_dates).toEqual([
        { value: show.viernes, label: 'Viernes 12' },
        { value: show.sabado, label: 'Sábado 13' },
      ]);
    });

    it('on the parent, a dated ticket answers its best date on sale', async () => {
      const items = await tickets(show.parent!);
      expect(names(items)).toEqual(['Platea', 'Palco', 'Abono']);
      expect(items.map((i) => i.real_available)).toEqual([20 - 1 - 2, 0, 30]);
    });

    it('answers 404 for a draft date', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/shows/${show.domingo}/tickets` });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('shows that do not exist for the public', () => {
    it('answers 404 SHOW_NOT_FOUND for an unknown id, an unknown path and a draft', async () => {
      const draft = await createShow(t.database.db, { status: 'NEW' });
      await createTicket(t.database.db, draft.id);
      for (const id of ['0196a0b4-0000-7000-8000-000000000000', 'no-existe', draft.id]) {
        const res = await t.app.inject({ method: 'GET', url: `/shows/${id}/tickets` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: 'SHOW_NOT_FOUND',
          message: 'El evento que buscas no existe',
        });
      }
    });
  });
});
