import { endpoints } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';

/** GET /shows/{id}/map: a child date answers with its parent's map. */
export function useShowMap(showId: string) {
  return useApiQuery(endpoints.getShowMap, { params: { id: showId } });
}

/**
 * POST /shows/{showId}/map/seats: the seats of one section with their state. `cart` is
 * null until the cart issue gives the page a cart whose holds answer "reserved".
 */
export function useSectionSeats(showId: string, mapId: string, sectionId: string) {
  return useApiQuery(endpoints.getSeatStates, {
    params: { id: showId },
    body: { location: mapId, section: sectionId, cart: null },
  });
}
