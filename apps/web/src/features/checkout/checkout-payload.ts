import type { Cart, CreateOrderBody } from '@taquilla/contract';
import { NIT_FINAL_CONSUMER, normalizeNit } from '@taquilla/domain';
import { customFieldsPaymentInfo } from '../../order-form/custom-fields';
import type { CustomField } from '../../order-form/custom-fields';
import type { CheckoutValues } from './checkout-form';

type CardOrderInput = {
  values: CheckoutValues;
  cart: Cart & { _id: string };
  /** The browser's `sessionID` cookie: the cart's key. */
  sessionId: string;
  userId: string | null;
  isGuest: boolean;
  customFields: readonly CustomField[];
};

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * POST /cart/orders by card (000 §3 Order creation payload, Card payment_info): the
 * buyer, the card, the total the buyer saw (a different server total is refused) and
 * the cart's keys. A guest's data is never saved (000 §6).
 */
export function cardOrderBody({
  values,
  cart,
  sessionId,
  userId,
  isGuest,
  customFields,
}: CardOrderInput): CreateOrderBody {
  const custom = customFieldsPaymentInfo(customFields, values.customFields);
  return {
    user_uid: isGuest ? null : userId,
    payment_type: 'CREDIT_CARD',
    currency: cart.currency,
    session_id: sessionId,
    cart_uid: cart._id,
    payment_info: {
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      address: values.address.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      country: values.country,
      zip: optional(values.zip),
      nit: values.nit.trim() === '' ? NIT_FINAL_CONSUMER : normalizeNit(values.nit),
      cc_name: values.ccName.trim(),
      cc_number: values.ccNumber.replace(/\D+/g, ''),
      cc_exp: values.ccExp.trim(),
      cc_cvv2: values.ccCvv.trim(),
      currency: cart.currency,
      total: cart.total,
      sessionId,
      ...(cart.payment_info?.provider ? { provider: cart.payment_info.provider } : {}),
      ...(Object.keys(custom).length > 0 ? { custom_fields: custom } : {}),
      save_info: !isGuest && values.saveInfo,
    },
  };
}
