import { endpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../api/use-api-query';

/** 000 §9: the home page keeps the first 100 past shows. */
export const PAST_SHOWS_LIMIT = 100;

/** The featured show(s) of the hero, soonest first. */
export function useBillboardShows() {
  return useApiQuery(endpoints.listShows, { query: { sort: '1', billboard: '1' } });
}

/** Upcoming and running shows, soonest first. */
export function useUpcomingShows() {
  return useApiQuery(endpoints.listShows, { query: { sort: '1' } });
}

/** On-demand shows ("Contenido digital"), latest first (000 §7). */
export function useDigitalShows() {
  return useApiQuery(endpoints.listShows, {
    query: { filter: 'ALL', sort: '-1', vod: '1', status: 'ACTIVE,REPLAY,SOON' },
  });
}

/** Shows that have ended, latest first; callers keep the first PAST_SHOWS_LIMIT (000 §7). */
export function usePastShows() {
  return useApiQuery(endpoints.listShows, { query: { filter: 'PAST', sort: '-1' } });
}
