import type { Cart, CreateOrderBody } from '@taquilla/contract';
import { NIT_FINAL_CONSUMER, normalizeNit } from '@taquilla/domain';
import { customFieldsPaymentInfo } from '../../order-form/custom-fields';
import type { CustomField } from '../../order-form/custom-fields';
import type { CardBilling } from './card-entry';
import type { CheckoutValues } from './checkout-form';

type CardOrderInput = {
  values: CheckoutValues;
  cart: Cart & { _id: string };
  /** The browser's `sessionID` cookie: the cart's key. */
  sessionId: string;
  userId: string | null;
  isGuest: boolean;
  customFields: readonly CustomField[];
  /**
   * Stripe: the PaymentMethod id Stripe.js made of the card; it replaces the card's
   * number, expiry and CVV, which this page never sees. Null: the typed card (sandbox).
   */
  paymentMethod: string | null;
};

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * POST /cart/orders by card (000 §3 Order creation payload, Card payment_info): the
 * buyer, the card (typed, or Stripe's PaymentMethod id), the total the buyer saw (a
 * different server total is refused) and the cart's keys. A guest's data is never
 * saved (000 §6).
 */
export function cardOrderBody({
  values,
  cart,
  sessionId,
  userId,
  isGuest,
  customFields,
  paymentMethod,
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
      ...(paymentMethod === null
        ? {
            cc_number: values.ccNumber.replace(/\D+/g, ''),
            cc_exp: values.ccExp.trim(),
            cc_cvv2: values.ccCvv.trim(),
          }
        : { payment_method: paymentMethod }),
      currency: cart.currency,
      total: cart.total,
      sessionId,
      ...(cart.payment_info?.provider ? { provider: cart.payment_info.provider } : {}),
      ...(Object.keys(custom).length > 0 ? { custom_fields: custom } : {}),
      save_info: !isGuest && values.saveInfo,
    },
  };
}

/** The buyer as Stripe keeps it with the PaymentMethod (its `billing_details`). */
export function cardBilling(values: CheckoutValues): CardBilling {
  const zip = optional(values.zip);
  return {
    name: values.ccName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: {
      line1: values.address.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      country: values.country,
      ...(zip ? { postal_code: zip } : {}),
    },
  };
}
