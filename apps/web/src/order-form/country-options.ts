import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@taquilla/domain';

type CountryOption = { value: string; label: string };

let options: readonly CountryOption[] | null = null;

/**
 * The buyer forms' country list (000 §3): Guatemala first, then every other country by
 * its Spanish name in Spanish alphabetical order.
 */
export function buyerCountryOptions(): readonly CountryOption[] {
  if (!options) {
    const names = new Intl.DisplayNames(['es'], { type: 'region' });
    const all = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }));
    const first = all.filter((option) => option.value === DEFAULT_COUNTRY);
    const rest = all
      .filter((option) => option.value !== DEFAULT_COUNTRY)
      .sort((a, b) => a.label.localeCompare(b.label, 'es'));
    options = [...first, ...rest];
  }
  return options;
}
