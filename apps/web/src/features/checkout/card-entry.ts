import type { PaymentConfig } from '@taquilla/contract';
import { checkoutTexts } from './checkout.texts';

/*
 * How the card form takes the card, from GET /payments/config (decision 0023): the
 * sandbox's own number, expiry and CVV inputs, or Stripe Elements, whose card never
 * reaches this page's code; the page only gets a PaymentMethod id from it.
 */

export type CardEntry =
  | { kind: 'fields' }
  | { kind: 'stripe'; publishableKey: string }
  /** No card can be taken: Stripe without a key, or the settings could not be read. */
  | { kind: 'unavailable'; message: string; onRetry?: () => void };

export function cardEntryOf(config: PaymentConfig): CardEntry {
  if (config.provider === 'sandbox') return { kind: 'fields' };
  if (config.publishable_key) return { kind: 'stripe', publishableKey: config.publishable_key };
  return { kind: 'unavailable', message: checkoutTexts.card.unavailable };
}

/** What Stripe needs to know of the buyer with the card (`billing_details`). */
export type CardBilling = {
  name: string;
  email: string;
  phone: string;
  address: {
    line1: string;
    city: string;
    state: string;
    /** ISO 3166-1 alpha-2, as the form's country list. */
    country: string;
    postal_code?: string;
  };
};

/** The mounted Stripe card: turns what the buyer typed into a PaymentMethod id (`pm_…`). */
export type StripeCardHandle = {
  createPaymentMethod: (billing: CardBilling) => Promise<string>;
};

/** The Stripe card the buyer pays with: its element and how many times it changed. */
export type StripeCard = { handle: StripeCardHandle; version: number };

/** The card could not be read or turned into a PaymentMethod; the message is Spanish. */
export class CardEntryError extends Error {
  override readonly name = 'CardEntryError';
}
