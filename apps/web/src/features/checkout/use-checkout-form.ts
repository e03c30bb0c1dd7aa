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
  /** Every rule of 000 §5 holds: Pay may be pressed. */
  canPay: boolean;
};

/** The payment form's state: its values, which fields were left, and their messages. */
export function useCheckoutForm(
  initial: CheckoutValues,
  rules: CheckoutRules,
): CheckoutFormControls {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set());
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
    canPay: Object.keys(errors).length === 0,
  };
}
