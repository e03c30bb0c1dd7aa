import type { OrderPaymentInfo, Profile, SessionUser } from '@taquilla/contract';
import { DEFAULT_COUNTRY, isCountryCode, isValidNit, splitFullname } from '@taquilla/domain';

/** The buyer data form (000 §3 "Buyer form fields"), as typed. */
export type BuyerForm = {
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
};

export type BuyerField = keyof BuyerForm;

/**
 * 000 §9: country GT, city and state Guatemala. Not its address "Ciudad": a street field
 * that starts with the word "city" reads as filled in wrong, and a buyer who does not look
 * sends it as their address. The field starts empty; where a form requires it, the buyer
 * types it (a signed-in buyer gets the profile's, see `withProfile`).
 */
export const BUYER_DEFAULTS: BuyerForm = {
  firstname: '',
  lastname: '',
  email: '',
  emailConfirm: '',
  phone: '',
  address: '',
  city: 'Guatemala',
  state: 'Guatemala',
  country: DEFAULT_COUNTRY,
  zip: '',
  nit: '',
};

/**
 * The buyer fields a paid order cannot go without (000 §5 Deposit submit and Card form): all
 * but the zip and the NIT, which depend on the country and the show.
 */
export const PAYING_BUYER_REQUIRED: readonly BuyerField[] = [
  'firstname',
  'lastname',
  'email',
  'emailConfirm',
  'phone',
  'address',
  'city',
  'state',
  'country',
];

export function hasText(value: string): boolean {
  return value.trim() !== '';
}

/** E-mails are stored in lower case, so "Ana@Correo.gt" confirms "ana@correo.gt". */
export function emailsMatch(form: Pick<BuyerForm, 'email' | 'emailConfirm'>): boolean {
  return form.email.trim().toLowerCase() === form.emailConfirm.trim().toLowerCase();
}

export function areFilled(form: BuyerForm, fields: readonly BuyerField[]): boolean {
  return fields.every((field) => hasText(form[field]));
}

/** An empty optional NIT is fine; a typed one must pass the NIT check (000 §5). */
export function isOptionalNitOk(nit: string): boolean {
  return !hasText(nit) || isValidNit(nit);
}

/**
 * A signed-in buyer starts with what the session knows (000 §6: profile data prefilled);
 * the profile's address fields arrive later through `withProfile`. A name never split
 * into first and last name starts as the signup's full name split as a suggestion.
 */
export function initialBuyerForm(
  user: SessionUser | null,
  defaults: BuyerForm = BUYER_DEFAULTS,
): BuyerForm {
  if (!user) return defaults;
  const guess = splitFullname(user.fullname);
  const named = (value: string | null) => (value && hasText(value) ? value : null);
  return {
    ...defaults,
    firstname: named(user.firstname) ?? guess.firstname,
    lastname: named(user.lastname) ?? guess.lastname,
    email: user.email,
    emailConfirm: user.email,
    phone: user.phone ?? '',
    country: isCountryCode(user.country) ? user.country : DEFAULT_COUNTRY,
  };
}

/** Fills the fields the buyer has not changed from their start with the saved profile. */
export function withProfile(form: BuyerForm, start: BuyerForm, profile: Profile): BuyerForm {
  const saved: Partial<BuyerForm> = {
    address: profile.address ?? undefined,
    city: profile.city ?? undefined,
    state: profile.state ?? undefined,
    zip: profile.zip ?? undefined,
    nit: profile.nit ?? undefined,
    phone: profile.phone ?? undefined,
  };
  const next = { ...form };
  for (const [field, value] of Object.entries(saved) as [BuyerField, string | undefined][]) {
    if (value && hasText(value) && form[field] === start[field]) next[field] = value;
  }
  return next;
}

/**
 * The form of a buyer whose saved profile is already known (or who has none: a visitor, or
 * a profile that could not be read): the session's data, then the profile's.
 */
export function prefilledBuyerForm(
  user: SessionUser | null,
  profile: Profile | null,
  defaults: BuyerForm = BUYER_DEFAULTS,
): BuyerForm {
  const start = initialBuyerForm(profile ?? user, defaults);
  return profile ? withProfile(start, start, profile) : start;
}

/** The buyer's part of `payment_info` (000 §3): trimmed, empty optional fields left out. */
export function buyerPaymentInfo(form: BuyerForm): OrderPaymentInfo {
  const optional = (value: string) => (hasText(value) ? value.trim() : undefined);
  return {
    firstname: form.firstname.trim(),
    lastname: form.lastname.trim(),
    email: form.email.trim(),
    phone: optional(form.phone),
    address: optional(form.address),
    city: optional(form.city),
    state: optional(form.state),
    country: form.country,
    zip: optional(form.zip),
    nit: optional(form.nit),
  };
}
