import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { ROLES, adminUserEndpoints } from '@taquilla/contract/plain';
import type { AdminUser } from '@taquilla/contract';
import { useApiQuery } from '../../api/use-api-query';
import { Pager } from '../../components/console/pager';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { adminAccountsTexts as t } from './admin-accounts.texts';
import { ConsoleTable } from '../../components/console/console-table-box';

const PAGE_SIZE = 25;
const ROLE_OPTIONS = [
  { value: '', label: t.users.anyRole },
  ...ROLES.map((role) => ({ value: role, label: t.roles[role] })),
];
const DATE = new Intl.DateTimeFormat('es-GT', {
  dateStyle: 'medium',
  timeZone: 'America/Guatemala',
});

/** Every account, newest first, by server pages; `version` reloads it after a creation. */
export function UsersSection({ version }: { version: number }) {
  const [draft, setDraft] = useState({ q: '', role: '' });
  const [applied, setApplied] = useState({ q: '', role: '', page: 1 });
  const users = useApiQuery(adminUserEndpoints.listUsers, {
    query: {
      ...(applied.q ? { q: applied.q } : {}),
      ...(applied.role ? { role: applied.role as AdminUser['roles'][number] } : {}),
      page: String(applied.page),
      page_size: String(PAGE_SIZE),
    },
  });
  const { retry } = users;
  useEffect(() => {
    if (version > 0) retry();
  }, [version, retry]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ q: draft.q.trim(), role: draft.role, page: 1 });
  };
  return (
    <>
      <form className="console-filters" aria-label={t.users.filters} onSubmit={submit}>
        <TextField
          label={t.users.search}
          type="search"
          hint={t.users.searchHint}
          maxLength={100}
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <SelectField
          label={t.users.role}
          options={ROLE_OPTIONS}
          value={draft.role}
          onChange={(event) => setDraft({ ...draft, role: event.target.value })}
        />
        <div className="console-filters__buttons">
          <button type="submit" className="button button--primary">
            {t.users.apply}
          </button>
        </div>
      </form>
      {users.status === 'loading' && <LoadingSkeleton label={t.accounts.loading} />}
      {users.status === 'error' && <LoadError message={users.error.message} onRetry={retry} />}
      {users.status === 'success' && (
        <>
          <UsersTable items={users.data.items} />
          <Pager info={users.data} onPage={(page) => setApplied({ ...applied, page })} />
        </>
      )}
    </>
  );
}

function UsersTable({ items }: { items: AdminUser[] }) {
  if (items.length === 0) return <p className="console-empty">{t.users.empty}</p>;
  const c = t.users;
  return (
    <ConsoleTable
      label={c.table}
      columns={[
        { label: c.name },
        { label: c.email },
        { label: c.role },
        { label: c.producer },
        { label: c.created },
      ]}
    >
      {items.map((user) => (
        <tr key={user._id}>
          <th scope="row">{user.fullname}</th>
          <td>{user.email}</td>
          <td>{user.roles.map((role) => t.roles[role]).join(', ')}</td>
          <td>{user.producer?.name ?? c.none}</td>
          <td>{DATE.format(new Date(user.created))}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
