import { describe, it, expect } from 'vitest';
import {
  DEFAULT_MAX_TICKET_QUANTITY,
  OPEN_SECTION_MAX,
  availabilityLabel,
  quantityOptions,
  ticketAvailability,
} from './ticket-availability.ts';

const now = new Date('2026-06-15T18:00:00Z');
const hour = 60 * 60 * 1000;

describe('ticket availability', () => {
  it('is on sale inside the window with stock left', () => {
    expect(
      ticketAvailability({
        now,
        valid_since: '2026-06-01T00:00:00Z',
        valid_thru: '2026-07-01T00:00:00Z',
        real_available: 5,
      }),
    ).toEqual({ state: 'AVAILABLE' });
  });

  it('is on sale when the ticket has no sale window', () => {
    expect(ticketAvailability({ now, real_available: 1 })).toEqual({ state: 'AVAILABLE' });
    expect(
      ticketAvailability({ now, valid_since: null, valid_thru: '', real_available: 1 }),
    ).toEqual({ state: 'AVAILABLE' });
  });

  it('is sold out once valid_thru has passed, even with stock', () => {
    expect(
      ticketAvailability({
        now,
        valid_thru: new Date(now.getTime() - 1),
        real_available: 50,
      }),
    ).toEqual({ state: 'SOLD_OUT' });
  });

  it('is still on sale at the exact valid_thru instant', () => {
    expect(ticketAvailability({ now, valid_thru: now, real_available: 1 }).state).toBe('AVAILABLE');
  });

  it('is sold out with no stock', () => {
    expect(ticketAvailability({ now, real_available: 0 })).toEqual({ state: 'SOLD_OUT' });
    expect(ticketAvailability({ now, real_available: -2 })).toEqual({ state: 'SOLD_OUT' });
  });

  it('says when sales open before valid_since, even without stock yet', () => {
    const since = new Date(now.getTime() + hour);
    expect(ticketAvailability({ now, valid_since: since, real_available: 0 })).toEqual({
      state: 'NOT_YET',
      since,
    });
  });

  it('opens at the exact valid_since instant', () => {
    expect(ticketAvailability({ now, valid_since: now, real_available: 1 }).state).toBe(
      'AVAILABLE',
    );
  });
});

describe('availability label', () => {
  it('says AGOTADOS when sold out', () => {
    expect(availabilityLabel({ state: 'SOLD_OUT' })).toBe('AGOTADOS');
  });

  it('gives the opening date in Spanish, in Guatemala time by default', () => {
    const since = new Date('2026-12-05T03:00:00Z');
    expect(availabilityLabel({ state: 'NOT_YET', since })).toBe(
      'Disponible a partir del 4 de diciembre de 2026',
    );
    expect(availabilityLabel({ state: 'NOT_YET', since }, 'UTC')).toBe(
      'Disponible a partir del 5 de diciembre de 2026',
    );
  });

  it('has no label when the quantity selector is shown', () => {
    expect(availabilityLabel({ state: 'AVAILABLE' })).toBeNull();
  });
});

describe('quantity options', () => {
  it('runs from 0 to 10 by default', () => {
    expect(quantityOptions({ real_available: 500 })).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(DEFAULT_MAX_TICKET_QUANTITY).toBe(10);
  });

  it('stops at the stock left', () => {
    expect(quantityOptions({ real_available: 3 })).toEqual([0, 1, 2, 3]);
  });

  it('stops at the show limit', () => {
    expect(quantityOptions({ max_ticket_quantity: 4, real_available: 100 })).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });

  it('falls back to the default when the show limit is null', () => {
    expect(quantityOptions({ max_ticket_quantity: null, real_available: 100 })).toHaveLength(11);
  });

  it('offers only zero when nothing is left', () => {
    expect(quantityOptions({ real_available: 0 })).toEqual([0]);
    expect(quantityOptions({ real_available: -1 })).toEqual([0]);
    expect(quantityOptions({ real_available: Number.NaN })).toEqual([0]);
  });

  it('caps open sections at ten', () => {
    expect(OPEN_SECTION_MAX).toBe(10);
    expect(quantityOptions({ max_ticket_quantity: OPEN_SECTION_MAX, real_available: 99 })).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });
});
