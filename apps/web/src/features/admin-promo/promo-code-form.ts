import type {
  AdminPromoCode,
  AdminPromoCodeCreateInput,
  AdminPromoCodePatchInput,
} from '@taquilla/contract';
import {
  formatMoney,
  formatOrderDate,
  fromZonedDateTime,
  toMinorUnits,
  toZonedDateTime,
} from '@taquilla/domain';
import { adminPromoTexts as t } from './admin-promo.texts';

/** "10 %" or "Q 25.00". */
export function discountLabel(code: Pick<AdminPromoCode, 'discount_type' | 'discount_value'>) {
  return code.discount_type === 'PERCENT'
    ? `${code.discount_value} %`
    : formatMoney(toMinorUnits(code.discount_value), 'GTQ');
}

/** "Desde 1 mar 2027, 00:00", "1 mar 2027, 00:00 – 31 mar 2027, 23:59" or "Siempre". */
export function validityLabel(code: Pick<AdminPromoCode, 'valid_since' | 'valid_thru'>) {
  const since = code.valid_since ? formatOrderDate(new Date(code.valid_since)) : null;
  const thru = code.valid_thru ? formatOrderDate(new Date(code.valid_thru)) : null;
  if (since && thru) return t.list.range(since, thru);
  if (since) return t.list.since(since);
  if (thru) return t.list.until(thru);
  return t.list.always;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a datetime-local value on Guatemala's wall clock ('' for none). */
export function toWallClock(iso: string | null): string {
  if (!iso) return '';
  const wall = toZonedDateTime(new Date(iso));
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** A datetime-local value read on Guatemala's wall clock: the ISO instant, null, or undefined if unreadable. */
export function fromWallClock(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return fromZonedDateTime({ year, month, day, hour, minute }).toISOString();
}

/** The editor's fields as typed (strings for the inputs). */
export type PromoForm = {
  producer: string;
  code: string;
  discount_type: 'PERCENT' | 'FIXED';
  discount_value: string;
  show_uids: string[];
  valid_since: string;
  valid_thru: string;
  usage_limit: string;
  active: boolean;
};

export const NEW_PROMO: PromoForm = {
  producer: '',
  code: '',
  discount_type: 'PERCENT',
  discount_value: '',
  show_uids: [],
  valid_since: '',
  valid_thru: '',
  usage_limit: '',
  active: true,
};

export function formOf(code: AdminPromoCode): PromoForm {
  return {
    producer: code.producer_uid,
    code: code.code,
    discount_type: code.discount_type,
    discount_value: String(code.discount_value),
    show_uids: code.show_uids,
    valid_since: toWallClock(code.valid_since),
    valid_thru: toWallClock(code.valid_thru),
    usage_limit: code.usage_limit === null ? '' : String(code.usage_limit),
    active: code.active,
  };
}

type Body = Omit<AdminPromoCodeCreateInput, 'producer'> & AdminPromoCodePatchInput;

/**
 * The request body, or the fields the browser cannot even turn into one (a value that
 * is not a number, a date it cannot read). The contract's schema judges the rest.
 */
export function bodyOf(form: PromoForm): { body: Body } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const value = Number(form.discount_value.replace(',', '.'));
  if (form.discount_value.trim() === '' || !Number.isFinite(value)) {
    errors.discount_value = t.editor.badNumber;
  }
  const limit = form.usage_limit.trim() === '' ? null : Number(form.usage_limit);
  if (limit !== null && !Number.isFinite(limit)) errors.usage_limit = t.editor.badNumber;
  const since = fromWallClock(form.valid_since);
  if (since === undefined) errors.valid_since = t.editor.badDate;
  const thru = fromWallClock(form.valid_thru);
  if (thru === undefined) errors.valid_thru = t.editor.badDate;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      code: form.code,
      discount_type: form.discount_type,
      discount_value: value,
      show_uids: form.show_uids,
      valid_since: since ?? null,
      valid_thru: thru ?? null,
      usage_limit: limit,
      active: form.active,
    },
  };
}

/** A zod issue path as the API names fields (`show_uids.2`). */
export const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.');
