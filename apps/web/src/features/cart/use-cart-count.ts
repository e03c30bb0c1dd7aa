/**
 * Number of tickets in the visitor's cart, shown on the menu's cart icon.
 * A placeholder until the cart feature loads `GET /cart/{sessionID}`; the menu
 * already reads the count from here so wiring it up touches only this hook.
 */
export function useCartCount(): number {
  return 0;
}
