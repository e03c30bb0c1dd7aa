import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { LoadError } from '../../components/load-error';
import { NotFoundView } from '../../components/not-found-view';
import { es } from '../../i18n/es';
import { useShowResolution } from './api/use-show-resolution';
import type { ShowAddressInput } from './api/use-show-resolution';

/**
 * What a show's address comes to, drawn (decision 0036): `loading` while it is read, the
 * not-found view, a failure with its retry, a redirect to `redirectTo(to)` keeping the
 * query string, or `children` with the show (and a film's festival) once it is there.
 * `reload` reads the address again from scratch. Serves the show page and the player.
 */
export function ResolvedShow({
  address,
  loading,
  redirectTo = (to) => to,
  children,
}: {
  address: ShowAddressInput;
  loading: ReactNode;
  redirectTo?: (to: string) => string;
  children: (ready: { show: Show; parent: Show | null }, reload: () => void) => ReactNode;
}) {
  const resolution = useShowResolution(address);
  const { search } = useLocation();

  switch (resolution.status) {
    case 'loading':
      return loading;
    case 'notFound':
      return <NotFoundView />;
    case 'error':
      return (
        <div className="page">
          <h1 className="visually-hidden">{es.showPage.loadingTitle}</h1>
          <LoadError message={resolution.error.message} onRetry={resolution.reload} />
        </div>
      );
    case 'redirect':
      return <Navigate to={`${redirectTo(resolution.to)}${search}`} replace />;
    case 'ready':
      return children(resolution, resolution.reload);
  }
}
