import { createContext, useContext } from 'react';
import type { AddCartItemsBody, Cart } from '@taquilla/contract';

/*
 * The visitor's cart, for every feature (the menu's counter, the show page's seat map,
 * the cart page). This file is the shared side: the state's shape and the hook.
 * features/cart provides it, so a feature reads the cart from here and never imports
 * another feature.
 */

export type CartStatus = 'loading' | 'ready' | 'error';

export type CartState = {
  status: CartStatus;
  /** The live cart; an empty one (`_id` null) when there is none or it expired. */
  cart: Cart | null;
};

export type CartActions = {
  /** POST /cart/{sessionID}/items; rejects with the ApiError (409 SEAT_UNAVAILABLE…). */
  addItems: (body: AddCartItemsBody) => Promise<Cart>;
  /** DELETE /cart/{sessionID}/items by line id. */
  removeItems: (lineIds: readonly string[]) => Promise<Cart>;
  /** DELETE /cart/{sessionID}/seats by seat id. */
  removeSeats: (seatIds: readonly string[]) => Promise<Cart>;
  applyPromoCode: (code: string) => Promise<Cart>;
  removePromoCode: (code: string) => Promise<Cart>;
  /** GET /cart/{sessionID} again (after a login, or when the holds end). */
  refresh: () => Promise<void>;
};

export type CartContextValue = CartState &
  CartActions & {
    /** Tickets held: the sum of the lines' quantities (the menu's counter). */
    count: number;
  };

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a <CartProvider> above it');
  return value;
}

/** The seats this cart holds for one show (or función): drawn as "reserved" on its map. */
export function heldSeatIds(cart: Cart | null, showId: string): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const item of cart?.items ?? []) {
    if (item.show_uid === showId && item.seat_uid) ids.add(item.seat_uid);
  }
  return ids;
}
