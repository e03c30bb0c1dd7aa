import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { accountEndpoints } from '@taquilla/contract';
import { apiCall } from '../../api/client';
import { FormAlert } from '../../components/form/form-alert';
import { FormPage } from '../../components/layout/form-page';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';

type Verification = 'verifying' | 'verified' | 'failed';

/*
 * A token works once, so it is sent once per page load: React's development double
 * mount (and a remount) reuse the same answer instead of spending the token twice and
 * showing the second, failed answer.
 */
const verifications = new Map<string, Promise<boolean>>();

function verifyOnce(token: string): Promise<boolean> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = apiCall(accountEndpoints.verifyEmail, { params: { token } }).then(
      () => true,
      () => false,
    );
    verifications.set(token, verification);
  }
  return verification;
}

/** /email/verify/:token (002 §2.5): loading, then success or failure. */
export function EmailVerifyPage() {
  const { token = '' } = useParams();
  const { status } = useSession();
  const [result, setResult] = useState<{ token: string; verification: Verification }>({
    token,
    verification: 'verifying',
  });
  const verification = result.token === token ? result.verification : 'verifying';

  useEffect(() => {
    let isCurrent = true;
    void verifyOnce(token).then((isVerified) => {
      if (isCurrent) setResult({ token, verification: isVerified ? 'verified' : 'failed' });
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
          <p>{es.emailVerify.failed}</p>
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
