import { Link } from 'react-router-dom';
import { adminEndpoints, adminOrderEndpoints } from '@taquilla/contract/plain';
import { ConsolePage, ConsoleSection } from '../../components/console/console-page';
import { ShowStatusTag } from '../../components/console/show-status-tag';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useApiQuery } from '../../api/use-api-query';
import { adminShellTexts } from './admin-shell.texts';

const t = adminShellTexts.home;
const UPCOMING_SHOWN = 6;

/** /admin: the deposits waiting for a decision and the shows on sale or on air now. */
export function ConsoleHomePage() {
  const deposits = useApiQuery(adminOrderEndpoints.listOrders, {
    query: { status: 'WAITING_CONFIRMATION', page_size: '1' },
  });
  const shows = useApiQuery(adminEndpoints.listShows, {
    query: { status: 'SOON,ACTIVE,STARTED,LIVE', page_size: String(UPCOMING_SHOWN) },
  });

  return (
    <ConsolePage
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <>
          <Link className="button button--primary" to="/admin/shows/new">
            {t.newShow}
          </Link>
          <Link className="button button--secondary" to="/admin/door">
            {t.door}
          </Link>
        </>
      }
    >
      <ConsoleSection title={adminShellTexts.home.reviewDeposits}>
        {deposits.status === 'loading' && <LoadingSkeleton label={t.reviewDeposits} />}
        {deposits.status === 'error' && (
          <LoadError message={deposits.error.message} onRetry={deposits.retry} />
        )}
        {deposits.status === 'success' &&
          (deposits.data.total === 0 ? (
            <p>{t.noDeposits}</p>
          ) : (
            <p>
              <Link to="/admin/orders/deposits">{t.deposits(deposits.data.total)}</Link>
            </p>
          ))}
      </ConsoleSection>
      <ConsoleSection title={t.upcoming} actions={<Link to="/admin/shows">{t.allShows}</Link>}>
        {shows.status === 'loading' && <LoadingSkeleton label={t.upcoming} />}
        {shows.status === 'error' && (
          <LoadError message={shows.error.message} onRetry={shows.retry} />
        )}
        {shows.status === 'success' &&
          (shows.data.items.length === 0 ? (
            <p>{t.noUpcoming}</p>
          ) : (
            <ul className="console-home__shows">
              {shows.data.items.map((show) => (
                <li key={show._id}>
                  <Link to={`/admin/shows/${show._id}`}>{show.fullname}</Link>{' '}
                  <ShowStatusTag status={show.status} />
                </li>
              ))}
            </ul>
          ))}
      </ConsoleSection>
    </ConsolePage>
  );
}
