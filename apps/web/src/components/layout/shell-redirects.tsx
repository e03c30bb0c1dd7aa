import { Navigate, useLocation, useParams } from 'react-router-dom';
import { ORGANISER_ROLES } from '@taquilla/contract/plain';
import type { Role } from '@taquilla/contract';
import { useSession } from '../../session/session-context';
import { RouteLoading } from '../route-loading';

/**
 * /shows/{id}/play (002 §2.1 "Play"): the show's player, with the query string kept
 * (`?code=`, `?activated=1`). The player route sends a show with a vanity path on to
 * /{path}/player itself.
 */
export function PlayRedirect() {
  const { id = '' } = useParams();
  const { search, hash } = useLocation();
  return (
    <Navigate replace to={{ pathname: `/shows/${encodeURIComponent(id)}/player`, search, hash }} />
  );
}

const isOrganiser = (role: Role | undefined) =>
  role !== undefined && (ORGANISER_ROLES as readonly Role[]).includes(role);

/**
 * /shows/new (002 §2.1, the leftover new-show form): a session acting as an organiser
 * (Producer or Admin, as the console decides) creates shows in the console; anyone else
 * goes home.
 */
export function NewShowRedirect() {
  const { status, session } = useSession();
  if (status === 'loading') return <RouteLoading />;
  return <Navigate replace to={isOrganiser(session?.role) ? '/admin/shows/new' : '/'} />;
}
