import { DPI_CUSTOM_FIELD_KEY, DPI_INVALID_MESSAGE } from '@taquilla/contract';
import type { FieldIssue, OrderPaymentInfo, OrderPaymentType } from '@taquilla/contract';
import {
  CARD_NUMBER_INVALID_MESSAGE,
  NIT_INVALID_MESSAGE,
  PRINTABLE_LATIN1_MESSAGE,
  ZIP_INVALID_MESSAGE,
  cardLast4,
  detectCardBrand,
  isPrintableLatin1,
  isValidCardNumber,
  isValidDpi,
  isValidNit,
  isValidZip,
  normalizeNit,
  validateCardExpiry,
  validateCvv,
} from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import { updateProfile } from '../accounts/profile.repo.ts';

/** Fields each way of paying requires (000 §5: card, deposit and registration rules). */
const CONTACT: (keyof OrderPaymentInfo)[] = [
  'firstname',
  'lastname',
  'phone',
  'address',
  'city',
  'state',
  'country',
];
const DEPOSIT: (keyof OrderPaymentInfo)[] = [...CONTACT, 'file_info'];
const REQUIRED: Record<OrderPaymentType, (keyof OrderPaymentInfo)[]> = {
  CREDIT_CARD: [...CONTACT, 'cc_name', 'cc_number', 'cc_exp', 'cc_cvv2'],
  BANK_DEPOSIT: DEPOSIT,
  ACCOUNT_BANK_DEPOSIT: DEPOSIT,
  REGISTRATION: ['firstname', 'lastname', 'country'],
};

/**
 * How a card arrives: `raw` (the cc_* fields, for the sandbox) or
 * `payment_method` (a Stripe PaymentMethod id made by Stripe.js in the
 * browser; the number and CVV must not reach this server at all).
 */
export type CardFields = 'raw' | 'payment_method';
const PAYMENT_METHOD_CARD: (keyof OrderPaymentInfo)[] = [...CONTACT, 'payment_method'];
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]+$/;
const CARD_FORM_ONLY_MESSAGE =
  'Los datos de la tarjeta se ingresan en el formulario de pago seguro';

/** What the shows of the cart ask of the buyer (000 §3 settings). */
export interface BuyerRules {
  askForNit: boolean;
  /** Custom fields that must be filled: key → label. */
  requiredCustomFields: Map<string, string>;
  /** A show asks for the buyer's DPI (a custom field keyed `dpi`): a given one must be valid. */
  asksForDpi: boolean;
}

const field = (name: string, message: string): FieldIssue => ({
  field: `payment_info.${name}`,
  message,
});

/**
 * Checks the buyer data on the server as the forms do in the browser (000 §5),
 * naming each failing field in Spanish. A raw card is checked here and then
 * only its brand and last four digits are kept; a Stripe PaymentMethod is
 * checked by Stripe when charged.
 */
export function checkBuyer(
  paymentType: OrderPaymentType,
  info: OrderPaymentInfo,
  rules: BuyerRules,
  now: Date,
  options: { cardFields?: CardFields } = {},
): { card: { brand: string | null; last4: string } | null } {
  const issues: FieldIssue[] = [];
  const byPaymentMethod = paymentType === 'CREDIT_CARD' && options.cardFields === 'payment_method';
  const required = byPaymentMethod ? PAYMENT_METHOD_CARD : REQUIRED[paymentType];
  for (const name of required) {
    const value = info[name];
    if (typeof value !== 'string' || value.trim() === '') {
      issues.push(field(name, 'Este campo es obligatorio'));
    }
  }
  for (const [name, value] of Object.entries(info)) {
    if (typeof value === 'string' && !isPrintableLatin1(value)) {
      issues.push(field(name, PRINTABLE_LATIN1_MESSAGE));
    }
  }
  const country = (info.country ?? '').toUpperCase();
  const needsNit = rules.askForNit || (paymentType === 'CREDIT_CARD' && country === 'GT');
  if (needsNit && !isValidNit(info.nit ?? 'C/F')) issues.push(field('nit', NIT_INVALID_MESSAGE));
  if (paymentType === 'CREDIT_CARD' && !isValidZip(info.zip, country)) {
    issues.push(field('zip', ZIP_INVALID_MESSAGE));
  }
  for (const [key, label] of rules.requiredCustomFields) {
    if (!info.custom_fields?.[key]?.trim()) {
      issues.push(field(`custom_fields.${key}`, `${label}: este campo es obligatorio`));
    }
  }
  // The telethon's lookup finds codes by this exact value (decision 0038).
  const dpi = info.custom_fields?.[DPI_CUSTOM_FIELD_KEY]?.trim();
  if (rules.asksForDpi && dpi && !isValidDpi(dpi)) {
    issues.push(field(`custom_fields.${DPI_CUSTOM_FIELD_KEY}`, DPI_INVALID_MESSAGE));
  }
  let card: { brand: string | null; last4: string } | null = null;
  if (byPaymentMethod) {
    if (info.payment_method && !PAYMENT_METHOD_ID.test(info.payment_method)) {
      issues.push(field('payment_method', 'Método de pago inválido'));
    }
    // A client that still sends the card itself is refused, not silently served.
    if (info.cc_number) issues.push(field('cc_number', CARD_FORM_ONLY_MESSAGE));
    if (info.cc_cvv2) issues.push(field('cc_cvv2', CARD_FORM_ONLY_MESSAGE));
  } else if (paymentType === 'CREDIT_CARD' && info.cc_number) {
    const number = info.cc_number;
    if (!isValidCardNumber(number)) issues.push(field('cc_number', CARD_NUMBER_INVALID_MESSAGE));
    const expiry = validateCardExpiry(info.cc_exp ?? '', now);
    if (expiry) issues.push(field('cc_exp', expiry));
    const cvv = validateCvv(info.cc_cvv2 ?? '', number);
    if (cvv) issues.push(field('cc_cvv2', cvv));
    card = { brand: detectCardBrand(number), last4: cardLast4(number) };
  }
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', { fields: dedupe(issues) });
  return { card };
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => (seen.has(i.field) ? false : (seen.add(i.field), true)));
}

/**
 * What the order keeps of the buyer: the form's fields, never card data
 * (ARCHITECTURE §4). The NIT is stored normalised.
 */
export function storedBuyer(info: OrderPaymentInfo, proofKey: string | null) {
  return {
    firstname: info.firstname ?? null,
    lastname: info.lastname ?? null,
    email: info.email.toLowerCase(),
    phone: info.phone ?? null,
    address: info.address ?? null,
    city: info.city ?? null,
    state: info.state ?? null,
    country: info.country?.toUpperCase() ?? null,
    zip: info.zip ?? null,
    nit: info.nit ? normalizeNit(info.nit) : null,
    reference: info.reference ?? null,
    file_key: proofKey,
    custom_fields: trimmedValues(info.custom_fields ?? {}),
  };
}

/** Custom fields as the buyer meant them: a DPI typed with a space is still found by lookup. */
function trimmedValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.trim()]));
}

type ShowSettings = {
  ask_for_nit?: unknown;
  custom_fields?: { fields?: { key?: string; label?: string; required?: boolean }[] };
};

/** What the shows of the cart ask of the buyer (NIT, required custom fields), and their ids. */
export function buyerRulesOf(
  shows: { id: string; parentId: string | null; settings: unknown }[],
): BuyerRules & { showIds: string[] } {
  const rules: BuyerRules & { showIds: string[] } = {
    askForNit: false,
    requiredCustomFields: new Map(),
    asksForDpi: false,
    showIds: [],
  };
  for (const show of shows) {
    const settings = show.settings as ShowSettings | null;
    rules.showIds.push(show.id, ...(show.parentId ? [show.parentId] : []));
    if (settings?.ask_for_nit === true) rules.askForNit = true;
    for (const f of settings?.custom_fields?.fields ?? []) {
      if (f.required && f.key) rules.requiredCustomFields.set(f.key, f.label ?? f.key);
      if (f.key === DPI_CUSTOM_FIELD_KEY) rules.asksForDpi = true;
    }
  }
  return rules;
}

/** The buyer fields a signed-in buyer asked to keep, written to the profile (never card data). */
export async function saveBuyerToProfile(
  db: Db,
  userId: string,
  info: OrderPaymentInfo,
): Promise<void> {
  const keep = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  await updateProfile(db, userId, {
    firstname: keep(info.firstname),
    lastname: keep(info.lastname),
    phone: keep(info.phone),
    address: keep(info.address),
    city: keep(info.city),
    state: keep(info.state),
    country: keep(info.country?.toUpperCase()),
    zip: keep(info.zip),
    nit: info.nit?.trim() ? normalizeNit(info.nit) : undefined,
  });
}
