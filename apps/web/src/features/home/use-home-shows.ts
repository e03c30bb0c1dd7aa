import { homeShowCalls } from '@taquilla/contract/plain';
import { useApiQuery } from '../../api/use-api-query';

/** 000 §9: the home page keeps the first 100 past shows. */
export const PAST_SHOWS_LIMIT = 100;

/*
 * The calls come from the contract's page calls, which the server also answers ahead
 * inside the home page's HTML (decision 0072).
 */

/** The featured show(s) of the hero, soonest first. */
export function useBillboardShows() {
  const { endpoint, input } = homeShowCalls.billboard;
  return useApiQuery(endpoint, input);
}

/** Upcoming and running shows, soonest first. */
export function useUpcomingShows() {
  const { endpoint, input } = homeShowCalls.upcoming;
  return useApiQuery(endpoint, input);
}

/** On-demand shows ("Contenido digital"), latest first (000 §7). */
export function useDigitalShows() {
  const { endpoint, input } = homeShowCalls.digital;
  return useApiQuery(endpoint, input);
}

/** Shows that have ended, latest first; callers keep the first PAST_SHOWS_LIMIT (000 §7). */
export function usePastShows() {
  const { endpoint, input } = homeShowCalls.past;
  return useApiQuery(endpoint, input);
}
