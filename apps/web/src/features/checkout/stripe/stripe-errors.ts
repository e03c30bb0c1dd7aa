import type { StripeError } from '@stripe/stripe-js';
import {
  CARD_DECLINE_DEFAULT_MESSAGE,
  CARD_EXPIRY_INVALID_MESSAGE,
  CARD_EXPIRY_MONTH_MESSAGE,
  CARD_EXPIRY_PAST_MESSAGE,
  CARD_EXPIRY_YEAR_PAST_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
  CVV_INVALID_MESSAGE,
} from '@taquilla/domain';

/*
 * Stripe.js's errors in Spanish. Its own `message` is never shown: its language depends
 * on Stripe (decision 0020: "Stripe's English messages are never shown"), so each code
 * the card element and createPaymentMethod answer gets this form's words, the same ones
 * the sandbox's card inputs use where the rule is the same.
 */

const BY_CODE: Readonly<Record<string, string>> = {
  incomplete_number: 'El número de la tarjeta está incompleto',
  invalid_number: CARD_NUMBER_INVALID_MESSAGE,
  incorrect_number: CARD_NUMBER_INVALID_MESSAGE,
  incomplete_expiry: 'La fecha de expiración está incompleta',
  invalid_expiry_month: CARD_EXPIRY_MONTH_MESSAGE,
  invalid_expiry_year: CARD_EXPIRY_INVALID_MESSAGE,
  invalid_expiry_month_past: CARD_EXPIRY_PAST_MESSAGE,
  invalid_expiry_year_past: CARD_EXPIRY_YEAR_PAST_MESSAGE,
  expired_card: 'La tarjeta está vencida',
  incomplete_cvc: 'El código de seguridad está incompleto',
  invalid_cvc: CVV_INVALID_MESSAGE,
  incorrect_cvc: CVV_INVALID_MESSAGE,
  card_declined: CARD_DECLINE_DEFAULT_MESSAGE,
};

const CONNECTION =
  'No fue posible comunicarse con el procesador de pagos. Revisa tu conexión e intenta de nuevo.';
const TOO_MANY = 'Demasiados intentos seguidos. Espera un momento e intenta de nuevo.';
const OTHER = 'No fue posible verificar tu tarjeta. Revisa sus datos e intenta de nuevo.';

export function stripeErrorMessage(error: Pick<StripeError, 'type' | 'code'>): string {
  const byCode = error.code ? BY_CODE[error.code] : undefined;
  if (byCode) return byCode;
  if (error.type === 'api_connection_error') return CONNECTION;
  if (error.type === 'rate_limit_error') return TOO_MANY;
  return OTHER;
}
