import { orderEndpoints } from '@taquilla/contract/plain';
import { apiCall } from '../../../api/client';

/**
 * POST /viewers/orders/{id}/resendTickets (000 §7): e-mails the order's tickets again to
 * the address on the order. Rejects with the ApiError (ORDER_NOT_APPROVED, RATE_LIMITED).
 */
export function resendTickets(orderId: string, token: string | null) {
  return apiCall(orderEndpoints.resendTickets, {
    params: { id: orderId },
    query: token ? { t: token } : {},
  });
}
