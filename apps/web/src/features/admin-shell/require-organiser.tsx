import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { ORGANISER_ROLES } from '@taquilla/contract/plain';
import type { Role } from '@taquilla/contract';
import { RouteLoading } from '../../components/route-loading';
import { useSession } from '../../session/session-context';
import { adminShellTexts as t } from './admin-shell.texts';

export function isOrganiserRole(role: Role | undefined): boolean {
  return role !== undefined && (ORGANISER_ROLES as readonly Role[]).includes(role);
}

/**
 * The guard of every console route: a visitor goes to the console's login (and comes
 * back); a session acting as a Viewer never sees the console — it is told so, with the
 * way to log in as an organiser if the account is one. The API refuses it anyway (403).
 */
export function RequireOrganiser() {
  const { status, session, user } = useSession();
  const location = useLocation();

  if (status === 'loading') return <RouteLoading label={t.checking} />;
  if (status === 'anonymous') {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/admin/login?redirect=${back}`} replace />;
  }
  if (!isOrganiserRole(session?.role)) {
    const canSwitch = user?.roles.some((role) => isOrganiserRole(role)) ?? false;
    return (
      <div className="message-page" role="alert">
        <h1 className="message-page__title">{t.forbiddenTitle}</h1>
        <p>{canSwitch ? t.switchRole : t.forbidden}</p>
        {canSwitch ? (
          <Link className="button button--primary" to="/admin/login">
            {t.loginAsOrganiser}
          </Link>
        ) : (
          <Link className="button button--secondary" to="/">
            {t.backHome}
          </Link>
        )}
      </div>
    );
  }
  return <Outlet />;
}
