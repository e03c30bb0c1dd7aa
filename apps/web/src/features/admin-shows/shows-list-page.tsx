import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SHOW_STATUSES } from '@taquilla/contract';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { useApiQuery } from '../../api/use-api-query';
import { ConsoleTable } from '../../components/console/console-table-box';
import { ConsolePage } from '../../components/console/console-page';
import { consoleTexts } from '../../components/console/console-texts';
import { Pager } from '../../components/console/pager';
import { ShowStatusTag } from '../../components/console/show-status-tag';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { adminShowsTexts } from './admin-shows.texts';
import { formatShowDate } from './editor/zoned-input';
import './admin-shows.css';

const t = adminShowsTexts.list;
export const SHOWS_PAGE_SIZE = 25;

const TAB_LINKS = [
  { to: 'tickets', label: consoleTexts.showTabs.tickets },
  { to: 'map', label: consoleTexts.showTabs.map },
  { to: 'access-codes', label: consoleTexts.showTabs.accessCodes },
  { to: 'live', label: consoleTexts.showTabs.live },
  { to: 'report', label: consoleTexts.showTabs.report },
] as const;

/**
 * /admin/shows: the caller's shows in every status (a producer's own, an admin's all),
 * filtered by status and a search on name or venue, paginated by the server. The
 * filters live in the address, so a reload or "back" keeps them.
 */
export function ShowsListPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const shows = useApiQuery(adminEndpoints.listShows, {
    query: {
      ...(status ? { status } : {}),
      ...(q ? { q } : {}),
      page: String(page),
      page_size: String(SHOWS_PAGE_SIZE),
    },
  });

  const update = (next: { status?: string; q?: string; page?: number }) => {
    const merged = { status, q, page: 1, ...next };
    const query = new URLSearchParams();
    if (merged.status) query.set('status', merged.status);
    if (merged.q) query.set('q', merged.q);
    if (merged.page > 1) query.set('page', String(merged.page));
    setParams(query);
  };

  return (
    <ConsolePage
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <Link className="button button--primary" to="/admin/shows/new">
          {t.newShow}
        </Link>
      }
    >
      <form
        className="console-filters"
        role="search"
        aria-label={t.filters}
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: search.trim() });
        }}
      >
        <SelectField
          label={t.status}
          value={status}
          options={[
            { value: '', label: t.anyStatus },
            ...SHOW_STATUSES.map((value) => ({ value, label: consoleTexts.showStatus[value] })),
          ]}
          onChange={(event) => update({ status: event.target.value })}
        />
        <TextField
          type="search"
          label={t.search}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          {t.searchButton}
        </button>
      </form>

      {shows.status === 'loading' && <LoadingSkeleton label={consoleTexts.loading} />}
      {shows.status === 'error' && (
        <LoadError message={shows.error.message} onRetry={shows.retry} />
      )}
      {shows.status === 'success' && (
        <>
          {shows.data.items.length === 0 ? (
            <p className="console-empty">{t.empty}</p>
          ) : (
            <ConsoleTable
              label={t.tableLabel}
              columns={[
                { label: t.columns.name },
                { label: t.columns.date },
                { label: t.columns.venue },
                { label: t.columns.status },
                { label: t.columns.links },
              ]}
            >
              {shows.data.items.map((show) => (
                <ShowRow key={show._id} show={show} />
              ))}
            </ConsoleTable>
          )}
          <Pager info={shows.data} onPage={(next) => update({ page: next })} />
        </>
      )}
    </ConsolePage>
  );
}

function ShowRow({ show }: { show: AdminShow }) {
  return (
    <tr>
      <td>
        <Link to={`/admin/shows/${show._id}`}>
          <strong>{show.fullname}</strong>
        </Link>
        {show.parent_show_uid && <span className="shows-list__note">{t.childDate}</span>}
      </td>
      <td>{formatShowDate(show.show_date, show.timezone)}</td>
      <td>{show.venue}</td>
      <td>
        <ShowStatusTag status={show.status} />
      </td>
      <td>
        <ul className="shows-list__tabs">
          {TAB_LINKS.map((tab) => (
            <li key={tab.to}>
              <Link
                to={`/admin/shows/${show._id}/${tab.to}`}
                aria-label={`${tab.label}: ${show.fullname}`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
