import { useId } from 'react';
import type { PaymentMethod } from '@taquilla/domain';
import { es } from '../../../i18n/es';

const METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  DEPOSIT: es.purchase.methods.deposit,
  CARD: es.purchase.methods.card,
};

type PaymentMethodChoiceProps = {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
};

/** Deposit or transfer / card, as radio buttons; a single method comes already chosen. */
export function PaymentMethodChoice({ methods, value, onChange }: PaymentMethodChoiceProps) {
  const name = useId();
  return (
    <fieldset className="choice">
      <legend className="choice__legend">{es.purchase.methods.legend}</legend>
      <div className="choice__options">
        {methods.map((method) => (
          <label key={method} className="choice__option">
            <input
              type="radio"
              name={name}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
            />
            <span>{METHOD_LABELS[method]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
