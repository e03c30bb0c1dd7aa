import { useEffect, useRef } from 'react';

/**
 * Calls `onExpire` once when the cart's ten minutes end (000 §4: on the payment page the
 * cart is cleared and the buyer goes back to /cart/). Not while `isActive` is false: a
 * payment under way owns the places, and its own answer decides where the buyer goes.
 */
export function usePaymentExpiry(
  validThru: string | null,
  isActive: boolean,
  onExpire: () => void,
): void {
  const callback = useRef(onExpire);
  callback.current = onExpire;

  useEffect(() => {
    if (!validThru || !isActive) return;
    const left = Date.parse(validThru) - Date.now();
    if (Number.isNaN(left)) return;
    const timer = setTimeout(() => callback.current(), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [validThru, isActive]);
}
