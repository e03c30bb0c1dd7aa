import { showChannelCall } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';

/**
 * GET /shows/showChannels/{id}?viewer={viewerId} (002 §7): the channel with its children,
 * each with its tickets and, for a signed-in viewer, that viewer's access. A visitor asks
 * without `viewer`.
 */
export function useShowChannel(showId: string, viewerId: string | null) {
  const { endpoint, input } = showChannelCall(showId, viewerId);
  return useApiQuery(endpoint, input);
}
