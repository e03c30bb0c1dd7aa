import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { Role } from '@taquilla/contract';
import { safeRedirectPath } from '@taquilla/domain';
import { isApiError } from '../../api/client';
import { FormAlert } from '../../components/form/form-alert';
import { PasswordField } from '../../components/form/password-field';
import { SelectField } from '../../components/form/select-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { FormPage } from '../../components/layout/form-page';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { adminShellTexts } from './admin-shell.texts';
import { isOrganiserRole } from './require-organiser';

const t = adminShellTexts.login;

/**
 * /admin/login: the organisers' door to the console. The same `POST /auth/login` as
 * buyers, acting as Producer or Admin; a 409 (another live session) offers to close it.
 * `redirect` brings the organiser back to the console page that sent them here.
 */
export function ConsoleLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, session, login } = useSession();
  const redirect = safeRedirectPath(params.get('redirect')) ?? '/admin';
  const target = redirect.startsWith('/admin') ? redirect : '/admin';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('Producer');
  const [error, setError] = useState<string | null>(null);
  const [hasOtherSession, setOtherSession] = useState(false);
  const [isBusy, setBusy] = useState(false);

  if (status === 'authenticated' && isOrganiserRole(session?.role)) {
    return <Navigate to={target} replace />;
  }

  const submit = async (forceLogin: boolean) => {
    if (email.trim() === '' || password === '') {
      setError(t.missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login({ email, password, role, forceLogin });
      navigate(target, { replace: true });
    } catch (cause) {
      const conflict = isApiError(cause) && cause.status === 409;
      setOtherSession(conflict);
      setError(
        conflict ? t.otherSession : isApiError(cause) ? cause.message : es.errors.unexpected,
      );
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <FormPage title={t.title}>
      <p>{t.intro}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t.email}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label={t.password}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SelectField
          label={t.role}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          options={[
            { value: 'Producer', label: adminShellTexts.roleProducer },
            { value: 'Admin', label: adminShellTexts.roleAdmin },
          ]}
        />
        {error && <FormAlert>{error}</FormAlert>}
        {hasOtherSession && (
          <button
            type="button"
            className="button button--secondary"
            disabled={isBusy}
            onClick={() => void submit(true)}
          >
            {t.forceLogin}
          </button>
        )}
        <SubmitButton disabled={false} isBusy={isBusy} busyLabel={t.busy}>
          {t.submit}
        </SubmitButton>
      </form>
    </FormPage>
  );
}
