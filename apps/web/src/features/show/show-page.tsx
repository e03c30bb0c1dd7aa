import { useParams } from 'react-router-dom';
import type { ShowAddressInput } from './api/use-show-resolution';
import { ResolvedShow } from './resolved-show';
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
  return (
    <ResolvedShow address={address} loading={<ShowPageSkeleton />}>
      {({ show, parent }, reload) => (
        <LandingReloadContext.Provider value={reload}>
          {/* Keyed by show so that moving to another show starts with nothing chosen. */}
          <LandingView key={show._id} show={show} parent={parent} parts={parts} />
        </LandingReloadContext.Provider>
      )}
    </ResolvedShow>
  );
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
