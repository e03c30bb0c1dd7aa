import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminAuditEndpoints } from '@taquilla/contract/plain';
import type { AdminAuditLogQuery } from '@taquilla/contract';
import { useApiQuery } from '../../api/use-api-query';
import { ConsolePage } from '../../components/console/console-page';
import { Pager } from '../../components/console/pager';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { adminAccountsTexts as t } from './admin-accounts.texts';
import './admin-accounts.css';
import { AdminOnly } from './admin-only';
import { AuditTable } from './audit-table';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['entity_type', 'entity_id', 'action', 'actor', 'from', 'to'] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;
const EMPTY: Filters = { entity_type: '', entity_id: '', action: '', actor: '', from: '', to: '' };
const ENTITY_OPTIONS = [
  { value: '', label: t.audit.anyEntity },
  ...Object.entries(t.entityTypes).map(([value, label]) => ({ value, label })),
];

function filtersFrom(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Filters;
}

/** /admin/audit (Admin only): the audit log, filtered in the URL, by server pages. */
export function AuditLogPage() {
  return (
    <AdminOnly title={t.audit.title}>
      <AuditLog />
    </AdminOnly>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const [draftKey, setDraftKey] = useState(params.toString());
  const [dateError, setDateError] = useState(false);
  // A link or Back changes the URL under the form: the form follows it.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft(applied);
  }
  const query: Partial<Record<keyof AdminAuditLogQuery, string>> = {
    page: String(page),
    page_size: String(PAGE_SIZE),
  };
  for (const key of FILTER_KEYS) if (applied[key]) query[key] = applied[key];
  const log = useApiQuery(adminAuditEndpoints.listAuditLog, { query });

  const go = (next: Filters, nextPage = 1) => {
    const search: Record<string, string> = {};
    for (const key of FILTER_KEYS) if (next[key].trim()) search[key] = next[key].trim();
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badDates = draft.from !== '' && draft.to !== '' && draft.to < draft.from;
    setDateError(badDates);
    if (!badDates) go(draft);
  };
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });
  const a = t.audit;

  return (
    <ConsolePage title={a.title} subtitle={a.subtitle}>
      <form className="console-filters" aria-label={a.filters} onSubmit={submit}>
        <SelectField label={a.entityType} options={ENTITY_OPTIONS} {...field('entity_type')} />
        <TextField label={a.entityId} maxLength={200} {...field('entity_id')} />
        <TextField label={a.action} hint={a.actionHint} maxLength={80} {...field('action')} />
        <TextField label={a.actor} hint={a.actorHint} maxLength={120} {...field('actor')} />
        <TextField label={a.from} type="date" {...field('from')} />
        <TextField
          label={a.to}
          type="date"
          error={dateError ? a.badDates : null}
          {...field('to')}
        />
        <div className="console-filters__buttons">
          <button type="submit" className="button button--primary">
            {a.apply}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDateError(false);
              go(EMPTY);
            }}
          >
            {a.clear}
          </button>
        </div>
      </form>
      {log.status === 'loading' && <LoadingSkeleton label={a.loading} />}
      {log.status === 'error' && <LoadError message={log.error.message} onRetry={log.retry} />}
      {log.status === 'success' && (
        <>
          <AuditTable items={log.data.items} />
          <Pager info={log.data} onPage={(next) => go(applied, next)} />
        </>
      )}
    </ConsolePage>
  );
}
