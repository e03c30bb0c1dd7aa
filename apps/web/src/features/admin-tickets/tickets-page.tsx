import { useEffect, useState } from 'react';
import { ADMIN_SHOW_PAGE_SIZE_MAX } from '@taquilla/contract';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow, AdminTicket } from '@taquilla/contract';
import { formatLongSpanishDate, toZonedDateTime } from '@taquilla/domain';
import { ApiError, apiCall } from '../../api/client';
import { useApiQuery } from '../../api/use-api-query';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { ConsoleSection } from '../../components/console/console-page';
import { consoleTexts } from '../../components/console/console-texts';
import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { FormAlert } from '../../components/form/form-alert';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { es } from '../../i18n/es';
import { ticketsTexts } from './admin-tickets.texts';
import { TicketForm } from './ticket-form';
import { TicketsTable } from './tickets-table';
import './admin-tickets.css';

/** How often the sold / held / left figures are read again while the page is open. */
export const TICKETS_REFRESH_MS = 15_000;

/** /admin/shows/:id/tickets: the show's tickets with live figures; create, edit, delete. */
export function TicketsPage() {
  return (
    <ShowConsoleFrame section={ticketsTexts.section}>
      {(show) => <ShowTickets key={show._id} show={show} />}
    </ShowConsoleFrame>
  );
}

/** "5 de marzo de 2027, 20:00" on the date's own clock: the label a ticket keeps for it. */
function dateLabel(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const { hour, minute } = toZonedDateTime(date, timeZone);
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return `${formatLongSpanishDate(date, timeZone)}, ${time}`;
}

type Editing = { mode: 'new' } | { mode: 'edit'; ticketId: string } | null;

function ShowTickets({ show }: { show: AdminShow }) {
  const list = useApiQuery(adminEndpoints.listTickets, { params: { id: show._id } });
  // A show's dates (funciones) in one page: the most a page holds.
  const childDates = useApiQuery(adminEndpoints.listShows, {
    query: { parent: show._id, page_size: String(ADMIN_SHOW_PAGE_SIZE_MAX) },
  });
  const [last, setLast] = useState<readonly AdminTicket[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminTicket | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { retry } = list;

  useEffect(() => {
    if (list.status === 'success') setLast(list.data.items);
  }, [list.status, list.data]);
  useEffect(() => {
    const timer = setInterval(retry, TICKETS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [retry]);

  if (last === null) {
    if (list.status === 'error') {
      return <LoadError message={list.error.message} onRetry={retry} />;
    }
    return <LoadingSkeleton label={consoleTexts.loading} />;
  }

  const tickets = list.status === 'success' ? list.data.items : last;
  const dates = (childDates.data?.items ?? []).map((date) => ({
    _id: date._id,
    name: date.fullname,
    label: dateLabel(date.show_date, date.timezone),
  }));
  const edited =
    editing?.mode === 'edit'
      ? (tickets.find((ticket) => ticket._id === editing.ticketId) ?? null)
      : null;

  async function remove(ticket: AdminTicket) {
    setRemoveError(null);
    try {
      await apiCall(adminEndpoints.deleteTicket, {
        params: { id: show._id, ticketId: ticket._id },
      });
      setRemoving(null);
      setNotice(ticketsTexts.remove_.done(ticket.fullname));
      if (editing?.mode === 'edit' && editing.ticketId === ticket._id) setEditing(null);
      retry();
    } catch (error) {
      setRemoveError(error instanceof ApiError ? error.message : es.errors.unexpected);
    }
  }

  return (
    <>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {list.status === 'error' && <FormAlert tone="warning">{list.error.message}</FormAlert>}
      <ConsoleSection
        title={ticketsTexts.listTitle}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setNotice(null);
              setEditing({ mode: 'new' });
            }}
          >
            {ticketsTexts.newTicket}
          </button>
        }
      >
        <p className="tickets-page__hint">{ticketsTexts.refreshed}</p>
        <TicketsTable
          tickets={tickets}
          onEdit={(ticket) => {
            setNotice(null);
            setEditing({ mode: 'edit', ticketId: ticket._id });
          }}
          onRemove={(ticket) => {
            setRemoveError(null);
            setRemoving(ticket);
          }}
        />
      </ConsoleSection>
      {editing && (editing.mode === 'new' || edited) && (
        <TicketForm
          key={editing.mode === 'new' ? 'new' : editing.ticketId}
          show={show}
          ticket={edited}
          tickets={tickets}
          dates={dates}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(ticketsTexts.form.saved(saved.fullname));
            retry();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title={ticketsTexts.remove_.title}
        message={removing ? ticketsTexts.remove_.message(removing.fullname) : ''}
        confirmLabel={ticketsTexts.remove_.confirm}
        error={removeError}
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
