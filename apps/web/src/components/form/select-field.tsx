import type { SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
import type { FieldMessages } from './field-frame';
import './form.css';

type SelectFieldProps = FieldMessages &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'aria-invalid' | 'aria-describedby'> & {
    label: string;
    options: readonly { value: string; label: string }[];
  };

export function SelectField({ label, id, error, hint, options, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      {(control) => (
        <select className="select field__control" {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
