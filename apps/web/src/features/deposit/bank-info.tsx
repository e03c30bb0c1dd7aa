import { useId } from 'react';
import type { ShowSettings } from '@taquilla/contract';
import { esDeposit } from './es-deposit';

const t = esDeposit.bank;

/** settings.deposit_info (000 §3): label/value pairs (bank, account…) or a free text. */
export function BankInfo({
  info,
  total,
}: {
  info: ShowSettings['deposit_info'];
  /** The amount to deposit ("Q 300.00"), once tickets are chosen. */
  total: string | null;
}) {
  const titleId = useId();
  const pairs = Array.isArray(info) ? info.filter((pair) => pair.value.trim() !== '') : [];
  const text = typeof info === 'string' ? info.trim() : '';
  return (
    <section className="order-form__section bank-info" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {t.title}
      </h3>
      {pairs.length > 0 || text !== '' ? (
        <div className="bank-info__card">
          <p className="bank-info__hint">{total ? t.hintWithTotal(total) : t.hint}</p>
          {pairs.length > 0 && (
            <dl className="bank-info__list">
              {pairs.map((pair) => (
                <div key={`${pair.label}-${pair.value}`} className="bank-info__row">
                  <dt>{pair.label}</dt>
                  <dd>{pair.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {text !== '' && <p className="bank-info__text">{text}</p>}
        </div>
      ) : (
        <p className="order-form__muted">{t.none}</p>
      )}
    </section>
  );
}
