import { useEffect, useId, useState } from 'react';
import type { RefObject } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  Stripe,
  StripeCardElementChangeEvent,
  StripeCardElementOptions,
  StripeElements,
  StripeElementsOptions,
} from '@stripe/stripe-js';
import { LoadError } from '../../../components/load-error';
import { CardEntryError } from '../card-entry';
import type { CardBilling, StripeCardHandle } from '../card-entry';
import { checkoutTexts } from '../checkout.texts';
import { loadStripeClient } from './load-stripe-client';
import { stripeErrorMessage } from './stripe-errors';

const t = checkoutTexts.card;

const ELEMENTS_OPTIONS: StripeElementsOptions = { locale: 'es' };

/*
 * The element lives in Stripe's frame, which cannot read this page's CSS variables:
 * the colours of base.css are repeated here. The zip is the buyer form's own field
 * (000 §5: only for the US and Canada), so the element does not ask for one.
 */
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      color: '#f3f4f6',
      iconColor: '#a3a9b6',
      fontSize: '16px',
      '::placeholder': { color: '#a3a9b6' },
    },
    invalid: { color: '#ff6b7a', iconColor: '#ff6b7a' },
  },
};

type StripeCardElementProps = {
  publishableKey: string;
  /** Each change of the card, with whether it is complete. */
  onChange: (isComplete: boolean) => void;
  /** Set while the element is mounted: how the page gets a PaymentMethod of the card. */
  handleRef: RefObject<StripeCardHandle | null>;
};

type Load = { attempt: number } & ({ status: 'ready'; stripe: Stripe } | { status: 'failed' });

/**
 * Stripe's card element (number, expiry and CVV in one field) in place of the sandbox's
 * inputs. Loaded with React.lazy, so this module and Stripe's React bindings are only
 * fetched when the provider is Stripe.
 */
export default function StripeCardElement({
  publishableKey,
  onChange,
  handleRef,
}: StripeCardElementProps) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load | null>(null);

  useEffect(() => {
    let isCurrent = true;
    loadStripeClient(publishableKey).then(
      (stripe) => isCurrent && setLoad({ attempt, status: 'ready', stripe }),
      () => isCurrent && setLoad({ attempt, status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [publishableKey, attempt]);

  if (load === null || load.attempt !== attempt) {
    return (
      <p className="field__hint" role="status">
        {t.elementLoading}
      </p>
    );
  }
  if (load.status === 'failed') {
    return <LoadError message={t.elementFailed} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <Elements stripe={load.stripe} options={ELEMENTS_OPTIONS}>
      <CardInput onChange={onChange} handleRef={handleRef} />
    </Elements>
  );
}

function CardInput({ onChange, handleRef }: Omit<StripeCardElementProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!stripe || !elements) return undefined;
    handleRef.current = {
      createPaymentMethod: (billing) => createPaymentMethod(stripe, elements, billing),
    };
    return () => {
      handleRef.current = null;
    };
  }, [stripe, elements, handleRef]);

  const change = (event: StripeCardElementChangeEvent) => {
    setError(event.error ? stripeErrorMessage(event.error) : null);
    onChange(event.complete);
  };

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={labelId}>
        {t.element}
      </span>
      <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
        <CardElement
          className="input field__control stripe-card"
          options={CARD_OPTIONS}
          onChange={change}
        />
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The card as a PaymentMethod id, or a CardEntryError in Spanish for the form's alert. */
async function createPaymentMethod(
  stripe: Stripe,
  elements: StripeElements,
  billing: CardBilling,
): Promise<string> {
  const card = elements.getElement(CardElement);
  if (!card) throw new CardEntryError(t.elementFailed);
  let result: Awaited<ReturnType<Stripe['createPaymentMethod']>>;
  try {
    result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
  } catch {
    throw new CardEntryError(stripeErrorMessage({ type: 'api_connection_error' }));
  }
  if (result.error) throw new CardEntryError(stripeErrorMessage(result.error));
  return result.paymentMethod.id;
}
