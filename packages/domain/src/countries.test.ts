import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, DEFAULT_COUNTRY, isCountryCode } from './countries.ts';

describe('countries', () => {
  it('lists every ISO 3166-1 country once, Guatemala included', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(isCountryCode(DEFAULT_COUNTRY)).toBe(true);
  });

  it('knows the neighbours and refuses what is not a country code', () => {
    for (const code of ['MX', 'SV', 'HN', 'BZ', 'US', 'ES']) expect(isCountryCode(code)).toBe(true);
    for (const value of ['gt', 'EU', 'XX', 'GTM', '', null])
      expect(isCountryCode(value)).toBe(false);
  });
});
