import { useId } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '../../../components/form/field-frame';
import type { FieldMessages } from '../../../components/form/field-frame';
import { TextField } from '../../../components/form/text-field';
import { fromLocalInput, toLocalInput } from './settings-lists';

/** A checkbox with its text, its hint and the server's message read with it. */
export function CheckField({
  label,
  checked,
  onChange,
  error,
  hint,
}: FieldMessages & {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="check-field" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextAreaFieldProps = FieldMessages &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-invalid' | 'aria-describedby'> & {
    label: string;
  };

export function TextAreaField({ label, id, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      {(control) => (
        <textarea className="input field__control" rows={3} {...control} {...textarea} />
      )}
    </FieldFrame>
  );
}

/**
 * An address typed as text (a relative `/images/…` is valid, which type=url would refuse
 * and so block the editor's form), with a small preview once there is one.
 */
export function ImageAddressField({
  label,
  value,
  onChange,
  previewLabel,
  error,
  hint,
}: FieldMessages & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  previewLabel: string;
}) {
  return (
    <div className="settings-image">
      <TextField
        label={label}
        value={value}
        inputMode="url"
        spellCheck={false}
        autoCapitalize="none"
        maxLength={2000}
        error={error}
        hint={hint}
        onChange={(event) => onChange(event.target.value)}
      />
      {value.trim() !== '' && (
        <img className="settings-image__preview" src={value.trim()} alt={previewLabel} />
      )}
    </div>
  );
}

/** A date and time on Guatemala's wall clock, kept in the settings as an ISO instant. */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  hint,
}: FieldMessages & {
  label: string;
  value: unknown;
  onChange: (iso: string | null) => void;
}) {
  return (
    <TextField
      type="datetime-local"
      label={label}
      value={toLocalInput(value)}
      error={error}
      hint={hint}
      onChange={(event) => onChange(fromLocalInput(event.target.value))}
    />
  );
}
