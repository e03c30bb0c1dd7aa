import { Link } from 'react-router-dom';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';
import { ShowStatusTag } from '../../../components/console/show-status-tag';
import { LoadError } from '../../../components/load-error';
import { landingTexts } from './landing.texts';

const t = landingTexts.children;

/** The children listed, as the dates group lists them. */
const CHILDREN_SHOWN = '100';

/**
 * A channel-like page (channel, series, podcast, artist, festival, lineup) lists the
 * shows whose parent is this show: listed here, each opening its own editor, with a
 * link that creates one inside this show (`/admin/shows/new?parent=`).
 */
export function LandingChildren({ show }: { show: AdminShow | null }) {
  return (
    <fieldset className="settings-options">
      <legend className="settings-options__legend">{t.legend}</legend>
      <p className="settings-group__note">{t.note}</p>
      {show ? <ChildList show={show} /> : <p className="settings-group__note">{t.needsSave}</p>}
    </fieldset>
  );
}

function ChildList({ show }: { show: AdminShow }) {
  const children = useApiQuery(adminEndpoints.listShows, {
    query: { parent: show._id, page_size: CHILDREN_SHOWN },
  });
  return (
    <>
      {children.status === 'error' && (
        <LoadError message={children.error.message} onRetry={children.retry} />
      )}
      {children.status === 'success' &&
        (children.data.items.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul className="show-dates" aria-label={t.listLabel}>
            {children.data.items.map((child) => (
              <li key={child._id}>
                <Link to={`/admin/shows/${child._id}`} aria-label={t.open(child.fullname)}>
                  {child.fullname}
                </Link>{' '}
                <ShowStatusTag status={child.status} />
              </li>
            ))}
          </ul>
        ))}
      {show.parent_show_uid ? (
        <p className="settings-group__note">{t.isChild}</p>
      ) : (
        <p>
          <Link className="button button--secondary" to={`/admin/shows/new?parent=${show._id}`}>
            {t.create}
          </Link>
        </p>
      )}
    </>
  );
}
