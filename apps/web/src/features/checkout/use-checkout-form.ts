import { useCallback, useMemo, useState } from 'react';
import { checkoutErrors, isShownWhileTyping } from './checkout-form';
import type {
  CheckoutField,
  CheckoutRules,
  CheckoutTextField,
  CheckoutValues,
} from './checkout-form';

export type CheckoutFormControls = {
  values: CheckoutValues;
  /** The message to show under a field now: after its blur, or at once for a wrong character. */
  errorOf: (field: CheckoutField) => string | undefined;
  change: (field: CheckoutTextField, value: string) => void;
  changeCustom: (key: string, value: string) => void;
  setSaveInfo: (saveInfo: boolean) => void;
  blur: (field: CheckoutField) => void;
  /** Stripe Elements said what the buyer typed is complete (or not any more). */
  changeCard: (isComplete: boolean) => void;
  /** Counts the card element's changes: a changed card is a new payment attempt. */
  cardVersion: number;
  /** Every rule of 000 §5 holds, and with Stripe Elements the card is complete: Pay may be pressed. */
  canPay: boolean;
};

/** The payment form's state: its values, which fields were left, and their messages. */
export function useCheckoutForm(
  initial: CheckoutValues,
  rules: CheckoutRules,
): CheckoutFormControls {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set());
  const [card, setCard] = useState({ isComplete: false, version: 0 });
  const errors = useMemo(() => checkoutErrors(values, rules), [values, rules]);

  const change = useCallback((field: CheckoutTextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  const changeCustom = useCallback((key: string, value: string) => {
    setValues((current) => ({
      ...current,
      customFields: { ...current.customFields, [key]: value },
    }));
  }, []);
  const setSaveInfo = useCallback((saveInfo: boolean) => {
    setValues((current) => ({ ...current, saveInfo }));
  }, []);
  const blur = useCallback((field: CheckoutField) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }, []);

  const changeCard = useCallback((isComplete: boolean) => {
    setCard((current) => ({ isComplete, version: current.version + 1 }));
  }, []);

  const errorOf = useCallback(
    (field: CheckoutField) => {
      const message = errors[field];
      return touched.has(field) || isShownWhileTyping(message) ? message : undefined;
    },
    [errors, touched],
  );

  return {
    values,
    errorOf,
    change,
    changeCustom,
    setSaveInfo,
    blur,
    changeCard,
    cardVersion: card.version,
    canPay: Object.keys(errors).length === 0 && (rules.cardInput === 'fields' || card.isComplete),
  };
}
