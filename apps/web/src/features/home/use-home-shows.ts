import { useApiQuery } from '../../api/use-api-query';

/** The featured show(s) of the hero, soonest first. */
export function useBillboardShows() {
  return useApiQuery('listShows', { query: { sort: '1', billboard: '1' } });
}

/** Upcoming and running shows, soonest first. */
export function useUpcomingShows() {
  return useApiQuery('listShows', { query: { sort: '1' } });
}
