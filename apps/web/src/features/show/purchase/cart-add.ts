import type { AddCartItemsBody, Show } from '@taquilla/contract';
import { isApiError } from '../../../api/client';
import type { ToastAction } from '../../../components/toast/toast-context';
import { es } from '../../../i18n/es';

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

/** What a failed add shows: a message, and a way out when there is one. */
export type CartFailure = { message: string; action?: ToastAction };

/**
 * The specifications' failure text (000 §8), followed by why when the gateway says it
 * (a seat taken a moment ago, how many are left, the per-buyer limit). A cart holding
 * another organiser's tickets (decision 0062) is not a failure of this add: the server's
 * own words say what to do, with the way to the cart where it is done.
 */
export function cartFailure(text: string, error: unknown): CartFailure {
  if (isApiError(error) && error.error === 'CART_OTHER_PRODUCER' && error.message) {
    return { message: error.message, action: { label: es.cart.add.goToCart, to: '/cart' } };
  }
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
    return { message: `${text}. ${error.message}` };
  }
  return { message: text };
}
