import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AddCartItemsBody } from '@taquilla/contract';
import type { Currency } from '@taquilla/domain';
import { buyerPaymentInfo } from '../../order-form/buyer-form';
import { customFieldsPaymentInfo, initialCustomValues } from '../../order-form/custom-fields';
import type { CustomField } from '../../order-form/custom-fields';
import { orderFailure } from '../../order-form/order-failure';
import type { OrderFailure } from '../../order-form/order-failure';
import { useBuyerForm } from '../../order-form/use-buyer-form';
import { usePlaceOrder } from '../../order-form/use-place-order';
import { esRegistration } from './es-registration';
import { registrationMissing } from './registration-rules';

/** Where a completed registration lands (000 §2). */
export function registrationSuccessPath(showId: string, orderId: string): string {
  return `/shows/${encodeURIComponent(showId)}/registration/success/${encodeURIComponent(orderId)}`;
}

export type RegistrationTarget = {
  /** The show the success page names. */
  showId: string;
  currency: Currency;
  /** The chosen lines; null to register the cart as it is (/cart/register). */
  items: AddCartItemsBody['items'] | null;
};

/**
 * The registration's state: the buyer's data, the show's questions, and the REGISTRATION
 * order (free tickets, approved at once) placed from the chosen lines or the cart.
 */
export function useRegistration(customFields: readonly CustomField[]) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const buyer = useBuyerForm();
  const [customValues, setCustomValues] = useState(() => initialCustomValues(customFields));
  const [isPlacing, setIsPlacing] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);

  const missingFor = (ticketCount: number) =>
    registrationMissing({ ticketCount, form: buyer.form, customFields, customValues });

  const setCustomValue = (key: string, value: string) =>
    setCustomValues((current) => ({ ...current, [key]: value }));

  /** Resolves true once the page moves to the success page, false after a failure. */
  async function register(target: RegistrationTarget): Promise<boolean> {
    setIsPlacing(true);
    setFailure(null);
    try {
      const order = await placeOrder({
        paymentType: 'REGISTRATION',
        currency: target.currency,
        items: target.items,
        promoCode: null,
        paymentInfo: {
          ...buyerPaymentInfo(buyer.form),
          custom_fields: customFieldsPaymentInfo(customFields, customValues),
        },
        // Chosen here, the tickets are free; a cart's total is the cart's own.
        expectedTotal: target.items ? 0 : null,
        saveInfo: buyer.isSignedIn && buyer.saveInfo,
      });
      navigate(registrationSuccessPath(target.showId, order._id), {
        state: { orderNumber: order.order_number },
      });
      return true;
    } catch (error) {
      setFailure(orderFailure(esRegistration.failed, error));
      setIsPlacing(false);
      return false;
    }
  }

  return { buyer, customValues, setCustomValue, isPlacing, failure, missingFor, register };
}

export type Registration = ReturnType<typeof useRegistration>;
