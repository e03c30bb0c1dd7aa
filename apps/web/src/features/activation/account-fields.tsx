import { useId } from 'react';
import { PasswordField } from '../../components/form/password-field';
import { TextField } from '../../components/form/text-field';
import type { ActivationField, ActivationProblems, ActivationValues } from './activation-rules';
import { esActivation } from './es-activation';

const t = esActivation.account;

type AccountFieldsProps = {
  mode: 'login' | 'signup';
  onMode: (mode: 'login' | 'signup') => void;
  values: ActivationValues;
  problems: ActivationProblems;
  onChange: (field: ActivationField, value: string) => void;
};

/**
 * Without a session the code needs an account (000 §2): "Ya tengo usuario" asks for the
 * login, "Crear usuario" for the signup fields (name, e-mail and password, each twice).
 */
export function AccountFields({ mode, onMode, values, problems, onChange }: AccountFieldsProps) {
  const name = useId();
  const field = (key: ActivationField) => ({
    value: values[key],
    error: problems[key] ?? null,
    onChange: (event: { target: { value: string } }) => onChange(key, event.target.value),
  });
  return (
    <fieldset className="activation__account">
      <legend className="visually-hidden">{t.legend}</legend>
      <div className="activation__modes">
        {(['login', 'signup'] as const).map((option) => (
          <label key={option} className="activation__mode">
            <input
              type="radio"
              name={name}
              value={option}
              checked={mode === option}
              onChange={() => onMode(option)}
            />
            <span>{option === 'login' ? t.hasUser : t.newUser}</span>
          </label>
        ))}
      </div>
      {mode === 'signup' && (
        <TextField label={t.fullname} autoComplete="name" {...field('fullname')} />
      )}
      <TextField
        label={t.email}
        type="email"
        inputMode="email"
        autoComplete={mode === 'login' ? 'username' : 'email'}
        {...field('email')}
      />
      {mode === 'signup' && (
        <TextField
          label={t.emailConfirm}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...field('emailConfirm')}
        />
      )}
      <PasswordField
        label={t.password}
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        {...field('password')}
      />
      {mode === 'signup' && (
        <PasswordField
          label={t.passwordConfirm}
          autoComplete="new-password"
          {...field('passwordConfirm')}
        />
      )}
    </fieldset>
  );
}
