import type { AdminTicket } from '@taquilla/contract';
import { toTicketResponse } from '../tickets/tickets.mapper.ts';
import { TICKET_INCLUDE } from '../tickets/tickets.repo.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';

/** The organiser reads tickets with the same relations as the public catalogue. */
export const ticketInclude = TICKET_INCLUDE;
export type { TicketRow };

/** Row → wire: the public ticket shape (000 §3) plus capacity, sold and held. */
export function toAdminTicket(row: TicketRow, held: number): AdminTicket {
  return {
    ...toTicketResponse(row, { realAvailable: Math.max(0, row.capacity - row.sold - held) }),
    capacity: row.capacity,
    sold: row.sold,
    held,
    position: row.position,
  };
}
