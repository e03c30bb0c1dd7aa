import { childShowsCall } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../../api/use-api-query';

/**
 * GET /shows?parent={id}&filter=ALL&visible=-1 (002 §7): every child of a festival,
 * past and hidden ones too; each template's listing rule picks what it shows.
 */
export function useChildShows(parentId: string) {
  const { endpoint, input } = childShowsCall(parentId);
  return useApiQuery(endpoint, input);
}
