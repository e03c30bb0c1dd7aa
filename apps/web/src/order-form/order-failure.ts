import { isApiError } from '../api/client';
import type { BuyerField } from './buyer-form';

export type OrderFailure = {
  message: string;
  /** The server's messages for buyer fields (`payment_info.nit` → nit). */
  fields: Partial<Record<BuyerField, string>>;
};

const PAYMENT_INFO = 'payment_info.';

/**
 * The specifications' failure text (000 §8: "No fue posible realizar la compra", "… el
 * registro"), followed by the gateway's reason when it gives one the buyer can act on
 * (the cart expired, the places ran out, a field was refused).
 */
export function orderFailure(text: string, error: unknown): OrderFailure {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) {
    return { message: text, fields: {} };
  }
  const fields: Partial<Record<BuyerField, string>> = {};
  const others: string[] = [];
  for (const issue of error.fields) {
    const name = issue.field.startsWith(PAYMENT_INFO)
      ? issue.field.slice(PAYMENT_INFO.length)
      : issue.field;
    if (/^[a-z]+$/i.test(name)) fields[name as BuyerField] ??= issue.message;
    else others.push(issue.message);
  }
  const reason = [error.message, ...others].filter(Boolean).join(' ');
  return { message: reason ? `${text}. ${reason}` : text, fields };
}
