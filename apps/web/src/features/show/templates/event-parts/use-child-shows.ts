import { endpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../../api/use-api-query';

/**
 * GET /shows?parent={id}&filter=ALL&visible=-1 (002 §7): every child of a festival,
 * past and hidden ones too; each template's listing rule picks what it shows.
 */
export function useChildShows(parentId: string) {
  return useApiQuery(endpoints.listShows, {
    query: { parent: parentId, filter: 'ALL', visible: '-1' },
  });
}
