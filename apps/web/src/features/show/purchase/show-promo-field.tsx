import { useState } from 'react';
import { cartEndpoints } from '@taquilla/contract/plain';
import { apiCall } from '../../../api/client';
import { useCart } from '../../../cart/cart-context';
import { CartPromoBox } from '../../../components/promo/cart-promo-box';
import { PromoCodeInput, promoErrorMessage } from '../../../components/promo/promo-code-input';
import { useToast } from '../../../components/toast/toast-context';
import { es } from '../../../i18n/es';

const t = es.cart.promo;

type ShowPromoFieldProps = {
  cartShowId: string;
  pendingCode: string | null;
  onPendingCode: (code: string | null) => void;
};

/**
 * The show page's promo code. With places in the cart it is the cart's own box. Before
 * that, the code is checked for this show (POST /cart/promo-codes/validate) and kept to be
 * applied when the tickets go to the cart.
 */
export function ShowPromoField({ cartShowId, pendingCode, onPendingCode }: ShowPromoFieldProps) {
  const { cart } = useCart();
  const toast = useToast();
  const [isChecking, setIsChecking] = useState(false);

  if (cart && cart.items.length > 0) return <CartPromoBox cart={cart} />;

  if (pendingCode) {
    return (
      <div className="promo">
        <p className="promo__applied">
          <span className="promo__code">{pendingCode}</span>
          <button
            type="button"
            className="link-button"
            aria-label={t.removeLabel(pendingCode)}
            onClick={() => onPendingCode(null)}
          >
            {t.remove}
          </button>
        </p>
        <p className="promo__note">{t.pendingNote}</p>
      </div>
    );
  }

  async function check(code: string) {
    setIsChecking(true);
    try {
      await apiCall(cartEndpoints.validatePromoCode, {
        body: { code, items: [{ show_uid: cartShowId }] },
      });
      // Shown with its note below; "aplicado" is said once the cart has it.
      onPendingCode(code);
    } catch (error) {
      toast.error(promoErrorMessage(error));
    } finally {
      setIsChecking(false);
    }
  }

  return <PromoCodeInput isBusy={isChecking} onApply={check} />;
}
