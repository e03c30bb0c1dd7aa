import type { AdminTicket } from '@taquilla/contract';
import { toTicketResponse } from '../../tickets/tickets.mapper.ts';
import { TICKET_INCLUDE } from '../../tickets/tickets.repo.ts';
import type { TicketRow } from '../../tickets/tickets.repo.ts';

/** The organiser reads tickets with the same relations as the public catalogue. */
export const ticketInclude = TICKET_INCLUDE;
export type { TicketRow };

/** Row → wire: the public ticket shape (000 §3) plus capacity, sold and held. */
export function toAdminTicket(row: TicketRow, held: number): AdminTicket {
  const ticket = toTicketResponse(row, {
    realAvailable: Math.max(0, row.capacity - row.sold - held),
  });
  return {
    ...ticket,
    bundle: ticket.bundle.map((item) => ({
      ...item,
      ticket_uid: row.bundleItems.find((stored) => stored.id === item._id)?.itemTicketId ?? null,
    })),
    capacity: row.capacity,
    sold: row.sold,
    held,
    position: row.position,
  };
}
