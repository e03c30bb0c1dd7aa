import { useState } from 'react';
import { cartEndpoints } from '@taquilla/contract/plain';
import type { PromoCode } from '@taquilla/contract';
import { formatMoney } from '@taquilla/domain';
import type { Currency } from '@taquilla/domain';
import { apiCall, isApiError } from '../../api/client';
import { PromoCodeInput } from '../../components/promo/promo-code-input';
import { useToast } from '../../components/toast/toast-context';
import { esDeposit } from './es-deposit';

const t = esDeposit.promo;

type DepositPromoProps = {
  showId: string;
  currency: Currency;
  promo: PromoCode | null;
  /** The discount the code gives on the current choice, in minor units. */
  discount: number;
  onPromo: (promo: PromoCode | null) => void;
};

/**
 * The form's promo code (000 §5, §8): checked for this show with
 * POST /cart/promo-codes/validate, since the form has no cart yet; its discount shows in
 * the total at once and the code is applied to the cart when the order is placed. A
 * refusal shows the server's text ("… no aplicable a este pedido" on forms).
 */
export function DepositPromo({ showId, currency, promo, discount, onPromo }: DepositPromoProps) {
  const toast = useToast();
  const [isChecking, setIsChecking] = useState(false);

  async function check(code: string) {
    setIsChecking(true);
    try {
      const valid = await apiCall(cartEndpoints.validatePromoCode, {
        body: { code, items: [{ show_uid: showId }] },
      });
      onPromo(valid);
      toast.success(t.applied);
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t.failed);
    } finally {
      setIsChecking(false);
    }
  }

  if (promo) {
    return (
      <p className="deposit-promo">
        <span className="deposit-promo__code">
          {t.discount(promo.code, formatMoney(discount, currency))}
        </span>
        <button
          type="button"
          className="link-button"
          aria-label={t.removeLabel(promo.code)}
          onClick={() => onPromo(null)}
        >
          {t.remove}
        </button>
      </p>
    );
  }
  return <PromoCodeInput isBusy={isChecking} onApply={check} />;
}
