import { Suspense, lazy } from 'react';
import type { RefObject } from 'react';
import type { SandboxCard } from '@taquilla/contract';
import { cvvMaxLength, detectCardBrand, formatCardNumber } from '@taquilla/domain';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { useSandboxCards } from './api/use-sandbox-cards';
import type { CardEntry, StripeCardHandle } from './card-entry';
import { formatExpiryInput } from './checkout-form';
import { CARD_BRAND_NAMES, checkoutTexts } from './checkout.texts';
import type { CheckoutFormControls } from './use-checkout-form';

const t = checkoutTexts.card;

// Its own chunk: the sandbox's pages never download Stripe's React bindings. A chunk
// that cannot be fetched (offline, or a new deployment) says so instead of breaking the page.
const StripeCardElement = lazy(() =>
  import('./stripe/stripe-card-element').catch(() => ({ default: ElementUnavailable })),
);

function ElementUnavailable() {
  return (
    <FormAlert>
      <p>{t.elementFailed}</p>
    </FormAlert>
  );
}

type CardFieldsProps = {
  form: CheckoutFormControls;
  /** How the card is taken: these inputs (sandbox), Stripe Elements, or not at all. */
  entry: CardEntry;
  /** Where the Stripe element leaves its handle (decision 0023). */
  stripeHandle: RefObject<StripeCardHandle | null>;
};

/**
 * The card (000 §5): the holder, then the number grouped as printed with its brand
 * named, MM/AA expiry and a CVV of 4 digits for American Express, 3 for the others; or,
 * with Stripe, Stripe's own card element in their place.
 */
export function CardFields({ form, entry, stripeHandle }: CardFieldsProps) {
  const { values, errorOf, change, blur } = form;

  return (
    <fieldset className="checkout-fieldset card">
      <legend className="checkout-fieldset__legend">{t.legend}</legend>
      <div className="field-grid">
        <div className="field-grid__wide">
          <TextField
            label={t.name}
            autoComplete="cc-name"
            required
            value={values.ccName}
            error={errorOf('ccName')}
            onChange={(event) => change('ccName', event.target.value)}
            onBlur={() => blur('ccName')}
          />
        </div>
        {entry.kind === 'fields' && <TypedCard form={form} />}
        {entry.kind === 'stripe' && (
          <div className="field-grid__wide">
            <Suspense fallback={<p className="field__hint">{t.elementLoading}</p>}>
              <StripeCardElement
                publishableKey={entry.publishableKey}
                onChange={form.changeCard}
                handleRef={stripeHandle}
              />
            </Suspense>
          </div>
        )}
        {entry.kind === 'unavailable' && (
          <div className="field-grid__wide">
            {entry.onRetry ? (
              <LoadError message={entry.message} onRetry={entry.onRetry} />
            ) : (
              <FormAlert tone="warning">
                <p>{entry.message}</p>
              </FormAlert>
            )}
          </div>
        )}
      </div>
      <p className="checkout-fieldset__note">
        {entry.kind === 'stripe' ? t.secureStripe : t.secure}
      </p>
      {entry.kind === 'fields' && <SandboxTestCards form={form} />}
    </fieldset>
  );
}

/** The sandbox's inputs: number, expiry and CVV, checked here and again by the API. */
function TypedCard({ form }: { form: CheckoutFormControls }) {
  const { values, errorOf, change, blur } = form;
  const brand = detectCardBrand(values.ccNumber);
  const cvvLength = cvvMaxLength(values.ccNumber);

  return (
    <>
      <div className={`field-grid__wide card-number${brand ? ` card-number--${brand}` : ''}`}>
        <TextField
          label={t.number}
          autoComplete="cc-number"
          inputMode="numeric"
          required
          maxLength={23}
          value={values.ccNumber}
          error={errorOf('ccNumber')}
          onChange={(event) => change('ccNumber', formatCardNumber(event.target.value))}
          onBlur={() => blur('ccNumber')}
        />
        {/* A live region that stays in place, so the brand is announced when it appears. */}
        <span className="card-number__brand" role="status">
          {brand && (
            <span className={`card-brand card-brand--${brand}`}>
              <span className="visually-hidden">{t.brandPrefix} </span>
              {CARD_BRAND_NAMES[brand]}
            </span>
          )}
        </span>
      </div>
      <TextField
        label={t.expiry}
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder="MM/AA"
        required
        maxLength={5}
        value={values.ccExp}
        error={errorOf('ccExp')}
        onChange={(event) => change('ccExp', formatExpiryInput(event.target.value))}
        onBlur={() => blur('ccExp')}
      />
      <TextField
        label={t.cvv}
        type="password"
        autoComplete="cc-csc"
        inputMode="numeric"
        required
        maxLength={cvvLength}
        value={values.ccCvv}
        error={errorOf('ccCvv')}
        hint={t.cvvHint(cvvLength)}
        onChange={(event) =>
          change('ccCvv', event.target.value.replace(/\D+/g, '').slice(0, cvvLength))
        }
        onBlur={() => blur('ccCvv')}
      />
    </>
  );
}

/** The sandbox provider's test cards (GET /payments/sandbox/cards), asked for only here. */
function SandboxTestCards({ form }: { form: CheckoutFormControls }) {
  const cards = useSandboxCards();
  return cards.length > 0 ? <TestCardList cards={cards} form={form} /> : null;
}

function TestCardList({
  cards,
  form,
}: {
  cards: readonly SandboxCard[];
  form: CheckoutFormControls;
}) {
  return (
    <details className="test-cards">
      <summary>{t.testCards}</summary>
      <ul className="test-cards__list">
        {cards.map((card) => (
          <li key={card.number}>
            <button
              type="button"
              className="link-button"
              aria-label={t.useTestCard(card.number)}
              onClick={() => {
                form.change('ccNumber', formatCardNumber(card.number));
                form.blur('ccNumber');
              }}
            >
              {formatCardNumber(card.number)}
            </button>{' '}
            <span className="test-cards__description">{card.description}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
