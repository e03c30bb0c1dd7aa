import { endpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';

/** The funciones of a show with several dates: its current child shows, hidden ones too. */
export function useShowDates(parentId: string) {
  return useApiQuery(endpoints.listShows, {
    query: { parent: parentId, filter: 'CURRENT', visible: '-1' },
  });
}
