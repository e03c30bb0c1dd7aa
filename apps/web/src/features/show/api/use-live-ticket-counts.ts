import { useEffect, useState } from 'react';
import { endpoints } from '@taquilla/contract/plain';
import type { TicketCount, TicketCountMessage } from '@taquilla/contract';
import { apiCall } from '../../../api/client';
import { listenToChannel } from '../../../api/realtime';

/** real_available by ticket id, as last heard; null until first known. */
export type LiveTicketCounts = ReadonlyMap<string, number> | null;

/**
 * A `show-seats/` message with ticket counts, known by its `event`: the gateway publishes
 * the contract's TicketCountMessage, read without its schema (decision 0070), as the seat
 * news on the same channel are.
 */
function asTicketCounts(data: unknown, showId: string): TicketCountMessage | null {
  const message = data as Partial<TicketCountMessage> | null;
  return message?.event === 'tickets' &&
    message.show_uid === showId &&
    Array.isArray(message.tickets)
    ? (message as TicketCountMessage)
    : null;
}

const byTicket = (tickets: readonly TicketCount[]) =>
  new Map(tickets.map((ticket) => [ticket.ticket_uid, ticket.real_available]));

/**
 * The real_available of a show's tickets, kept current by `show-seats/{showId}` (decision
 * 0079): every hold, release or sale sends the counts of the list the page shows (a
 * función's own, or its parent's). Once the hub confirms the join (decision 0077), and
 * again after every reconnection, the counts are read from GET /shows/{id}/tickets/counts,
 * which is never cached; counts heard while that read is under way are newer or as new,
 * so they win over its answer. If the hub refuses the channel or the socket cannot
 * connect before any read, the counts are read at once. Without any of it (no WebSocket),
 * null: the list keeps the numbers it was read with.
 */
export function useLiveTicketCounts(showId: string): LiveTicketCounts {
  const [counts, setCounts] = useState<{ showId: string; byId: Map<string, number> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let hasRead = false;
    /** Counts heard while a read is under way; null when none is. */
    let heardDuringRead: Map<string, number> | null = null;

    const read = () => {
      hasRead = true;
      heardDuringRead = new Map();
      apiCall(endpoints.getTicketCounts, {
        params: { id: showId },
        signal: controller.signal,
      }).then(
        ({ tickets }) => {
          if (controller.signal.aborted) return;
          const byId = byTicket(tickets);
          for (const [id, available] of heardDuringRead ?? []) byId.set(id, available);
          heardDuringRead = null;
          setCounts({ showId, byId });
        },
        // The list keeps the numbers it was read with; the channel still brings what comes next.
        () => {
          heardDuringRead = null;
        },
      );
    };

    const stopListening = listenToChannel(`show-seats/${showId}`, {
      onMessage: (data) => {
        const message = asTicketCounts(data, showId);
        if (!message) return;
        const heard = byTicket(message.tickets);
        if (heardDuringRead) for (const [id, n] of heard) heardDuringRead.set(id, n);
        setCounts((current) => ({
          showId,
          byId: new Map([...(current?.showId === showId ? current.byId : []), ...heard]),
        }));
      },
      onJoined: read,
      onError: () => {
        if (!hasRead) read();
      },
      onDisconnect: () => {
        if (!hasRead) read();
      },
    });
    return () => {
      controller.abort();
      stopListening();
    };
  }, [showId]);

  return counts?.showId === showId ? counts.byId : null;
}
