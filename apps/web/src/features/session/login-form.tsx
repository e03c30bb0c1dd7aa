import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { canSubmitLogin } from '@taquilla/domain';
import { isApiError } from '../../api/client';
import { FormAlert } from '../../components/form/form-alert';
import { PasswordField } from '../../components/form/password-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';

type LoginProblem = { kind: 'activeSession' } | { kind: 'message'; message: string };

/** 401 and a refused form read the same (002 §8); 409 offers to close the other session. */
function loginProblem(error: unknown): LoginProblem {
  if (!isApiError(error)) return { kind: 'message', message: es.errors.unexpected };
  if (error.status === 409) return { kind: 'activeSession' };
  if (error.status === 401 || error.status === 422) {
    return { kind: 'message', message: es.login.invalidCredentials };
  }
  return { kind: 'message', message: error.message };
}

type LoginFormProps = {
  /** Prefilled e-mail (the order page links to /login with the order's e-mail). */
  initialEmail?: string;
  onLoggedIn?: () => void;
};

export function LoginForm({ initialEmail = '', onLoggedIn }: LoginFormProps) {
  const { login } = useSession();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function logIn(forceLogin: boolean) {
    setIsBusy(true);
    setProblem(null);
    try {
      await login({ email, password, forceLogin });
      onLoggedIn?.();
    } catch (error) {
      setProblem(loginProblem(error));
    } finally {
      setIsBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSubmitLogin({ email, password }) && !isBusy) void logIn(false);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={es.login.email}
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setProblem(null);
        }}
      />
      <PasswordField
        label={es.login.password}
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setProblem(null);
        }}
      />
      <Link to="/password/recover" className="auth-panel__aside-link">
        {es.login.forgotPassword}
      </Link>
      {problem?.kind === 'message' && (
        <FormAlert>
          <p>{problem.message}</p>
        </FormAlert>
      )}
      {problem?.kind === 'activeSession' && (
        <FormAlert tone="warning">
          <p>
            <strong>{es.login.activeSession}</strong> {es.login.activeSessionHint}
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={isBusy}
            onClick={() => void logIn(true)}
          >
            {es.login.forceLogin}
          </button>
        </FormAlert>
      )}
      <SubmitButton
        disabled={!canSubmitLogin({ email, password })}
        isBusy={isBusy}
        busyLabel={es.login.submitting}
      >
        {es.login.submit}
      </SubmitButton>
    </form>
  );
}
