import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeRedirectPath } from '@taquilla/domain';
import { FormPage } from '../../components/layout/form-page';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { LoginPanel } from './login-panel';
import type { LoginPanelMode } from './login-panel';

/**
 * /login (002 §2.3). `redirect` is where to go once logged in (only a path of this site);
 * `mode=signup` opens the signup mode (the player sends visitors of free shows that way);
 * `email` prefills the e-mail (the order page's login prompt, 000 §2); `pwdreset=1`
 * confirms a password reset. A logged-in person goes straight on.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const { status } = useSession();
  const toast = useToast();
  const redirect = safeRedirectPath(params.get('redirect'));
  const [mode, setMode] = useState<LoginPanelMode>(
    params.get('mode') === 'signup' ? 'signup' : 'login',
  );
  const isAfterPasswordReset = params.get('pwdreset') === '1';

  useEffect(() => {
    if (isAfterPasswordReset) toast.success(es.login.passwordReset);
  }, [isAfterPasswordReset, toast]);

  if (status === 'authenticated') return <Navigate to={redirect ?? '/'} replace />;

  const title = mode === 'login' ? es.login.title : es.login.signupTitle;
  return (
    <FormPage title={title}>
      <LoginPanel
        initialMode={mode}
        initialEmail={params.get('email') ?? ''}
        redirect={redirect}
        onModeChange={setMode}
      />
    </FormPage>
  );
}
