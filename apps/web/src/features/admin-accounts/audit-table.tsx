import { Fragment, useState } from 'react';
import type { AuditLogEntry } from '@taquilla/contract';
import { adminAccountsTexts as t } from './admin-accounts.texts';
import { ConsoleTable } from '../../components/console/console-table-box';

const WHEN = new Intl.DateTimeFormat('es-GT', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Guatemala',
});
const when = (iso: string) => WHEN.format(new Date(iso));

const pretty = (value: unknown) =>
  value === null || value === undefined ? t.audit.nothing : JSON.stringify(value, null, 2);

/** The log's rows, newest first; each opens to its before / after snapshots. */
export function AuditTable({ items }: { items: AuditLogEntry[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (items.length === 0) return <p className="console-empty">{t.audit.empty}</p>;
  const a = t.audit;
  return (
    <ConsoleTable
      label={a.table}
      columns={[
        { label: a.when },
        { label: a.who },
        { label: a.what },
        { label: a.entity },
        { label: a.ip },
        { label: a.changes },
      ]}
    >
      {items.map((entry) => {
        const isOpen = open === entry._id;
        const panelId = `audit-${entry._id}`;
        return (
          <Fragment key={entry._id}>
            <tr>
              <td className="audit-nowrap">{when(entry.created)}</td>
              <td>
                {entry.actor ? (
                  <>
                    <div>{entry.actor.fullname}</div>
                    <div className="audit-muted">{entry.actor.email}</div>
                  </>
                ) : (
                  a.system
                )}
              </td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>
                <div>{t.entityTypes[entry.entity_type] ?? entry.entity_type}</div>
                {entry.entity_id && <div className="audit-muted">{entry.entity_id}</div>}
              </td>
              <td>{entry.ip ?? '—'}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? panelId : undefined}
                  onClick={() => setOpen(isOpen ? null : entry._id)}
                >
                  {isOpen ? a.hide : a.show}
                  <span className="visually-hidden">
                    {a.ofEntry(entry.action, when(entry.created))}
                  </span>
                </button>
              </td>
            </tr>
            {isOpen && (
              <tr>
                <td colSpan={6} id={panelId}>
                  <div className="audit-changes">
                    <div>
                      <p className="audit-changes__label">{a.before}</p>
                      <pre>{pretty(entry.before)}</pre>
                    </div>
                    <div>
                      <p className="audit-changes__label">{a.after}</p>
                      <pre>{pretty(entry.after)}</pre>
                    </div>
                  </div>
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </ConsoleTable>
  );
}
