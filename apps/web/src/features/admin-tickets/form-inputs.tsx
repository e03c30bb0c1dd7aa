import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '../../components/form/field-frame';
import type { FieldMessages } from '../../components/form/field-frame';

/** A multi-line text field, labelled and described like TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  ...textarea
}: FieldMessages &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-invalid' | 'aria-describedby'> & {
    label: string;
  }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <textarea className="input field__control" rows={3} {...control} {...textarea} />
      )}
    </FieldFrame>
  );
}

/** A checkbox with its text, as tall as a touch target. */
export function CheckField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="check-field">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** A group of related inputs under a legend (payment types, one discount, one bundle item). */
export function FieldGroup({
  legend,
  error,
  actions,
  children,
}: {
  legend: string;
  error?: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="tickets-fieldset">
      <legend className="tickets-fieldset__legend">{legend}</legend>
      {children}
      {actions && <div className="form__actions">{actions}</div>}
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}
