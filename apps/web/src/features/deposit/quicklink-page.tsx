import { Navigate, useParams } from 'react-router-dom';
import { endpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../api/use-api-query';
import { LoadError } from '../../components/load-error';
import { NotFoundView } from '../../components/not-found-view';
import { RouteLoading } from '../../components/route-loading';
import { formatShowDate } from '../../components/shows/show-presentation';
import { es } from '../../i18n/es';
import { DepositForm } from './deposit-form';
import { esDeposit } from './es-deposit';

/**
 * /shows/:id/quicklink (002 §2.1): the deposit form alone, for the link an organiser
 * shares. A función is sold from its parent's form (000 §2).
 */
export function QuicklinkPage() {
  const { id = '' } = useParams();
  const show = useApiQuery(endpoints.getShow, { params: { id } });

  if (show.status === 'loading') {
    return <RouteLoading label={es.status.loading} />;
  }
  if (show.status === 'error') {
    if (show.error.status === 404) return <NotFoundView />;
    return (
      <div className="page">
        <LoadError message={show.error.message} onRetry={show.retry} />
      </div>
    );
  }
  const { data } = show;
  if (data.settings.is_show_date && data.parent_show_uid) {
    return <Navigate to={`/shows/${encodeURIComponent(data.parent_show_uid)}/quicklink`} replace />;
  }
  return (
    <section className="page quicklink-page">
      <title>{es.documentTitle(esDeposit.pageTitle(data.fullname))}</title>
      <header className="quicklink-page__header">
        <p className="quicklink-page__kicker">{esDeposit.title}</p>
        <h1 className="quicklink-page__title">{data.fullname}</h1>
        <p className="quicklink-page__meta">
          {[formatShowDate(data), data.venue].filter(Boolean).join(' · ')}
        </p>
        <p className="quicklink-page__intro">{esDeposit.intro}</p>
      </header>
      <DepositForm key={data._id} show={data} />
    </section>
  );
}
