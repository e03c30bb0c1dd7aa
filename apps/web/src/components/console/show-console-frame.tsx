import { useState } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { useApiQuery } from '../../api/use-api-query';
import { LoadError } from '../load-error';
import { LoadingSkeleton } from '../loading-skeleton';
import { ConsolePage } from './console-page';
import { consoleTexts } from './console-texts';
import { ShowStatusTag } from './show-status-tag';

const TABS = [
  { to: '', label: consoleTexts.showTabs.general, end: true },
  { to: 'tickets', label: consoleTexts.showTabs.tickets },
  { to: 'map', label: consoleTexts.showTabs.map },
  { to: 'access-codes', label: consoleTexts.showTabs.accessCodes },
  { to: 'live', label: consoleTexts.showTabs.live },
  { to: 'report', label: consoleTexts.showTabs.report },
] as const;

/** The tabs of one show's console pages (/admin/shows/:id/…). */
export function ShowTabs({ showId }: { showId: string }) {
  return (
    <nav className="console-tabs" aria-label={consoleTexts.showTabs.label}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={`/admin/shows/${showId}${tab.to ? `/${tab.to}` : ''}`}
              end={'end' in tab ? tab.end : false}
              className="console-tabs__link"
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The frame of every page about one show: loads it (`GET /admin/shows/{id}`; another
 * producer's show is a 404 like any unknown id), titles the page "<name> · <section>",
 * shows its status and the tabs, then renders `children(show, reload)`.
 */
export function ShowConsoleFrame({
  section,
  actions,
  children,
}: {
  /** The tab's name, in the title ("Boletos"). */
  section: string;
  actions?: (show: AdminShow) => ReactNode;
  children: (show: AdminShow, reload: () => void) => ReactNode;
}) {
  const { id = '' } = useParams();
  const show = useApiQuery(adminEndpoints.getShow, { params: { id } });
  // A reload (after a status change) keeps the page mounted on the show it had: the
  // live room's chat and a half-filled form must not vanish while the show is read again.
  const [last, setLast] = useState<AdminShow | null>(null);
  if (show.status === 'success' && show.data !== last) setLast(show.data);
  const current = show.status === 'success' ? show.data : last?._id === id ? last : null;

  if (current === null && show.status === 'loading') {
    return (
      <ConsolePage title={section}>
        <LoadingSkeleton label={consoleTexts.loading} />
      </ConsolePage>
    );
  }
  if (current === null && show.status === 'error') {
    return (
      <ConsolePage title={section}>
        <LoadError message={show.error.message} onRetry={show.retry} />
      </ConsolePage>
    );
  }
  if (current === null) return null;
  const data = current;
  return (
    <ConsolePage
      title={`${data.fullname} · ${section}`}
      subtitle={<ShowStatusTag status={data.status} />}
      actions={actions?.(data)}
    >
      <ShowTabs showId={data._id} />
      {children(data, show.retry)}
    </ConsolePage>
  );
}
