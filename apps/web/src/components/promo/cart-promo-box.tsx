import { useState } from 'react';
import type { Cart } from '@taquilla/contract';
import { useCart } from '../../cart/cart-context';
import { useToast } from '../toast/toast-context';
import { PromoCodeInput, promoErrorMessage } from './promo-code-input';
import { es } from '../../i18n/es';
import { money } from '../../cart/cart-money';

const t = es.cart.promo;

/**
 * The cart's promo code (000 §4): the input while none is applied; once one is, the
 * code and its discount with a remove button (one code per cart).
 */
export function CartPromoBox({ cart }: { cart: Cart }) {
  const { applyPromoCode, removePromoCode } = useCart();
  const toast = useToast();
  const [isBusy, setIsBusy] = useState(false);

  async function run(
    action: () => Promise<unknown>,
    success: string | null,
    failure: (error: unknown) => string,
  ) {
    setIsBusy(true);
    try {
      await action();
      if (success) toast.success(success);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setIsBusy(false);
    }
  }

  if (cart.promo_codes.length > 0) {
    return (
      <ul className="promo promo__applied-list" aria-label={t.label}>
        {cart.promo_codes.map((promo) => (
          <li key={promo.code} className="promo__applied">
            <span className="promo__code">{promo.code}</span>
            {promo.discount_type === 'PERCENT' && (
              <span className="promo__rate">{t.percent(promo.discount_value)}</span>
            )}
            <span className="promo__amount">−{money(promo.discount_amount, cart.currency)}</span>
            <button
              type="button"
              className="link-button"
              aria-label={t.removeLabel(promo.code)}
              disabled={isBusy}
              onClick={() =>
                void run(
                  () => removePromoCode(promo.code),
                  null,
                  () => t.removeFailed,
                )
              }
            >
              {t.remove}
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <PromoCodeInput
      isBusy={isBusy}
      onApply={(code) => run(() => applyPromoCode(code), t.applied, promoErrorMessage)}
    />
  );
}
