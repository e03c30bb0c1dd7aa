import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { cartEndpoints } from '@taquilla/contract/plain';
import type { AddCartItemsBody, Cart } from '@taquilla/contract';
import { apiCall, isApiError } from '../../api/client';
import { CartContext } from '../../cart/cart-context';
import type { CartContextValue, CartState } from '../../cart/cart-context';
import {
  ensureCartSessionId,
  readCartSessionId,
  renewCartSessionId,
} from '../../cart/cart-session-id';
import { useSession } from '../../session/session-context';

/** What the server answers for a browser without a cart, so the page never asks. */
const EMPTY_CART: Cart = {
  _id: null,
  currency: 'GTQ',
  items: [],
  valid_thru: null,
  payment_type: null,
  promo_codes: [],
  price_rules: [],
  payment_info: null,
  subtotal: 0,
  total_fee: 0,
  total_discount: 0,
  total: 0,
};
const EMPTY: CartState = { status: 'ready', cart: EMPTY_CART };

/** 403: the cookie names a cart of another account (this browser logged out of it). */
function isSomeoneElsesCart(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * The visitor's cart as the server has it. Read at start-up (only when the browser
 * already has a `sessionID`), again when the session changes (a login may own the
 * cart), and replaced by the answer of every write: the server prices and holds,
 * the page only shows. A cart of another account gets a fresh `sessionID`.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { status: sessionStatus, user } = useSession();
  const [state, setState] = useState<CartState>(() =>
    readCartSessionId() ? { status: 'loading', cart: null } : EMPTY,
  );
  // Writes are serialised by the server; when two overlap, their answers may arrive out
  // of order, so the cart is read once more after the last one. A read that started
  // before a write is dropped.
  const writes = useRef({ sequence: 0, inFlight: 0, overlapped: false });

  const refresh = useCallback(async () => {
    const sessionID = readCartSessionId();
    if (!sessionID) {
      setState(EMPTY);
      return;
    }
    const startedAt = writes.current.sequence;
    const isCurrent = () => writes.current.sequence === startedAt && writes.current.inFlight === 0;
    try {
      const cart = await apiCall(cartEndpoints.getCart, { params: { sessionID } });
      if (isCurrent()) setState({ status: 'ready', cart });
    } catch (error) {
      if (!isCurrent()) return;
      if (isSomeoneElsesCart(error)) {
        renewCartSessionId();
        setState(EMPTY);
      } else {
        setState({ status: 'error', cart: null });
      }
    }
  }, []);

  const write = useCallback(
    async (call: (sessionID: string) => Promise<Cart>): Promise<Cart> => {
      const tracker = writes.current;
      tracker.sequence += 1;
      tracker.inFlight += 1;
      if (tracker.inFlight > 1) tracker.overlapped = true;
      try {
        let cart: Cart;
        try {
          cart = await call(ensureCartSessionId());
        } catch (error) {
          if (!isSomeoneElsesCart(error)) throw error;
          cart = await call(renewCartSessionId());
        }
        setState({ status: 'ready', cart });
        return cart;
      } finally {
        tracker.inFlight -= 1;
        if (tracker.inFlight === 0 && tracker.overlapped) {
          tracker.overlapped = false;
          void refresh();
        }
      }
    },
    [refresh],
  );

  const userId = user?._id ?? null;
  useEffect(() => {
    if (sessionStatus === 'loading') return;
    void refresh();
  }, [sessionStatus, userId, refresh]);

  const value = useMemo<CartContextValue>(() => {
    const items = state.cart?.items ?? [];
    return {
      ...state,
      count: items.reduce((sum, item) => sum + item.quantity, 0),
      refresh,
      addItems: (body: AddCartItemsBody) =>
        write((sessionID) => apiCall(cartEndpoints.addCartItems, { params: { sessionID }, body })),
      removeItems: (lineIds) =>
        write((sessionID) =>
          apiCall(cartEndpoints.removeCartItems, {
            params: { sessionID },
            body: { items: [...lineIds] },
          }),
        ),
      removeSeats: (seatIds) =>
        write((sessionID) =>
          apiCall(cartEndpoints.removeCartSeats, {
            params: { sessionID },
            body: { seats: [...seatIds] },
          }),
        ),
      applyPromoCode: (code) =>
        write((sessionID) =>
          apiCall(cartEndpoints.applyPromoCode, { params: { sessionID }, body: { code } }),
        ),
      removePromoCode: (code) =>
        write((sessionID) =>
          apiCall(cartEndpoints.removePromoCode, { params: { sessionID, code } }),
        ),
    };
  }, [state, refresh, write]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
