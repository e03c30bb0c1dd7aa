import { useEffect, useState } from 'react';
import { endpoints } from '@taquilla/contract/plain';
import type { Show } from '@taquilla/contract';
import { rankSearchResults } from '@taquilla/domain';
import { apiCall } from '../../api/client';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_MAX_RESULTS = 8;

export type ShowSearch =
  | { status: 'idle' | 'loading' | 'error'; results: readonly Show[] }
  | { status: 'success'; results: readonly Show[] };

type Settled = { term: string; status: 'success' | 'error'; results: readonly Show[] };

const NO_RESULTS: readonly Show[] = [];

/**
 * Suggestions for the home search box: show names and venues matching `term` (the gateway
 * ignores accents and case), asked for once typing pauses. Current shows come first.
 */
export function useShowSearch(rawTerm: string): ShowSearch {
  const term = rawTerm.trim();
  const isSearchable = term.length >= SEARCH_MIN_LENGTH;
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!isSearchable) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiCall(endpoints.listShows, {
        query: { q: term, filter: 'ALL', sort: '1' },
        signal: controller.signal,
      }).then(
        ({ items }) =>
          setSettled({
            term,
            status: 'success',
            results: rankSearchResults(items, new Date()).slice(0, SEARCH_MAX_RESULTS),
          }),
        () => {
          if (!controller.signal.aborted) setSettled({ term, status: 'error', results: [] });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, isSearchable]);

  if (!isSearchable) return { status: 'idle', results: NO_RESULTS };
  // While the next answer loads the last suggestions stay up, so the list does not flicker.
  if (settled === null || settled.term !== term) {
    return { status: 'loading', results: settled?.results ?? NO_RESULTS };
  }
  return { status: settled.status, results: settled.results };
}
