import { describe, expect, it } from 'vitest';
import { formatMonthYear, formatOrderDate } from './account-dates.ts';

describe('account dates', () => {
  it('writes an order date as D MMM YYYY, HH:mm on the Guatemala clock', () => {
    // 02:05 UTC on 6 December is 20:05 on 5 December in Guatemala (UTC-6).
    expect(formatOrderDate(new Date('2026-12-06T02:05:00Z'))).toBe('5 dic 2026, 20:05');
    expect(formatOrderDate(new Date('2026-09-14T15:00:00Z'))).toBe('14 sep 2026, 09:00');
    expect(formatOrderDate(new Date('2027-01-01T06:00:00Z'))).toBe('1 ene 2027, 00:00');
  });

  it('follows another zone when asked', () => {
    expect(formatOrderDate(new Date('2026-12-06T02:05:00Z'), 'UTC')).toBe('6 dic 2026, 02:05');
  });

  it('writes the month and year of "Miembro desde"', () => {
    expect(formatMonthYear(new Date('2026-03-15T12:00:00Z'))).toBe('marzo de 2026');
    // Midnight UTC on 1 April is still March in Guatemala.
    expect(formatMonthYear(new Date('2026-04-01T00:00:00Z'))).toBe('marzo de 2026');
  });

  it('refuses an invalid date', () => {
    expect(() => formatOrderDate(new Date('nope'))).toThrow(RangeError);
  });
});
