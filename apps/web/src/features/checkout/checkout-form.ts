import {
  CARD_NUMBER_INVALID_MESSAGE,
  NIT_FINAL_CONSUMER,
  NIT_INVALID_MESSAGE,
  PRINTABLE_LATIN1_MESSAGE,
  ZIP_INVALID_MESSAGE,
  isPrintableLatin1,
  isValidCardNumber,
  isValidNit,
  isValidZip,
  isZipRequired,
  validateCardExpiry,
  validateCvv,
} from '@taquilla/domain';
import { BUYER_DEFAULTS, PAYING_BUYER_REQUIRED, emailsMatch } from '../../order-form/buyer-form';
import type { BuyerField, BuyerForm } from '../../order-form/buyer-form';
import type { CustomField } from '../../order-form/custom-fields';
import { checkoutTexts } from './checkout.texts';

/*
 * The payment form's values and every rule of 000 §5 "Card form" over them: what is
 * required, the printable Latin-1 text, the card number, expiry and CVV, the NIT for
 * Guatemala and the zip for the US and Canada, and the shows' required custom fields.
 * With Stripe Elements the number, expiry and CVV are Stripe's to check (decision 0023):
 * only the name on the card stays here. Pure, so the rules are tested without rendering.
 */

export type CardValues = {
  ccName: string;
  /** As shown: grouped with spaces ("4111 1111 1111 1111"). */
  ccNumber: string;
  /** "MM/AA". */
  ccExp: string;
  ccCvv: string;
};

export type CheckoutValues = BuyerForm &
  CardValues & { saveInfo: boolean; customFields: Record<string, string> };

export type CheckoutRules = {
  /** A show of the cart has `ask_for_nit`: the NIT is checked whatever the country. */
  askForNit: boolean;
  customFields: readonly CustomField[];
  now: Date;
  /** `fields`: the card is typed into this form; `element`: Stripe Elements holds it. */
  cardInput: 'fields' | 'element';
};

/** A text field of the form: the buyer's or the card's. */
export type CheckoutTextField = BuyerField | keyof CardValues;
/** A form field: a buyer or card field, or `custom.<key>` for a custom field. */
export type CheckoutField = CheckoutTextField | `custom.${string}`;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** 000 §3 Buyer form fields and §9 defaults (city and state Guatemala, GT; the address empty); NIT C/F. */
export const CARD_BUYER_DEFAULTS: BuyerForm = { ...BUYER_DEFAULTS, nit: NIT_FINAL_CONSUMER };

export const CARD_DEFAULTS: CardValues = { ccName: '', ccNumber: '', ccExp: '', ccCvv: '' };

/** Each custom field starts with its show's `default`, else empty (a select then asks to choose). */
export function customFieldDefaults(fields: readonly CustomField[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.key, field.default ?? '']));
}

const CARD_TYPED: readonly CheckoutTextField[] = ['ccNumber', 'ccExp', 'ccCvv'];

const REQUIRED_WITH_ELEMENT: readonly CheckoutTextField[] = [...PAYING_BUYER_REQUIRED, 'ccName'];
const REQUIRED: readonly CheckoutTextField[] = [...REQUIRED_WITH_ELEMENT, ...CARD_TYPED];

const TEXT_FIELDS: readonly CheckoutTextField[] = [...REQUIRED, 'zip', 'nit'];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function needsNit(values: Pick<BuyerForm, 'country'>, rules: CheckoutRules): boolean {
  return rules.askForNit || values.country.toUpperCase() === 'GT';
}

/** The buyer fields Pay waits for: all but the zip (US and Canada only) and the NIT. */
export function cardBuyerRequired(values: BuyerForm, rules: CheckoutRules): BuyerField[] {
  return [
    ...PAYING_BUYER_REQUIRED,
    ...(isZipRequired(values.country) ? (['zip'] as const) : []),
    ...(needsNit(values, rules) ? (['nit'] as const) : []),
  ];
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
  const isTyped = rules.cardInput === 'fields';
  for (const field of isTyped ? REQUIRED : REQUIRED_WITH_ELEMENT) {
    if (values[field].trim() === '') fail(field, checkoutTexts.errors.required);
  }
  if (values.email.trim() && !EMAIL_PATTERN.test(values.email.trim())) {
    fail('email', checkoutTexts.errors.email);
  }
  if (values.emailConfirm.trim() && !emailsMatch(values)) {
    fail('emailConfirm', checkoutTexts.errors.emailMismatch);
  }
  if (needsNit(values, rules) && !isValidNit(values.nit)) fail('nit', NIT_INVALID_MESSAGE);
  if (isZipRequired(values.country) && !isValidZip(values.zip, values.country)) {
    fail('zip', ZIP_INVALID_MESSAGE);
  }
  if (isTyped) cardErrors(values, rules.now, fail);
  for (const field of rules.customFields) {
    const value = values.customFields[field.key] ?? '';
    const name = `custom.${field.key}` as const;
    if (!isPrintableLatin1(value)) fail(name, PRINTABLE_LATIN1_MESSAGE);
    if (field.required && value.trim() === '') fail(name, checkoutTexts.errors.required);
  }
  return errors;
}

function cardErrors(
  values: CardValues,
  now: Date,
  fail: (field: CheckoutField, message: string) => void,
) {
  if (values.ccNumber.trim() && !isValidCardNumber(values.ccNumber)) {
    fail('ccNumber', CARD_NUMBER_INVALID_MESSAGE);
  }
  if (values.ccExp.trim()) {
    const expiry = validateCardExpiry(values.ccExp, now);
    if (expiry) fail('ccExp', expiry);
  }
  if (values.ccCvv.trim()) {
    const cvv = validateCvv(values.ccCvv, values.ccNumber);
    if (cvv) fail('ccCvv', cvv);
  }
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
