import { useCallback } from 'react';
import { cartEndpoints } from '@taquilla/contract/plain';
import type {
  AddCartItemsBody,
  Cart,
  Order,
  OrderPaymentInfo,
  OrderPaymentType,
} from '@taquilla/contract';
import { fromMinorUnits } from '@taquilla/domain';
import type { Currency } from '@taquilla/domain';
import { apiCall, isApiError } from '../api/client';
import { useCart } from '../cart/cart-context';
import { readCartSessionId } from '../cart/cart-session-id';
import { useSession } from '../session/session-context';
import { createOrder } from './create-order';

export type OrderRequest = {
  paymentType: OrderPaymentType;
  currency: Currency;
  /** The lines of a fresh cart; null to order the cart as it is (/cart/register). */
  items: AddCartItemsBody['items'] | null;
  /** A code the form validated: applied to the cart before the order. */
  promoCode: string | null;
  paymentInfo: OrderPaymentInfo;
  /** The total the buyer saw, in minor units; null to take the cart's own. */
  expectedTotal: number | null;
  /** Keep the buyer fields in the signed-in buyer's profile (000 §6). */
  saveInfo: boolean;
};

/** The cart as it is now: the one this browser's `sessionID` names. */
function currentSessionId(): string {
  const sessionID = readCartSessionId();
  if (!sessionID) throw new Error('The cart has no sessionID after a write');
  return sessionID;
}

/**
 * DELETE /cart/{sessionID} before the form's lines go in, so the order holds exactly them
 * (not an earlier attempt's lines, nor places held elsewhere: the form warns about those).
 * 000 §7 ignores a 404 (no cart) and any failure of the reset.
 */
async function resetCart(): Promise<void> {
  const sessionID = readCartSessionId();
  if (!sessionID) return;
  await apiCall(cartEndpoints.resetCart, { params: { sessionID } }).catch((error: unknown) => {
    if (!isApiError(error) || error.status !== 404) console.warn(error);
  });
}

/**
 * The order of a form without the card checkout (000 §4 Deposit/registration submit): the
 * chosen lines go to a cart emptied first (an earlier attempt's lines, or tickets held
 * elsewhere, are not part of this order), the validated promo code is applied there, and
 * POST /cart/orders places the order from that cart. Each call is one attempt with its own
 * `Idempotency-Key`. The cart is read again before the caller moves on (000 §2: the
 * counter is refreshed before every redirect after a purchase). Rejects with the ApiError.
 */
export function usePlaceOrder(): (request: OrderRequest) => Promise<Order> {
  const { cart, addItems, applyPromoCode, refresh } = useCart();
  const { user } = useSession();
  const userId = user?._id ?? null;

  return useCallback(
    async (request: OrderRequest) => {
      let ordered: Cart | null = cart;
      try {
        if (request.items) {
          await resetCart();
          ordered = await addItems({
            currency: request.currency,
            items: request.items.map((item) => ({ ...item, type: 'TICKET' as const })),
            payment_type: request.paymentType,
            payment_provider: null,
          });
        }
        if (request.promoCode) ordered = await applyPromoCode(request.promoCode);
        if (!ordered?._id) throw new Error('There is no cart to order');
        const sessionId = currentSessionId();
        const order = await createOrder(
          {
            user_uid: userId,
            payment_type: request.paymentType,
            currency: request.currency,
            payment_info: {
              ...request.paymentInfo,
              currency: request.currency,
              total:
                request.expectedTotal === null
                  ? ordered.total
                  : fromMinorUnits(request.expectedTotal),
              sessionId,
              // The API keeps the buyer fields in the profile (decision 0020).
              save_info: request.saveInfo && userId !== null,
            },
            session_id: sessionId,
            cart_uid: ordered._id,
          },
          crypto.randomUUID(),
        );
        return order;
      } finally {
        // Success: the cart was checked out. Failure: it may hold this attempt's lines.
        await refresh();
      }
    },
    [cart, addItems, applyPromoCode, refresh, userId],
  );
}
