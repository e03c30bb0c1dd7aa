import { showCall } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';

/** GET /shows/{id}: `id` is the show's `_id` or its vanity path (002 §2.2). */
export function useShow(id: string) {
  const { endpoint, input } = showCall(id);
  return useApiQuery(endpoint, input);
}
