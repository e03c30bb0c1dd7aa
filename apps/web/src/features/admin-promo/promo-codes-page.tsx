import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminEndpoints, adminPromoCodeEndpoints } from '@taquilla/contract/plain';
import type { AdminPromoCode } from '@taquilla/contract';
import { ConsolePage } from '../../components/console/console-page';
import { Pager } from '../../components/console/pager';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useApiQuery } from '../../api/use-api-query';
import { adminPromoTexts as t } from './admin-promo.texts';
import { discountLabel, validityLabel } from './promo-code-form';
import './admin-promo.css';
import { ConsoleTable } from '../../components/console/console-table-box';

const PAGE_SIZE = 25;

const ACTIVE_OPTIONS = [
  { value: '', label: t.list.any },
  { value: 'true', label: t.list.onlyActive },
  { value: 'false', label: t.list.onlyInactive },
];

/** The URL's filters (`?q=VERANO&active=true&page=2`): a link reproduces the view. */
function filtersOf(params: URLSearchParams) {
  const active = params.get('active');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    active: active === 'true' || active === 'false' ? active : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function searchOf(filters: { q: string; active: string; page: number }) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.active) params.set('active', filters.active);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** /admin/promo-codes: the caller's codes by pages, with uses, uses left and validity. */
export function PromoCodesPage() {
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [q, setQ] = useState(applied.q);
  const [active, setActive] = useState(applied.active);
  const codes = useApiQuery(adminPromoCodeEndpoints.listPromoCodes, {
    query: {
      ...(applied.q ? { q: applied.q } : {}),
      ...(applied.active ? { active: applied.active as 'true' | 'false' } : {}),
      page: String(applied.page),
      page_size: String(PAGE_SIZE),
    },
  });
  const shows = useApiQuery(adminEndpoints.listShows, { query: { page_size: '500' } });
  const showNames = new Map(
    shows.status === 'success' ? shows.data.items.map((show) => [show._id, show.fullname]) : [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(searchOf({ q: q.trim(), active, page: 1 }));
  };

  return (
    <ConsolePage
      title={t.list.title}
      subtitle={t.list.subtitle}
      actions={
        <Link className="button button--primary" to="/admin/promo-codes/new">
          {t.list.create}
        </Link>
      }
    >
      <form className="console-filters" aria-label={t.list.filters} onSubmit={submit}>
        <TextField
          label={t.list.search}
          type="search"
          value={q}
          maxLength={100}
          onChange={(event) => setQ(event.target.value)}
        />
        <SelectField
          label={t.list.active}
          options={ACTIVE_OPTIONS}
          value={active}
          onChange={(event) => setActive(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          {t.list.apply}
        </button>
      </form>
      {codes.status === 'loading' && <LoadingSkeleton label={t.loading} />}
      {codes.status === 'error' && (
        <LoadError message={codes.error.message} onRetry={codes.retry} />
      )}
      {codes.status === 'success' && (
        <>
          <PromoTable items={codes.data.items} showNames={showNames} />
          <Pager info={codes.data} onPage={(page) => setParams(searchOf({ ...applied, page }))} />
        </>
      )}
    </ConsolePage>
  );
}

function showsLabel(ids: string[], names: Map<string, string>) {
  if (ids.length === 0) return t.list.allShows;
  const known = ids.map((id) => names.get(id)).filter((name): name is string => Boolean(name));
  return known.length === ids.length && ids.length <= 2
    ? known.join(', ')
    : t.list.showCount(ids.length);
}

function PromoTable({
  items,
  showNames,
}: {
  items: AdminPromoCode[];
  showNames: Map<string, string>;
}) {
  if (items.length === 0) return <p className="console-empty">{t.list.empty}</p>;
  const c = t.list.columns;
  return (
    <ConsoleTable
      label={t.list.table}
      columns={[
        { label: c.code },
        { label: c.discount },
        { label: c.shows },
        { label: c.used, numeric: true },
        { label: c.left, numeric: true },
        { label: c.validity },
        { label: c.status },
      ]}
    >
      {items.map((code) => (
        <tr key={code._id}>
          <td>
            <Link
              to={`/admin/promo-codes/${code._id}`}
              aria-label={t.list.open(code.code)}
              className="promo-code"
            >
              {code.code}
            </Link>
          </td>
          <td className="promo-nowrap">{discountLabel(code)}</td>
          <td>{showsLabel(code.show_uids, showNames)}</td>
          <td className="numeric">{code.used_count}</td>
          <td className="numeric">{code.uses_left ?? t.list.unlimited}</td>
          <td>{validityLabel(code)}</td>
          <td>
            <span
              className={`status-tag ${code.active ? 'promo-status--active' : 'promo-status--inactive'}`}
            >
              {code.active ? t.list.isActive : t.list.isInactive}
            </span>
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
