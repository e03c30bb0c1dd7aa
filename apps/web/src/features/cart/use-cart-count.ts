import { useCart } from '../../cart/cart-context';

/** Number of tickets in the visitor's cart, shown on the menu's cart icon. */
export function useCartCount(): number {
  return useCart().count;
}
