import { describe, it, expect } from 'vitest';
import { CURRENCIES, formatMoney, fromMinorUnits, isCurrency, toMinorUnits } from './money.ts';

describe('currencies', () => {
  it('offers quetzales and US dollars', () => {
    expect(CURRENCIES).toEqual(['GTQ', 'USD']);
  });

  it('recognises only the supported codes', () => {
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('EUR')).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
  });
});

describe('money formatting', () => {
  it('shows quetzales with the "Q " prefix, thousands commas and two decimals', () => {
    expect(formatMoney(123400)).toBe('Q 1,234.00');
  });

  it('shows US dollars with the "US$ " prefix', () => {
    expect(formatMoney(1400, 'USD')).toBe('US$ 14.00');
  });

  it('pads single-digit centavos', () => {
    expect(formatMoney(105)).toBe('Q 1.05');
    expect(formatMoney(7)).toBe('Q 0.07');
  });

  it('formats zero', () => {
    expect(formatMoney(0)).toBe('Q 0.00');
  });

  it('groups millions', () => {
    expect(formatMoney(123456789012)).toBe('Q 1,234,567,890.12');
  });

  it('puts the minus sign before the currency', () => {
    expect(formatMoney(-500)).toBe('-Q 5.00');
    expect(formatMoney(-123456, 'USD')).toBe('-US$ 1,234.56');
  });

  it('refuses fractional minor units instead of hiding them', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('decimal to minor units', () => {
  it('converts whole and fractional amounts', () => {
    expect(toMinorUnits(99.5)).toBe(9950);
    expect(toMinorUnits(600)).toBe(60000);
    expect(toMinorUnits(0.01)).toBe(1);
  });

  it('is exact where binary floating point is not', () => {
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.15)).toBe(115);
    expect(toMinorUnits(4.35)).toBe(435);
    expect(toMinorUnits(1.005)).toBe(101);
  });

  it('rounds half away from zero', () => {
    expect(toMinorUnits(0.125)).toBe(13);
    expect(toMinorUnits(-0.125)).toBe(-13);
    expect(toMinorUnits(0.124)).toBe(12);
    expect(toMinorUnits(0.005)).toBe(1);
    expect(toMinorUnits(0.0049)).toBe(0);
  });

  it('handles values printed in exponent notation', () => {
    expect(toMinorUnits(1e-7)).toBe(0);
    expect(toMinorUnits(5e-3)).toBe(1);
    expect(toMinorUnits(1.5e10)).toBe(1500000000000);
  });

  it('keeps the sign and never returns negative zero', () => {
    expect(toMinorUnits(-99.5)).toBe(-9950);
    expect(Object.is(toMinorUnits(-0.001), 0)).toBe(true);
  });

  it('rejects NaN, infinities and amounts past safe integers', () => {
    expect(() => toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinorUnits(1e20)).toThrow(RangeError);
  });
});

describe('minor units to decimal', () => {
  it('divides by one hundred exactly', () => {
    expect(fromMinorUnits(9950)).toBe(99.5);
    expect(fromMinorUnits(30)).toBe(0.3);
    expect(fromMinorUnits(-1)).toBe(-0.01);
  });

  it('round-trips with toMinorUnits', () => {
    for (const minor of [0, 1, 99, 115, 435, 123456, -2001]) {
      expect(toMinorUnits(fromMinorUnits(minor))).toBe(minor);
    }
  });

  it('refuses fractional minor units', () => {
    expect(() => fromMinorUnits(1.5)).toThrow(RangeError);
  });
});
