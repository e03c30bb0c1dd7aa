import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@taquilla/contract';
import { accountEndpoints } from '@taquilla/contract/plain';
import { canSubmitPasswordReset, isPasswordConfirmationWrong } from '@taquilla/domain';
import { apiCall, isApiError } from '../../api/client';
import { fieldErrors } from '../../components/form/field-errors';
import { FormAlert } from '../../components/form/form-alert';
import { PasswordField } from '../../components/form/password-field';
import { SubmitButton } from '../../components/form/submit-button';
import { FormPage } from '../../components/layout/form-page';
import { es } from '../../i18n/es';

type Failure = { detail?: string; passwordError?: string; canRequestAgain: boolean };

function resetFailure(error: unknown): Failure {
  if (!isApiError(error)) return { canRequestAgain: false };
  if (error.status === 422) {
    const { password } = fieldErrors(error.fields);
    // A refused token (too short, say) is a bad link, not a bad password.
    return password
      ? { passwordError: password, canRequestAgain: false }
      : { canRequestAgain: true };
  }
  if (error.error === 'RESET_TOKEN_INVALID')
    return { detail: error.message, canRequestAgain: true };
  if (error.status === 429) return { detail: error.message, canRequestAgain: false };
  return { canRequestAgain: false };
}

/** /password/reset/:token (002 §2.5): the new password twice; success goes to /login?pwdreset=1. */
export function PasswordResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const canSubmit = canSubmitPasswordReset(password, confirmation) && !isBusy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setIsBusy(true);
    setFailure(null);
    try {
      await apiCall(accountEndpoints.resetPassword, { body: { token, password } });
      navigate('/login?pwdreset=1', { replace: true });
    } catch (error) {
      setFailure(resetFailure(error));
      setIsBusy(false);
    }
  }

  return (
    <FormPage title={es.passwordReset.title}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="form-page__text">{es.passwordReset.intro}</p>
        <PasswordField
          label={es.passwordReset.password}
          autoComplete="new-password"
          value={password}
          hint={es.signup.passwordHint(PASSWORD_MIN_LENGTH)}
          error={failure?.passwordError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label={es.passwordReset.passwordConfirmation}
          autoComplete="new-password"
          value={confirmation}
          error={
            isPasswordConfirmationWrong(password, confirmation) ? es.signup.passwordMismatch : null
          }
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {failure && (
          <FormAlert>
            <p>
              <strong>{es.passwordReset.failed}</strong>
              {failure.detail && ` ${failure.detail}`}
            </p>
            {failure.canRequestAgain && (
              <p>
                <Link to="/password/recover">{es.passwordReset.requestAgain}</Link>
              </p>
            )}
          </FormAlert>
        )}
        <SubmitButton disabled={!canSubmit} isBusy={isBusy} busyLabel={es.passwordReset.submitting}>
          {es.passwordReset.submit}
        </SubmitButton>
      </form>
    </FormPage>
  );
}
