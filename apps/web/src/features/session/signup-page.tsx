import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { loginPath, safeRedirectPath } from '@taquilla/domain';
import { FormPage } from '../../components/layout/form-page';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { SignupForm } from './signup-form';

/** /signup (002 §2.4): the simple page, name, e-mail, password and its confirmation. */
export function SignupPage() {
  const [params] = useSearchParams();
  const { status } = useSession();
  const redirect = safeRedirectPath(params.get('redirect'));

  if (status === 'authenticated') return <Navigate to={redirect ?? '/'} replace />;

  return (
    <FormPage title={es.signup.title}>
      <SignupForm asksEmailTwice={false} />
      <p className="form-page__footer">
        {es.login.haveAccount} <Link to={loginPath(redirect)}>{es.login.logIn}</Link>
      </p>
    </FormPage>
  );
}
