import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginPath } from '@taquilla/domain';
import { RouteLoading } from '../../components/route-loading';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';

/**
 * The guard of login-required routes (002 §2.1): a visitor goes to
 * /login?redirect=<the original path and query>; the page waits while start-up is
 * still asking the server who is logged in.
 */
export function RequireLogin() {
  const { status } = useSession();
  const location = useLocation();

  if (status === 'loading') {
    return <RouteLoading label={es.status.loading} />;
  }
  if (status === 'anonymous') {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}
