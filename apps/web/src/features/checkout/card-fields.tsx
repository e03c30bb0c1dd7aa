import type { SandboxCard } from '@taquilla/contract';
import { cvvMaxLength, detectCardBrand, formatCardNumber } from '@taquilla/domain';
import { TextField } from '../../components/form/text-field';
import { formatExpiryInput } from './checkout-form';
import { CARD_BRAND_NAMES, checkoutTexts } from './checkout.texts';
import type { CheckoutFormControls } from './use-checkout-form';

const t = checkoutTexts.card;

type CardFieldsProps = {
  form: CheckoutFormControls;
  /** The sandbox provider's test cards; empty with a real provider. */
  testCards?: readonly SandboxCard[];
};

/**
 * The card (000 §5): holder, number grouped as printed with its brand named, MM/AA
 * expiry and a CVV of 4 digits for American Express, 3 for the others.
 */
export function CardFields({ form, testCards = [] }: CardFieldsProps) {
  const { values, errorOf, change, blur } = form;
  const brand = detectCardBrand(values.ccNumber);
  const cvvLength = cvvMaxLength(values.ccNumber);

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
      </div>
      <p className="checkout-fieldset__note">{t.secure}</p>
      {testCards.length > 0 && <TestCardList cards={testCards} form={form} />}
    </fieldset>
  );
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
