import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
import type { FieldMessages } from './field-frame';
import './form.css';

type TextFieldProps = FieldMessages &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> & {
    label: string;
  };

export function TextField({ label, id, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      {(control) => (
        <input
          type="text"
          className={['input field__control', className].filter(Boolean).join(' ')}
          {...control}
          {...input}
        />
      )}
    </FieldFrame>
  );
}
