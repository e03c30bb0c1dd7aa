import { Fragment, useState } from 'react';
import { adminUserEndpoints } from '@taquilla/contract/plain';
import type { AdminProducerListItem } from '@taquilla/contract';
import { useApiQuery } from '../../api/use-api-query';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { adminAccountsTexts as t } from './admin-accounts.texts';
import { ProducerEditForm } from './producer-edit-form';
import { ConsoleTable } from '../../components/console/console-table-box';

/** Producers by name with their account and show counts; a row opens its accounts. */
export function ProducersTable({
  producers,
  onChanged,
}: {
  producers: AdminProducerListItem[];
  /** After a save: the producer's new name; the list reloads. */
  onChanged: (name: string) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  if (producers.length === 0) return <p className="console-empty">{t.producers.empty}</p>;
  const c = t.producers;
  const e = t.producerEdit;
  return (
    <ConsoleTable
      label={c.table}
      columns={[
        { label: c.name },
        { label: c.slug },
        { label: c.contact },
        { label: c.users, numeric: true },
        { label: c.shows, numeric: true },
        { label: e.actions },
      ]}
    >
      {producers.map((producer) => {
        const isOpen = open === producer._id;
        return (
          <Fragment key={producer._id}>
            <tr>
              <th scope="row">{producer.name}</th>
              <td>{producer.slug}</td>
              <td>
                {[producer.email, producer.phone].filter(Boolean).join(' · ') || t.users.none}
              </td>
              <td className="numeric">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-expanded={isOpen}
                  onClick={() => setOpen(isOpen ? null : producer._id)}
                >
                  {producer.users}
                  <span className="visually-hidden">{c.usersButton(producer.name)}</span>
                </button>
              </td>
              <td className="numeric">{producer.shows}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-expanded={editing === producer._id}
                  onClick={() => setEditing(editing === producer._id ? null : producer._id)}
                >
                  {e.edit}
                  <span className="visually-hidden">{e.editLabel(producer.name)}</span>
                </button>
              </td>
            </tr>
            {editing === producer._id && (
              <tr>
                <td colSpan={6}>
                  <ProducerEditForm
                    producer={producer}
                    onCancel={() => setEditing(null)}
                    onSaved={(name) => {
                      setEditing(null);
                      onChanged(name);
                    }}
                  />
                </td>
              </tr>
            )}
            {isOpen && (
              <tr>
                <td colSpan={6}>
                  <ProducerUsers producer={producer} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </ConsoleTable>
  );
}

function ProducerUsers({ producer }: { producer: AdminProducerListItem }) {
  const users = useApiQuery(adminUserEndpoints.listUsers, {
    query: { producer_uid: producer._id, page_size: '200' },
  });
  if (users.status === 'loading') return <LoadingSkeleton label={t.accounts.loading} />;
  if (users.status === 'error') {
    return <LoadError message={users.error.message} onRetry={users.retry} />;
  }
  if (users.data.items.length === 0) return <p>{t.producers.noUsers}</p>;
  return (
    <ul aria-label={t.producers.usersOf(producer.name)} className="accounts-users">
      {users.data.items.map((user) => (
        <li key={user._id}>
          <strong>{user.fullname}</strong> · {user.email}
        </li>
      ))}
    </ul>
  );
}
