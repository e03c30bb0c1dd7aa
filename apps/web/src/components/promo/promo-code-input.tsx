import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError } from '../../api/client';
import { es } from '../../i18n/es';
import './promo.css';

const t = es.cart.promo;

/** 000 §5: trimmed and upper-cased; an empty value does nothing. */
export function normalizePromoCode(value: string): string {
  return value.trim().toUpperCase();
}

/** The gateway's Spanish text for a refused code (000 §8), else the generic one. */
export function promoErrorMessage(error: unknown): string {
  return isApiError(error) && error.message ? error.message : t.applyFailed;
}

/** The code field: upper-cased as typed, Apply disabled while empty, Enter applies. */
export function PromoCodeInput({
  isBusy = false,
  onApply,
}: {
  isBusy?: boolean;
  onApply: (code: string) => Promise<void> | void;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const code = normalizePromoCode(draft);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code === '' || isBusy) return;
    await onApply(code);
  }

  return (
    <form className="promo" onSubmit={(event) => void submit(event)}>
      <label className="promo__label" htmlFor={inputId}>
        {t.label}
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
        <button type="submit" className="button button--secondary" disabled={code === '' || isBusy}>
          {t.apply}
        </button>
      </div>
    </form>
  );
}
