import { describe, expect, it } from 'vitest';
import { buildAdminTicket } from '../../test/admin-tickets-factory';
import {
  fromLocalInput,
  ticketBody,
  ticketErrors,
  ticketPatch,
  ticketValues,
  toLocalInput,
} from './ticket-form-values';

const GUATEMALA = 'America/Guatemala';

describe('ticket form values', () => {
  it('types the validity window on the show’s clock, not the browser’s', () => {
    expect(toLocalInput('2027-03-01T02:00:00.000Z', GUATEMALA)).toBe('2027-02-28T20:00');
    expect(toLocalInput('2027-03-01T02:00:00.000Z', 'Europe/Madrid')).toBe('2027-03-01T03:00');
    expect(fromLocalInput('2027-02-28T20:00', GUATEMALA)).toBe('2027-03-01T02:00:00.000Z');
    expect(fromLocalInput('', GUATEMALA)).toBeNull();
  });

  it('patches only what changed, keeping the bundle’s tickets when it is not touched', () => {
    const ticket = buildAdminTicket({
      price: 450,
      fee: 15,
      valid_thru: '2027-03-01T02:00:00.000Z',
      bundle: [
        {
          _id: 'item-1',
          ticket_uid: 'parking',
          code: 'PARQ',
          fullname: 'Parqueo',
          note: null,
          type: 'GENERAL',
          ammount: 1,
          location: 'Sótano',
          ticket_image: null,
          qr_color: null,
        },
      ],
    });
    const original = ticketValues(ticket, GUATEMALA);
    expect(original.price).toBe('450.00');
    expect(ticketPatch(original, original, GUATEMALA)).toEqual({});

    const edited = { ...original, price: '475.5', valid_thru: '2027-02-28T22:00' };
    expect(ticketPatch(edited, original, GUATEMALA)).toEqual({
      price: 475.5,
      valid_thru: '2027-03-01T04:00:00.000Z',
    });

    const bundleEdited = {
      ...original,
      bundle: original.bundle.map((item) => ({ ...item, ammount: '2' })),
    };
    expect(ticketPatch(bundleEdited, original, GUATEMALA)).toEqual({
      bundle: [
        {
          ticket_uid: 'parking',
          code: 'PARQ',
          fullname: 'Parqueo',
          note: null,
          type: 'GENERAL',
          ammount: 2,
          location: 'Sótano',
          ticket_image: null,
          qr_color: null,
        },
      ],
    });
  });

  it('names each wrong field as the server would', () => {
    const values = ticketValues(buildAdminTicket(), GUATEMALA);
    const body = ticketBody(
      {
        ...values,
        price: '12.345',
        capacity: 'muchos',
        price_rules: [
          { quantity_min: '0', item_discount_price: '10', item_discount_price_usd: '' },
        ],
      },
      GUATEMALA,
    );
    expect(Object.keys(ticketErrors(body, true)).sort()).toEqual([
      'capacity',
      'price',
      'price_rules.0.quantity_min',
    ]);
    const backwards = {
      ...values,
      valid_since: '2027-03-02T10:00',
      valid_thru: '2027-03-01T10:00',
    };
    expect(ticketErrors(ticketBody(backwards, GUATEMALA), true)).toEqual({
      valid_thru: 'El fin de la venta debe ser posterior a su inicio',
    });
    expect(ticketErrors(ticketBody(values, GUATEMALA), true)).toEqual({});
  });
});
