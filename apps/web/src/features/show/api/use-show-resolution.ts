import { useCallback, useEffect, useState } from 'react';
import { showCall } from '@taquilla/contract/plain';
import type { Show } from '@taquilla/contract';
import { landingTemplateOf } from '@taquilla/domain';
import { ApiError, apiCall } from '../../../api/client';
import { showPath } from '../../../components/shows/show-presentation';
import { es } from '../../../i18n/es';

/**
 * What an address of a show page comes to (002 §2.2, decision 0036): the show to render
 * (with the festival of a film), another address to go to, the not-found view, or a
 * failure to retry. `redirect` never carries the query string: the page keeps its own.
 */
export type ShowResolution =
  | { status: 'loading' }
  | { status: 'ready'; show: Show; parent: Show | null }
  | { status: 'redirect'; to: string }
  | { status: 'notFound' }
  | { status: 'error'; error: ApiError };

/**
 * `/shows/{id}` gives `{ id }`; `/{path}` gives `{ path }`; `/{festival}/{film}` gives
 * `{ path, sub }`. The player routes resolve the same way and then add `/player`.
 */
export type ShowAddressInput = { id: string } | { path: string; sub?: string };

type Outcome = Exclude<ShowResolution, { status: 'loading' }>;

function getShow(id: string, signal: AbortSignal) {
  const { endpoint, input } = showCall(id);
  return apiCall(endpoint, { ...input, signal });
}

const ready = (show: Show, parent: Show | null = null): Outcome => ({
  status: 'ready',
  show,
  parent,
});

/** A film opened alone is shown with its festival, at the festival's address when it has one. */
async function withFestival(show: Show, signal: AbortSignal): Promise<Outcome> {
  if (landingTemplateOf(show.settings) !== 'film' || !show.parent_show_uid) return ready(show);
  const festival = await getShow(show.parent_show_uid, signal).catch(() => null);
  if (festival?.path && show.path) {
    return { status: 'redirect', to: `${showPath(festival)}/${encodeURIComponent(show.path)}` };
  }
  return ready(show, festival);
}

/** A función is sold from its parent's page, where the date is chosen (000 §2). */
function parentOfDate(show: Show): string | null {
  return show.settings.is_show_date && show.parent_show_uid
    ? showPath({ _id: show.parent_show_uid })
    : null;
}

async function resolve(input: ShowAddressInput, signal: AbortSignal): Promise<Outcome> {
  if ('id' in input) {
    const show = await getShow(input.id, signal);
    const parentPage = parentOfDate(show);
    if (parentPage) return { status: 'redirect', to: parentPage };
    // The old address of a show that has a vanity path (002 §2.2).
    if (show.path) return { status: 'redirect', to: showPath(show) };
    return withFestival(show, signal);
  }
  if (input.sub !== undefined) {
    const [festival, film] = await Promise.all([
      getShow(input.path, signal),
      getShow(input.sub, signal),
    ]);
    // /{festival}/{film} only for a film of that festival; any other pair is unknown.
    if (film.parent_show_uid !== festival._id) return { status: 'notFound' };
    return ready(film, festival);
  }
  const show = await getShow(input.path, signal);
  const parentPage = parentOfDate(show);
  if (parentPage) return { status: 'redirect', to: parentPage };
  // Reached by its id (GET /shows/{id} accepts both): the show's own address instead.
  if (show.path !== input.path) return { status: 'redirect', to: showPath(show) };
  return withFestival(show, signal);
}

/** The address as a string, so that callers may pass object literals. */
function keyOf(input: ShowAddressInput): string {
  return JSON.stringify('id' in input ? { id: input.id } : { path: input.path, sub: input.sub });
}

/**
 * Resolves a show page's address with GET /shows/{id or path} (the festival too for a
 * film). A 404 is the not-found view. `reload` asks again from scratch: the page shows its
 * skeleton and then renders everything anew (after "Activar Código", 002 §2.8).
 */
export function useShowResolution(input: ShowAddressInput): ShowResolution & {
  reload: () => void;
} {
  const key = keyOf(input);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; outcome: Outcome } | null>(null);
  const requestKey = `${key} #${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    resolve(JSON.parse(key) as ShowAddressInput, controller.signal).then(
      (outcome) => {
        if (!controller.signal.aborted) setSettled({ key: requestKey, outcome });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setSettled({ key: requestKey, outcome: { status: 'notFound' } });
          return;
        }
        const failure =
          error instanceof ApiError
            ? error
            : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
        setSettled({ key: requestKey, outcome: { status: 'error', error: failure } });
      },
    );
    return () => controller.abort();
  }, [key, requestKey]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  if (!settled || settled.key !== requestKey) return { status: 'loading', reload };
  return { ...settled.outcome, reload };
}
