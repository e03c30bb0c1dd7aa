export const CURRENCIES = ['GTQ', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'GTQ';

// The specification prints the prefix with a trailing space ("Q 1,234.00", "US$ 14.00").
export const CURRENCY_PREFIX: Readonly<Record<Currency, string>> = {
  GTQ: 'Q ',
  USD: 'US$ ',
};

const MINOR_PER_UNIT = 100;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

function assertMinorUnits(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Expected an integer amount in minor units, got ${minor}`);
  }
}

export function formatMoney(minor: number, currency: Currency = DEFAULT_CURRENCY): string {
  assertMinorUnits(minor);
  const absolute = Math.abs(minor);
  const whole = Math.floor(absolute / MINOR_PER_UNIT);
  const cents = absolute % MINOR_PER_UNIT;
  // Grouping by hand rather than Intl keeps the output identical on every runtime and locale.
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${CURRENCY_PREFIX[currency]}${grouped}.${String(cents).padStart(2, '0')}`;
}

/**
 * Works on the number's shortest decimal spelling (what `String(x)` prints), not on
 * `x * 100`: 1.005 * 100 is 100.49999999999999 in binary, yet the person who typed
 * 1.005 meant a value that rounds half away from zero to 101.
 */
export function toMinorUnits(decimal: number): number {
  if (!Number.isFinite(decimal)) {
    throw new RangeError(`Cannot convert ${decimal} to minor units`);
  }
  const negative = decimal < 0;
  const [mantissa = '0', exponentText = '0'] = Math.abs(decimal).toString().split('e');
  const [integerDigits = '0', fractionDigits = ''] = mantissa.split('.');
  const digits = integerDigits + fractionDigits;
  // Position of the decimal point inside `digits` once the value is multiplied by 100.
  const pointAt = integerDigits.length + Number(exponentText) + 2;

  let whole: number;
  let firstDropped: string;
  if (pointAt <= 0) {
    whole = 0;
    firstDropped = pointAt === 0 ? (digits[0] ?? '0') : '0';
  } else {
    whole = Number(digits.slice(0, pointAt).padEnd(pointAt, '0'));
    firstDropped = digits[pointAt] ?? '0';
  }
  if (firstDropped >= '5') whole += 1;

  if (!Number.isSafeInteger(whole)) {
    throw new RangeError(`${decimal} is too large to hold exactly in minor units`);
  }
  return negative && whole !== 0 ? -whole : whole;
}

export function fromMinorUnits(minor: number): number {
  assertMinorUnits(minor);
  // One IEEE division is correctly rounded, so 9950 / 100 prints back as exactly 99.5.
  return minor / MINOR_PER_UNIT;
}
