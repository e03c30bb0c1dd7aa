import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { accountEndpoints } from '@taquilla/contract/plain';
import { apiCall, isApiError } from '../../api/client';
import { FormAlert } from '../../components/form/form-alert';
import { FormPage } from '../../components/layout/form-page';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';

type Verification = 'verifying' | 'verified' | 'failed';

/** Verified, or why not: the server's message when it asks to wait (429), else null. */
type Answer = { isVerified: true } | { isVerified: false; message: string | null };

/*
 * A token works once, so it is sent once per page load: React's development double
 * mount (and a remount) reuse the same answer instead of spending the token twice and
 * showing the second, failed answer.
 */
const verifications = new Map<string, Promise<Answer>>();

function verifyOnce(token: string): Promise<Answer> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = apiCall(accountEndpoints.verifyEmail, { params: { token } }).then(
      (): Answer => ({ isVerified: true }),
      (err: unknown): Answer => ({
        isVerified: false,
        message: isApiError(err) && err.status === 429 ? err.message : null,
      }),
    );
    verifications.set(token, verification);
  }
  return verification;
}

/** /email/verify/:token (002 §2.5): loading, then success or failure. */
export function EmailVerifyPage() {
  const { token = '' } = useParams();
  const { status } = useSession();
  const [result, setResult] = useState<{
    token: string;
    verification: Verification;
    message: string | null;
  }>({ token, verification: 'verifying', message: null });
  const verification = result.token === token ? result.verification : 'verifying';

  useEffect(() => {
    let isCurrent = true;
    void verifyOnce(token).then((answer) => {
      if (!isCurrent) return;
      setResult(
        answer.isVerified
          ? { token, verification: 'verified', message: null }
          : { token, verification: 'failed', message: answer.message },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [token]);

  return (
    <FormPage title={es.emailVerify.title}>
      {verification === 'verifying' && (
        <p className="form-page__text" role="status">
          {es.emailVerify.verifying}
        </p>
      )}
      {verification === 'verified' && (
        <FormAlert tone="success">
          <p>{es.emailVerify.verified}</p>
        </FormAlert>
      )}
      {verification === 'failed' && (
        <FormAlert>
          <p>{result.message ?? es.emailVerify.failed}</p>
        </FormAlert>
      )}
      {verification !== 'verifying' &&
        (status === 'anonymous' ? (
          <Link to="/login" className="button button--primary form__submit">
            {es.emailVerify.logIn}
          </Link>
        ) : (
          <Link to="/" className="button button--secondary form__submit">
            {es.emailVerify.goToEvents}
          </Link>
        ))}
    </FormPage>
  );
}

/** Forgets the tokens sent so far; tests call it between cases. */
export function forgetEmailVerifications(): void {
  verifications.clear();
}
