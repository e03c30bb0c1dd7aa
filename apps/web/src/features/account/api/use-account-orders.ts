import { accountEndpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';

/** GET /cart/orders?user={userId}: the person's own orders (002 §7). */
export function useAccountOrders(userId: string) {
  return useApiQuery(accountEndpoints.listAccountOrders, { query: { user: userId } });
}
