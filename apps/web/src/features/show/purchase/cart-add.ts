import type { AddCartItemsBody, Show } from '@taquilla/contract';
import { isApiError } from '../../../api/client';

type CartLine = AddCartItemsBody['items'][number];

/**
 * The body of POST /cart/{sessionID}/items for the show page's card path: the lines in
 * the show's currency. Only ids and quantities travel; the server prices them.
 */
export function cardCartBody(show: Show, items: CartLine[]): AddCartItemsBody {
  return {
    currency: show.settings.currency,
    items: items.map((item) => ({ type: 'TICKET', ...item })),
    payment_type: 'CREDIT_CARD',
    payment_provider: show.settings.payment_provider ?? null,
  };
}

/**
 * The specifications' failure text (000 §8), followed by why when the gateway says it
 * (a seat taken a moment ago, how many are left, the per-buyer limit).
 */
export function cartFailure(text: string, error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
    return `${text}. ${error.message}`;
  }
  return text;
}
