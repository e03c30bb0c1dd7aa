import { Navigate, useLocation, useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { NotFoundView } from '../../components/not-found-view';
import { es } from '../../i18n/es';
import { useShowResolution } from './api/use-show-resolution';
import type { ShowAddressInput } from './api/use-show-resolution';
import { ShowPageSkeleton } from './show-page-skeleton';
import { LandingView } from './templates';
import { LandingReloadContext } from './templates/landing-reload';
import type { ShowPageParts } from './templates/template-types';
import './show.css';

type PageProps = { parts: ShowPageParts };

/**
 * A show's page at any of its addresses: its template (decision 0036), or where the
 * address leads instead (keeping the query string), or the not-found view.
 */
function ResolvedShowPage({ address, parts }: PageProps & { address: ShowAddressInput }) {
  const resolution = useShowResolution(address);
  const { search } = useLocation();

  switch (resolution.status) {
    case 'loading':
      return <ShowPageSkeleton />;
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
      return <Navigate to={`${resolution.to}${search}`} replace />;
    case 'ready':
      return (
        <LandingReloadContext.Provider value={resolution.reload}>
          {/* Keyed by show so that moving to another show starts with nothing chosen. */}
          <LandingView
            key={resolution.show._id}
            show={resolution.show}
            parent={resolution.parent}
            parts={parts}
          />
        </LandingReloadContext.Provider>
      );
  }
}

/**
 * /shows/:id, by `_id` or vanity path. A show with a vanity path goes there, a child
 * date to its parent's page (000 §2, 002 §2.2). `parts` are the sale forms and the
 * "Activar Código" modal the route table composes in.
 */
export function ShowPage({ parts }: PageProps) {
  const { id = '' } = useParams();
  return <ResolvedShowPage address={{ id }} parts={parts} />;
}

/**
 * /:path and /:path/:sub (002 §2.2): a show's vanity path, or a festival's film. App
 * routes rank before these (static segments first), so a path never shadows a page; an
 * unknown path is the not-found view.
 */
export function VanityPage({ parts }: PageProps) {
  const { path = '', sub } = useParams();
  return <ResolvedShowPage address={sub === undefined ? { path } : { path, sub }} parts={parts} />;
}
