import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@taquilla/domain';

let options: readonly { value: string; label: string }[] | null = null;

/**
 * The buyer form's country list (000 §3: about 240 entries, Guatemala first): Spanish
 * names in Spanish alphabetical order after Guatemala. The account pages keep their own
 * list in plain order; features do not import each other.
 */
export function checkoutCountryOptions(): readonly { value: string; label: string }[] {
  if (!options) {
    const names = new Intl.DisplayNames(['es'], { type: 'region' });
    const all = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }));
    const home = all.filter((option) => option.value === DEFAULT_COUNTRY);
    const rest = all
      .filter((option) => option.value !== DEFAULT_COUNTRY)
      .sort((a, b) => a.label.localeCompare(b.label, 'es'));
    options = [...home, ...rest];
  }
  return options;
}
