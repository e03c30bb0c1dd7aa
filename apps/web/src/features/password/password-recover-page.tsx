import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { accountEndpoints } from '@taquilla/contract/plain';
import { canRequestPasswordReset } from '@taquilla/domain';
import { apiCall, isApiError } from '../../api/client';
import { fieldErrors } from '../../components/form/field-errors';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { FormPage } from '../../components/layout/form-page';
import { es } from '../../i18n/es';

type Failure = { message: string; emailError?: string };

/** 429 keeps the server's words (when to try again); anything else reads as the spec says. */
function requestFailure(error: unknown): Failure {
  if (isApiError(error) && error.status === 429) return { message: error.message };
  if (isApiError(error) && error.status === 422) {
    return { message: es.passwordRecover.failed, emailError: fieldErrors(error.fields).email };
  }
  return { message: es.passwordRecover.failed };
}

/** /password/recover (002 §2.5): an e-mail, then "Solicitud enviada". */
export function PasswordRecoverPage() {
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canRequestPasswordReset(email) || isBusy) return;
    setIsBusy(true);
    setFailure(null);
    try {
      await apiCall(accountEndpoints.requestPasswordReset, { body: { email: email.trim() } });
      setIsSent(true);
    } catch (error) {
      setFailure(requestFailure(error));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <FormPage title={es.passwordRecover.title}>
      {isSent ? (
        <div className="form">
          <FormAlert tone="success">
            <p>
              <strong>{es.passwordRecover.sent}</strong>
            </p>
            <p>{es.passwordRecover.sentDetail}</p>
          </FormAlert>
          <Link to="/login" className="button button--secondary form__submit">
            {es.passwordRecover.backToLogin}
          </Link>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="form-page__text">{es.passwordRecover.intro}</p>
          <TextField
            label={es.passwordRecover.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            error={failure?.emailError}
            onChange={(event) => setEmail(event.target.value)}
          />
          {failure && (
            <FormAlert>
              <p>{failure.message}</p>
            </FormAlert>
          )}
          <SubmitButton
            disabled={!canRequestPasswordReset(email)}
            isBusy={isBusy}
            busyLabel={es.passwordRecover.submitting}
          >
            {es.passwordRecover.submit}
          </SubmitButton>
          <p className="form-page__footer">
            <Link to="/login">{es.passwordRecover.backToLogin}</Link>
          </p>
        </form>
      )}
    </FormPage>
  );
}
