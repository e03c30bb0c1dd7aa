import { act } from '@testing-library/react';
import type { PaymentMethodResult, Stripe, StripeError } from '@stripe/stripe-js';
import { vi } from 'vitest';

/*
 * Stripe.js as the page sees it through loadStripeClient (decision 0023): the part of
 * the Stripe object that Elements and the card form use. The card element mounts a
 * marked box instead of Stripe's frame, and a test says what the buyer typed into it
 * with `changeCard`, as Stripe's own `change` events would.
 */

export const FAKE_PUBLISHABLE_KEY = 'pk_test_taquilla_fake';
export const FAKE_PAYMENT_METHOD = 'pm_fake_visa_4242';

type Listener = (event: unknown) => void;

type CardChange = {
  complete: boolean;
  error?: { code: string; message: string };
};

export function createFakeStripe() {
  const listeners = new Map<string, Set<Listener>>();
  const card = {
    mount: vi.fn((node: HTMLElement) => {
      node.dataset.fakeStripe = 'card';
    }),
    on: (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return card;
    },
    off: (event: string, listener: Listener) => {
      listeners.get(event)?.delete(listener);
      return card;
    },
    update: vi.fn(),
    destroy: vi.fn(),
    unmount: vi.fn(),
  };
  const elements = {
    create: vi.fn((type: string) => {
      if (type !== 'card') throw new Error(`the fake has no ${type} element`);
      return card;
    }),
    // Stripe.js takes the React component and reads its element type.
    getElement: vi.fn((type: string | { __elementType?: string }) =>
      (typeof type === 'string' ? type : type.__elementType) === 'card' ? card : null,
    ),
    update: vi.fn(),
  };
  const createPaymentMethod = vi.fn(
    async (): Promise<PaymentMethodResult> =>
      ({ paymentMethod: { id: FAKE_PAYMENT_METHOD } }) as PaymentMethodResult,
  );
  const stripe = {
    elements: vi.fn(() => elements),
    createPaymentMethod,
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
  };

  return {
    stripe: stripe as unknown as Stripe,
    elements,
    card,
    createPaymentMethod,
    /** The buyer typed into the card element. */
    changeCard({ complete, error }: CardChange) {
      const event = {
        elementType: 'card',
        empty: false,
        complete,
        brand: 'visa',
        value: { postalCode: '' },
        error: error ? { type: 'validation_error', ...error } : undefined,
      };
      act(() => {
        for (const listener of listeners.get('change') ?? []) listener(event);
      });
    },
    /** createPaymentMethod answers this Stripe error from now on. */
    failWith(error: Pick<StripeError, 'type' | 'code' | 'message'>) {
      createPaymentMethod.mockResolvedValue({ error } as PaymentMethodResult);
    },
  };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;
