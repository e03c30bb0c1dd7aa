import { showDatesCall } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';

/** The funciones of a show with several dates: its current child shows, hidden ones too. */
export function useShowDates(parentId: string) {
  const { endpoint, input } = showDatesCall(parentId);
  return useApiQuery(endpoint, input);
}
