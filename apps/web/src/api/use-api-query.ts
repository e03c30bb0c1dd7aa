import { startTransition, useCallback, useEffect, useState } from 'react';
import type { EndpointDefinition } from '@taquilla/contract';
import type { EndpointRoute } from '@taquilla/contract/plain';
import { es } from '../i18n/es';
import { ApiError, apiCall } from './client';
import type { ApiCallInput, EndpointOutput } from './client';

export type ApiQueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

export type ApiQuery<T> = ApiQueryState<T> & { retry: () => void };

type Settled<T> = { requestKey: string } & (
  { status: 'success'; data: T } | { status: 'error'; error: ApiError }
);

/**
 * Loads one endpoint and reloads it when its params, query or body change. A small
 * stand-in for a query library: no cache, no deduplication, aborts on unmount. A body
 * is for reads the gateway declares as POST (`POST /shows/{id}/map/seats`).
 */
export function useApiQuery<E extends EndpointDefinition>(
  endpoint: EndpointRoute<E>,
  input: Omit<ApiCallInput<E>, 'signal'>,
): ApiQuery<EndpointOutput<E>> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<EndpointOutput<E>> | null>(null);
  // The serialised input is the identity of the request, so callers may pass object literals.
  const inputKey = JSON.stringify({ params: input.params, query: input.query, body: input.body });
  const requestKey = `${endpoint.method} ${endpoint.path} ${inputKey} #${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    const callInput = { ...JSON.parse(inputKey), signal: controller.signal } as ApiCallInput<E>;
    // An answer renders as a transition: React renders it in slices and yields to the
    // browser between them, instead of in one task as long as the whole page it fills
    // (the home page's catalogue, from the page's own data, right after the first view).
    apiCall(endpoint, callInput).then(
      (data) => startTransition(() => setSettled({ requestKey, status: 'success', data })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setSettled({
            requestKey,
            status: 'error',
            error:
              error instanceof ApiError
                ? error
                : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected),
          }),
        );
      },
    );
    return () => controller.abort();
  }, [endpoint, inputKey, requestKey]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  if (settled === null || settled.requestKey !== requestKey) return { status: 'loading', retry };
  if (settled.status === 'error') return { status: 'error', error: settled.error, retry };
  return { status: 'success', data: settled.data, retry };
}
