import { describe, it, expect } from 'vitest';
import {
  addDays,
  formatLongSpanishDate,
  fromZonedDateTime,
  mondayBasedWeekday,
  parseDate,
  toZonedDateTime,
  toZonedIsoString,
} from './time-zone.ts';

describe('zoned wall-clock time', () => {
  it('reads Guatemala time six hours behind UTC', () => {
    expect(toZonedDateTime(new Date('2026-12-05T03:30:15Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 4,
      hour: 21,
      minute: 30,
      second: 15,
    });
  });

  it('reads midnight as hour 0, not 24', () => {
    expect(toZonedDateTime(new Date('2026-01-01T06:00:00Z')).hour).toBe(0);
  });

  it('finds the instant of a Guatemala wall-clock time', () => {
    expect(fromZonedDateTime({ year: 2026, month: 12, day: 4, hour: 21 }).toISOString()).toBe(
      '2026-12-05T03:00:00.000Z',
    );
  });

  it('follows daylight saving time in zones that have it', () => {
    const winter = fromZonedDateTime({ year: 2026, month: 1, day: 15 }, 'America/New_York');
    const summer = fromZonedDateTime({ year: 2026, month: 7, day: 15 }, 'America/New_York');
    expect(winter.toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(summer.toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('refuses an invalid date', () => {
    expect(() => toZonedDateTime(new Date('nope'))).toThrow(RangeError);
  });
});

describe('civil date arithmetic', () => {
  it('rolls over month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({
      year: 2027,
      month: 1,
      day: 2,
    });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    });
  });

  it('numbers weekdays from Monday', () => {
    expect(mondayBasedWeekday({ year: 2026, month: 3, day: 2 })).toBe(0);
    expect(mondayBasedWeekday({ year: 2026, month: 3, day: 8 })).toBe(6);
  });
});

describe('long Spanish date', () => {
  it('writes the day, month name and year in Spanish', () => {
    expect(formatLongSpanishDate(new Date('2026-12-05T03:00:00Z'))).toBe('4 de diciembre de 2026');
  });

  it('uses the time zone it is given', () => {
    expect(formatLongSpanishDate(new Date('2026-12-05T03:00:00Z'), 'UTC')).toBe(
      '5 de diciembre de 2026',
    );
  });
});

describe('date parsing', () => {
  it('reads ISO strings and passes Dates through', () => {
    expect(parseDate('2026-12-05T03:00:00Z')?.getTime()).toBe(Date.UTC(2026, 11, 5, 3));
    const date = new Date();
    expect(parseDate(date)).toBe(date);
  });

  it('turns missing or unreadable values into null', () => {
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    expect(parseDate('')).toBeNull();
    expect(parseDate('mañana')).toBeNull();
  });
});

describe('ISO dates with the zone offset', () => {
  it('writes Guatemala time with -06:00', () => {
    expect(toZonedIsoString(new Date('2026-12-05T03:00:00Z'))).toBe('2026-12-04T21:00:00-06:00');
  });

  it('writes half-hour offsets and UTC', () => {
    expect(toZonedIsoString(new Date('2026-07-01T12:00:00Z'), 'America/St_Johns')).toBe(
      '2026-07-01T09:30:00-02:30',
    );
    expect(toZonedIsoString(new Date('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe(
      '2026-07-01T17:30:00+05:30',
    );
    expect(toZonedIsoString(new Date('2026-07-01T12:00:00Z'), 'UTC')).toBe(
      '2026-07-01T12:00:00+00:00',
    );
  });
});
