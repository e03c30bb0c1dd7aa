import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';

/**
 * "Cerrar sesión": home first, so the account page (login-required) is not left
 * to send the person to /login on its way out; a failure is told by a toast.
 */
export function useLogoutAndLeave(): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(async () => {
    navigate('/');
    try {
      await logout();
    } catch {
      toast.error(es.account.logoutFailed);
    }
  }, [logout, navigate, toast]);
}

/**
 * After a failed account call: a session that is gone (401, 440) is re-read, which logs
 * the person out and lets the guard send them to /login. Answers whether it was that.
 */
export function useSessionLossCheck(): (error: unknown) => boolean {
  const { refresh } = useSession();
  return useCallback(
    (error: unknown) => {
      const isGone = isApiError(error) && (error.status === 401 || error.status === 440);
      if (isGone) void refresh();
      return isGone;
    },
    [refresh],
  );
}
