import type { Currency } from '@taquilla/domain';

// The card gateway adapter (ARCHITECTURE §1): every provider implements PaymentGateway.
// The card number and CVV never appear in anything an adapter returns, throws or logs:
// they pass through to the provider and are forgotten (only brand and last four are kept).

export interface CardCharge {
  orderId: string;
  /** Minor units (centavos). */
  amount: number;
  currency: Currency;
  card: {
    number: string;
    /** MM/AA */
    exp: string;
    cvv: string;
    name: string;
  };
  /** Where the 3-D Secure page sends the buyer back; the sandbox only links to it. */
  returnUrl: string;
  /**
   * Stripe: the PaymentMethod id Stripe.js made in the browser (`pm_…`). The
   * stripe provider charges only this; it never sends a raw card number.
   */
  paymentMethod?: string;
}

export type ChargeResult =
  | { outcome: 'APPROVED'; transactionId: string; authorization: string; responseText: string }
  | {
      outcome: 'DECLINED';
      transactionId: string | null;
      responseCode: string;
      responseText: string;
    }
  | {
      outcome: 'CHALLENGE';
      transactionId: string;
      /** Absolute URL of the challenge page. */
      redirect: string;
    };

export interface PaymentGateway {
  readonly provider: string;
  charge(input: CardCharge): Promise<ChargeResult>;
  refund(
    transactionId: string,
    amount: number,
  ): Promise<{ refunded: boolean; responseText: string }>;
}

/** How a 3-D Secure challenge ended, for the orders module to settle the order. */
export interface ChallengeDecision {
  transactionId: string;
  orderId: string;
  approved: boolean;
}

export type ChallengeHandler = (decision: ChallengeDecision) => Promise<void>;
