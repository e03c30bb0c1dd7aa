import { DEFAULT_TIME_ZONE, toZonedDateTime } from './time-zone.ts';

// Card form rules (000 §5) and card decline texts (000 §8), shared by the SPA form and the API.

export const CARD_BRANDS = ['visa', 'mastercard', 'amex'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_NUMBER_INVALID_MESSAGE = 'El número de la tarjeta es inválido';
export const CARD_EXPIRY_INVALID_MESSAGE = 'La fecha de expiración es inválida';
export const CARD_EXPIRY_MONTH_MESSAGE = 'El mes de expiración debe estar entre 01 y 12';
export const CARD_EXPIRY_YEAR_PAST_MESSAGE = 'El año de expiración no puede estar en el pasado';
export const CARD_EXPIRY_PAST_MESSAGE = 'La fecha de expiración no puede estar en el pasado';
export const CVV_INVALID_MESSAGE = 'El código de seguridad es inválido';
export const CVV_SEQUENCE_MESSAGE =
  'El código de seguridad no puede ser una secuencia de tres o más ceros o nueves';
export const ZIP_INVALID_MESSAGE = 'El código postal es inválido';
export const PRINTABLE_LATIN1_MESSAGE =
  'Por favor ingresa solo caracteres válidos (letras, números y símbolos básicos)';

/** Buyers paste numbers with the spaces or hyphens printed on the card. */
function digitsOf(number: string): string {
  return number.replace(/[\s-]+/g, '');
}

export function detectCardBrand(number: string): CardBrand | null {
  const digits = digitsOf(number);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const two = Number(digits.slice(0, 2));
  if (digits.length >= 2 && two >= 51 && two <= 55) return 'mastercard';
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return null;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidCardNumber(number: string): boolean {
  const digits = digitsOf(number);
  if (!/^\d{13,19}$/.test(digits)) return false;
  if (detectCardBrand(digits) === 'amex' && digits.length !== 15) return false;
  return passesLuhn(digits);
}

/**
 * Grouped as printed on the card (4-4-4-4, American Express 4-6-5). Works on
 * partial input too, so the form can format while the buyer types.
 */
export function formatCardNumber(number: string): string {
  const isAmex = detectCardBrand(number) === 'amex';
  const digits = number.replace(/\D+/g, '').slice(0, isAmex ? 15 : 19);
  if (isAmex) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  }
  return digits.match(/\d{1,4}/g)?.join(' ') ?? '';
}

export function cvvMaxLength(number: string): number {
  return detectCardBrand(number) === 'amex' ? 4 : 3;
}

/** null when valid, else the field's message (000 §5). */
export function validateCvv(cvv: string, number: string): string | null {
  const value = cvv.trim();
  if (!/^\d+$/.test(value)) return CVV_INVALID_MESSAGE;
  // Checked before the length: "00" is refused for what it is, not for being short.
  if (/^(0{2,}|9{2,})$/.test(value)) return CVV_SEQUENCE_MESSAGE;
  return value.length === cvvMaxLength(number) ? null : CVV_INVALID_MESSAGE;
}

/**
 * "MM/AA" → null when valid, else the field's message (000 §5). A card is good
 * through the last day of its month, on the Guatemalan calendar by default.
 */
export function validateCardExpiry(
  value: string,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return CARD_EXPIRY_INVALID_MESSAGE;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return CARD_EXPIRY_MONTH_MESSAGE;
  const today = toZonedDateTime(now, timeZone);
  if (year < today.year) return CARD_EXPIRY_YEAR_PAST_MESSAGE;
  if (year === today.year && month < today.month) return CARD_EXPIRY_PAST_MESSAGE;
  return null;
}

/** Space to tilde and non-breaking space to ÿ: what the card processor accepts in text fields. */
export function isPrintableLatin1(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    if (!printable) return false;
  }
  return true;
}

export function cardLast4(number: string): string {
  return number.replace(/\D+/g, '').slice(-4);
}

const ZIP_FORMATS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
};

/** Address verification in the US and Canada needs the zip (000 §5); elsewhere it is optional. */
export function isZipRequired(country: string): boolean {
  return country.trim().toUpperCase() in ZIP_FORMATS;
}

export function isValidZip(zip: string | null | undefined, country: string): boolean {
  const format = ZIP_FORMATS[country.trim().toUpperCase()];
  if (!format) return true;
  return typeof zip === 'string' && format.test(zip.trim());
}

// ── declines (000 §8): HTTP 402 with `response_code` ──

export const CARD_DECLINE_CODES = [
  '14',
  '41',
  '43',
  '31',
  '19',
  '96',
  '58',
  '05',
  '51',
  '61',
  '203',
  '59',
  '481',
  '65',
  '91',
  'SP4',
  '97',
  '3D2',
  '3D0',
  '3D1',
] as const;
export type CardDeclineCode = (typeof CARD_DECLINE_CODES)[number];

const INVALID_CARD = 'La transacción no pudo ser completada. Tarjeta no válida o no soportada.';
const TRY_AGAIN = 'La transacción no pudo ser completada, por favor intenta nuevamente.';
const ISSUER_REJECTED =
  'La transacción fue rechazada por el banco emisor de tu tarjeta. Revisa que los datos estén correctos o comunícate con tu banco.';
const ANTI_FRAUD =
  'La transacción fue rechazada por el sistema antifraude. Por favor intenta nuevamente en 24 horas.';
const VALIDATION_FAILED =
  'La transacción no pudo ser completada por un error de validación. Revisa los datos de tu tarjeta e intenta nuevamente.';
const NO_3DS =
  'Tu tarjeta no cuenta con verificación antifraude (3-D Secure). Por favor utiliza otra tarjeta.';

export const CARD_DECLINE_MESSAGES: Readonly<Record<CardDeclineCode, string>> = {
  '14': INVALID_CARD,
  '41': INVALID_CARD,
  '43': INVALID_CARD,
  '31': 'La transacción no pudo ser completada. Tarjeta no soportada por SWITCH',
  '19': TRY_AGAIN,
  '96': TRY_AGAIN,
  '58': TRY_AGAIN,
  '05': ISSUER_REJECTED,
  '51': ISSUER_REJECTED,
  '61': ISSUER_REJECTED,
  '203': ISSUER_REJECTED,
  '59': ANTI_FRAUD,
  '481': ANTI_FRAUD,
  '65': 'La transacción no pudo ser completada: se excedió el límite de transacciones de tu tarjeta. Por favor no intentes nuevamente.',
  '91': 'La transacción no pudo ser completada. Tu tarjeta no es soportada; por favor no intentes nuevamente.',
  SP4: 'Tu banco requiere una autenticación adicional para completar esta transacción.',
  '97': VALIDATION_FAILED,
  '3D2': VALIDATION_FAILED,
  '3D0': NO_3DS,
  '3D1': NO_3DS,
};

// The specification's own spelling ("esten", without the accent) is kept.
export const CARD_DECLINE_DEFAULT_MESSAGE =
  'La transacción ha sido denegada. Revisa que todos los datos esten correctos.';

export function isCardDeclineCode(code: string): code is CardDeclineCode {
  return (CARD_DECLINE_CODES as readonly string[]).includes(code);
}

/** Processors send "5" as well as "05" and "3d1" as well as "3D1". */
function normalizeDeclineCode(code: string): string {
  const trimmed = code.trim().toUpperCase();
  return /^\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
}

/** The text a buyer sees for a 402 (000 §8): the code's own, else the server's, else the default. */
export function cardDeclineMessage(
  responseCode: string | null | undefined,
  serverText?: string,
): string {
  const code = typeof responseCode === 'string' ? normalizeDeclineCode(responseCode) : '';
  if (isCardDeclineCode(code)) return CARD_DECLINE_MESSAGES[code];
  const text = serverText?.trim();
  return text ? text : CARD_DECLINE_DEFAULT_MESSAGE;
}
