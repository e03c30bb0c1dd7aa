import { useMemo } from 'react';
import { showTicketsCall } from '@taquilla/contract/plain';
import type { PaymentType } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';
import { useLiveTicketCounts } from './use-live-ticket-counts';

/** GET /shows/{showId}/tickets?paymentType=A|B: visible tickets with real availability. */
export function useShowTickets(showId: string, paymentTypes: readonly PaymentType[]) {
  const { endpoint, input } = showTicketsCall(showId, paymentTypes);
  return useApiQuery(endpoint, input);
}

/**
 * The same list with each ticket's real_available kept current by the show's channel
 * (decision 0079): what the buyer picks quantities from.
 */
export function useLiveShowTickets(showId: string, paymentTypes: readonly PaymentType[]) {
  const tickets = useShowTickets(showId, paymentTypes);
  const counts = useLiveTicketCounts(showId);
  return useMemo(() => {
    if (tickets.status !== 'success' || !counts) return tickets;
    const items = tickets.data.items.map((ticket) => {
      const available = counts.get(ticket._id);
      return available === undefined || available === ticket.real_available
        ? ticket
        : { ...ticket, real_available: available };
    });
    return { ...tickets, data: { ...tickets.data, items } };
  }, [tickets, counts]);
}
