import type { AdminTicket } from '@taquilla/contract';
import { ConsoleTable } from '../../components/console/console-table-box';
import { ticketsTexts } from './admin-tickets.texts';

const c = ticketsTexts.columns;

/** Places still on sale: capacity less sold and held, never below zero. */
export const ticketsLeft = (ticket: AdminTicket) =>
  Math.max(0, ticket.capacity - ticket.sold - ticket.held);

function priceText(ticket: AdminTicket) {
  const gtq = `${ticket.currency === 'USD' ? '$' : 'Q'} ${ticket.price.toFixed(2)}`;
  return ticket.price_usd === null ? gtq : `${gtq} · $ ${ticket.price_usd.toFixed(2)}`;
}

/** Every ticket of the show with its live figures, in the order buyers see them. */
export function TicketsTable({
  tickets,
  onEdit,
  onRemove,
}: {
  tickets: readonly AdminTicket[];
  onEdit: (ticket: AdminTicket) => void;
  onRemove: (ticket: AdminTicket) => void;
}) {
  if (tickets.length === 0) return <p className="console-empty">{ticketsTexts.empty}</p>;
  return (
    <ConsoleTable
      label={ticketsTexts.listTitle}
      columns={[
        { label: c.position },
        { label: c.name },
        { label: c.price },
        { label: c.capacity, numeric: true },
        { label: c.sold, numeric: true },
        { label: c.held, numeric: true },
        { label: c.left, numeric: true },
        { label: c.visible },
        { label: c.actions },
      ]}
    >
      {tickets.map((ticket) => (
        <tr key={ticket._id} data-ticket={ticket.code}>
          <td className="numeric">{ticket.position}</td>
          <td>
            <strong>{ticket.fullname}</strong>
            <br />
            <span className="tickets-page__code">{ticket.code}</span>
          </td>
          <td>{priceText(ticket)}</td>
          <td className="numeric">{ticket.capacity}</td>
          <td className="numeric" data-figure="sold">
            {ticket.sold}
          </td>
          <td className="numeric" data-figure="held">
            {ticket.held}
          </td>
          <td className="numeric" data-figure="left">
            {ticketsLeft(ticket)}
          </td>
          <td>{ticket.visible ? ticketsTexts.yes : ticketsTexts.hidden}</td>
          <td>
            <div className="tickets-page__actions">
              <button
                type="button"
                className="button button--secondary"
                aria-label={ticketsTexts.editLabel(ticket.fullname)}
                onClick={() => onEdit(ticket)}
              >
                {ticketsTexts.edit}
              </button>
              <button
                type="button"
                className="button button--danger"
                aria-label={ticketsTexts.removeLabel(ticket.fullname)}
                onClick={() => onRemove(ticket)}
              >
                {ticketsTexts.remove}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
