import { useCallback, useEffect, useState } from 'react';
import { producerShowsCall, showCall } from '@taquilla/contract/plain';
import type { Show } from '@taquilla/contract';
import { ApiError, apiCall } from '../../../api/client';
import { es } from '../../../i18n/es';

export type ProducerShows =
  | { status: 'loading' }
  | { status: 'success'; featured: Show[]; shows: Show[] }
  | { status: 'error'; error: ApiError };

/**
 * A producer page's shows (002 §2.8, §7): GET /shows?producer={producerId}&visible=1, and
 * the shows the organiser pinned (settings.landing.featured), one GET /shows/{id} each. A
 * pinned show that is gone is left out; a failed list is the page's error.
 */
export function useProducerShows(producerId: string, featuredIds: readonly string[]) {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify({ producerId, featuredIds, attempt });
  const [settled, setSettled] = useState<{ key: string; state: ProducerShows } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const { producerId: producer, featuredIds: ids } = JSON.parse(key) as {
      producerId: string;
      featuredIds: string[];
    };
    const listCall = producerShowsCall(producer);
    const list = apiCall(listCall.endpoint, { ...listCall.input, signal });
    const pinned = Promise.all(
      ids.map((id) => {
        const pinnedCall = showCall(id);
        return apiCall(pinnedCall.endpoint, { ...pinnedCall.input, signal }).catch(() => null);
      }),
    );
    Promise.all([list, pinned]).then(
      ([answer, featured]) => {
        const state: ProducerShows = {
          status: 'success',
          featured: featured.filter((show): show is Show => show !== null),
          shows: answer.items,
        };
        if (!signal.aborted) setSettled({ key, state });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        const failure =
          error instanceof ApiError
            ? error
            : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
        setSettled({ key, state: { status: 'error', error: failure } });
      },
    );
    return () => controller.abort();
  }, [key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const state: ProducerShows =
    settled && settled.key === key ? settled.state : { status: 'loading' };
  return { ...state, retry };
}
