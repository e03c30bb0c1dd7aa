import { Navigate, useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { NotFoundView } from '../../components/not-found-view';
import { showPath } from '../../components/shows/show-presentation';
import { es } from '../../i18n/es';
import { useShow } from './api/use-show';
import type { SaleForms } from './purchase/sale-forms';
import { ShowDetails } from './show-details';
import './show.css';

/**
 * /shows/:id, by `_id` or vanity path: the show page, or a child date's parent (000 §2).
 * `saleForms` are the deposit and registration forms the route table composes in.
 */
export function ShowPage({ saleForms }: { saleForms: SaleForms }) {
  const { id = '' } = useParams();
  const show = useShow(id);

  if (show.status === 'loading') return <ShowPageSkeleton />;
  if (show.status === 'error') {
    if (show.error.status === 404) return <NotFoundView />;
    return (
      <div className="page">
        <h1 className="visually-hidden">{es.showPage.loadingTitle}</h1>
        <LoadError message={show.error.message} onRetry={show.retry} />
      </div>
    );
  }
  const { data } = show;
  // A función is sold from its parent's page, where the date is chosen.
  if (data.settings.is_show_date && data.parent_show_uid) {
    return <Navigate to={showPath({ _id: data.parent_show_uid })} replace />;
  }
  // Keyed by show so that moving to another show starts with nothing chosen.
  return <ShowDetails key={data._id} show={data} saleForms={saleForms} />;
}

function ShowPageSkeleton() {
  return (
    <div className="page show-page" aria-busy="true">
      <span className="visually-hidden" role="status">
        {es.status.loading}
      </span>
      <div className="show-hero">
        <div className="show-media skeleton" />
        <div className="show-title">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    </div>
  );
}
