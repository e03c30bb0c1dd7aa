import { showMapCall } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';

/** GET /shows/{id}/map: a child date answers with its parent's map. */
export function useShowMap(showId: string) {
  const { endpoint, input } = showMapCall(showId);
  return useApiQuery(endpoint, input);
}
