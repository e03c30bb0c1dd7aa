import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@taquilla/domain';

let options: readonly { value: string; label: string }[] | null = null;

/** Every country by its Spanish name ("Guatemala", "México"), in Spanish alphabetical order. */
export function countryOptions(): readonly { value: string; label: string }[] {
  if (!options) {
    const names = new Intl.DisplayNames(['es'], { type: 'region' });
    options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort(
      (a, b) => a.label.localeCompare(b.label, 'es'),
    );
  }
  return options;
}

/** The Spanish name of a country code, or the code itself when unknown. */
export function countryName(code: string): string {
  return countryOptions().find((option) => option.value === code)?.label ?? code;
}

let buyerOptions: readonly { value: string; label: string }[] | null = null;

/**
 * The buyer forms' list (000 §3: about 240 entries, Guatemala first): the same countries
 * with Guatemala moved to the top. The profile page keeps the plain order.
 */
export function buyerCountryOptions(): readonly { value: string; label: string }[] {
  buyerOptions ??= [
    ...countryOptions().filter((option) => option.value === DEFAULT_COUNTRY),
    ...countryOptions().filter((option) => option.value !== DEFAULT_COUNTRY),
  ];
  return buyerOptions;
}
