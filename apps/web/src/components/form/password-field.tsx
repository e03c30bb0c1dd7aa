import { useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { es } from '../../i18n/es';
import { EyeIcon, EyeOffIcon } from '../icons';
import { FieldFrame } from './field-frame';
import type { FieldMessages } from './field-frame';
import './form.css';

type PasswordFieldProps = FieldMessages &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'aria-invalid' | 'aria-describedby'> & {
    label: string;
  };

/** A password input with a show/hide toggle (002 §2.3). */
export function PasswordField({ label, id, error, hint, ...input }: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      {(control) => (
        <div className="password-input">
          <input
            type={isVisible ? 'text' : 'password'}
            className="input field__control password-input__control"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...control}
            {...input}
          />
          <button
            type="button"
            className="password-input__toggle"
            aria-label={isVisible ? es.form.hidePassword : es.form.showPassword}
            aria-controls={control.id}
            onClick={() => setIsVisible((visible) => !visible)}
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
