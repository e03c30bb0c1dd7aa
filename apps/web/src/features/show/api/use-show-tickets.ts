import { showTicketsCall } from '@taquilla/contract/plain';
import type { PaymentType } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';

/** GET /shows/{showId}/tickets?paymentType=A|B: visible tickets with real availability. */
export function useShowTickets(showId: string, paymentTypes: readonly PaymentType[]) {
  const { endpoint, input } = showTicketsCall(showId, paymentTypes);
  return useApiQuery(endpoint, input);
}
