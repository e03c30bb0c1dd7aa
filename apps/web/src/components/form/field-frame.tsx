import { useId } from 'react';
import type { ReactNode } from 'react';

export type FieldMessages = {
  /** Shown under the field and read with it; marks the control invalid. */
  error?: string | null;
  /** A short help text, also read with the field. */
  hint?: string | null;
};

type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * Label, control, hint and error of one form field, wired for assistive technology:
 * the label names the control, the hint and the error describe it.
 */
export function FieldFrame({
  label,
  id,
  error,
  hint,
  children,
}: FieldMessages & {
  label: string;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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
