import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { es } from '../../../i18n/es';

/** 000 §5: trimmed and upper-cased; an empty value does nothing. */
function normalizePromoCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * The promo-code box of the order summary. Validating a code needs the cart (or the
 * forms' validation call), which later issues bring; until then the code is only kept
 * here and labelled as not yet validated, never shown as a discount.
 */
export function PromoCodeField() {
  const [draft, setDraft] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const inputId = useId();
  const normalized = normalizePromoCode(draft);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (normalized === '') return;
    setCode(normalized);
    setDraft('');
  }

  if (code !== null) {
    return (
      <div className="promo">
        <p className="promo__pending">
          <span className="promo__code">{code}</span> {es.summary.promo.pending}
        </p>
        <button type="button" className="link-button" onClick={() => setCode(null)}>
          {es.summary.promo.remove}
        </button>
      </div>
    );
  }

  return (
    <form className="promo" onSubmit={apply}>
      <label className="promo__label" htmlFor={inputId}>
        {es.summary.promo.label}
      </label>
      <div className="promo__row">
        <input
          id={inputId}
          className="input promo__input"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={draft}
          onChange={(event) => setDraft(event.target.value.toUpperCase())}
        />
        <button type="submit" className="button button--secondary" disabled={normalized === ''}>
          {es.summary.promo.apply}
        </button>
      </div>
    </form>
  );
}
