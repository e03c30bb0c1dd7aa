import type { Profile } from '@taquilla/contract';
import {
  CARD_NUMBER_INVALID_MESSAGE,
  DEFAULT_COUNTRY,
  NIT_FINAL_CONSUMER,
  NIT_INVALID_MESSAGE,
  PRINTABLE_LATIN1_MESSAGE,
  ZIP_INVALID_MESSAGE,
  isCountryCode,
  isPrintableLatin1,
  isValidCardNumber,
  isValidNit,
  isValidZip,
  isZipRequired,
  splitFullname,
  validateCardExpiry,
  validateCvv,
} from '@taquilla/domain';
import { checkoutTexts } from './checkout.texts';

/*
 * The payment form's values and every rule of 000 §5 "Card form" over them: what is
 * required, the printable Latin-1 text, the card number, expiry and CVV, the NIT for
 * Guatemala and the zip for the US and Canada, and the shows' required custom fields.
 * Pure, so the rules are tested without rendering.
 */

export type BuyerValues = {
  firstname: string;
  lastname: string;
  email: string;
  emailConfirm: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  nit: string;
  saveInfo: boolean;
};

export type CardValues = {
  ccName: string;
  /** As shown: grouped with spaces ("4111 1111 1111 1111"). */
  ccNumber: string;
  /** "MM/AA". */
  ccExp: string;
  ccCvv: string;
};

export type CheckoutValues = BuyerValues & CardValues & { customFields: Record<string, string> };

/** A custom field a show asks the buyer for (settings.custom_fields.fields[]). */
export type CheckoutCustomField = {
  key: string;
  label: string;
  type: 'text' | 'option';
  required: boolean;
  options: readonly { key: string; value: string }[];
  default?: string;
};

export type CheckoutRules = {
  /** A show of the cart has `ask_for_nit`: the NIT is checked whatever the country. */
  askForNit: boolean;
  customFields: readonly CheckoutCustomField[];
  now: Date;
};

type TextField = Exclude<keyof BuyerValues | keyof CardValues, 'saveInfo'>;
/** A form field: a buyer or card field, or `custom.<key>` for a custom field. */
export type CheckoutField = TextField | `custom.${string}`;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** 000 §3 Buyer form fields and §9 defaults: Ciudad, Guatemala, Guatemala, GT; NIT C/F. */
export const BUYER_DEFAULTS: BuyerValues = {
  firstname: '',
  lastname: '',
  email: '',
  emailConfirm: '',
  phone: '',
  address: 'Ciudad',
  city: 'Guatemala',
  state: 'Guatemala',
  country: DEFAULT_COUNTRY,
  zip: '',
  nit: NIT_FINAL_CONSUMER,
  saveInfo: true,
};

export const CARD_DEFAULTS: CardValues = { ccName: '', ccNumber: '', ccExp: '', ccCvv: '' };

/** The signed-in buyer's profile over the defaults (000 §6: profile data prefilled). */
export function buyerFromProfile(profile: Profile): BuyerValues {
  const guess = splitFullname(profile.fullname);
  const pick = (value: string | null) => (value && value.trim() ? value : null);
  return {
    ...BUYER_DEFAULTS,
    firstname: pick(profile.firstname) ?? guess.firstname,
    lastname: pick(profile.lastname) ?? guess.lastname,
    email: profile.email,
    emailConfirm: profile.email,
    phone: profile.phone ?? '',
    address: pick(profile.address) ?? BUYER_DEFAULTS.address,
    city: pick(profile.city) ?? BUYER_DEFAULTS.city,
    state: pick(profile.state) ?? BUYER_DEFAULTS.state,
    country: isCountryCode(profile.country) ? profile.country : DEFAULT_COUNTRY,
    zip: profile.zip ?? '',
    nit: pick(profile.nit) ?? BUYER_DEFAULTS.nit,
  };
}

/** Each custom field starts with its show's `default`, else empty (a select then asks to choose). */
export function customFieldDefaults(
  fields: readonly CheckoutCustomField[],
): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.key, field.default ?? '']));
}

const REQUIRED: readonly TextField[] = [
  'firstname',
  'lastname',
  'email',
  'emailConfirm',
  'phone',
  'address',
  'city',
  'state',
  'country',
  'ccName',
  'ccNumber',
  'ccExp',
  'ccCvv',
];

const TEXT_FIELDS: readonly TextField[] = [...REQUIRED, 'zip', 'nit'];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function needsNit(values: Pick<BuyerValues, 'country'>, rules: CheckoutRules): boolean {
  return rules.askForNit || values.country.toUpperCase() === 'GT';
}

/** The one message of each invalid field; an empty object means Pay may be enabled. */
export function checkoutErrors(values: CheckoutValues, rules: CheckoutRules): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const fail = (field: CheckoutField, message: string) => {
    errors[field] ??= message;
  };
  for (const field of TEXT_FIELDS) {
    if (!isPrintableLatin1(values[field])) fail(field, PRINTABLE_LATIN1_MESSAGE);
  }
  for (const field of REQUIRED) {
    if (values[field].trim() === '') fail(field, checkoutTexts.errors.required);
  }
  if (values.email.trim() && !EMAIL_PATTERN.test(values.email.trim())) {
    fail('email', checkoutTexts.errors.email);
  }
  if (
    values.emailConfirm.trim() &&
    values.emailConfirm.trim().toLowerCase() !== values.email.trim().toLowerCase()
  ) {
    fail('emailConfirm', checkoutTexts.errors.emailMismatch);
  }
  if (needsNit(values, rules) && !isValidNit(values.nit)) fail('nit', NIT_INVALID_MESSAGE);
  if (isZipRequired(values.country) && !isValidZip(values.zip, values.country)) {
    fail('zip', ZIP_INVALID_MESSAGE);
  }
  if (values.ccNumber.trim() && !isValidCardNumber(values.ccNumber)) {
    fail('ccNumber', CARD_NUMBER_INVALID_MESSAGE);
  }
  if (values.ccExp.trim()) {
    const expiry = validateCardExpiry(values.ccExp, rules.now);
    if (expiry) fail('ccExp', expiry);
  }
  if (values.ccCvv.trim()) {
    const cvv = validateCvv(values.ccCvv, values.ccNumber);
    if (cvv) fail('ccCvv', cvv);
  }
  for (const field of rules.customFields) {
    const value = values.customFields[field.key] ?? '';
    const name = `custom.${field.key}` as const;
    if (!isPrintableLatin1(value)) fail(name, PRINTABLE_LATIN1_MESSAGE);
    if (field.required && value.trim() === '') fail(name, checkoutTexts.errors.required);
  }
  return errors;
}

/** A wrong character is said at once; every other message waits for the field's blur. */
export function isShownWhileTyping(message: string | undefined): boolean {
  return message === PRINTABLE_LATIN1_MESSAGE;
}

/** "1228" → "12/28" while typing: digits only, the slash after the month. */
export function formatExpiryInput(raw: string): string {
  const digits = raw.replace(/\D+/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
