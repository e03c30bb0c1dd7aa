import { useCallback, useState } from 'react';
import type { EndpointDefinition } from '@taquilla/contract';
import type { EndpointRoute } from '@taquilla/contract/plain';
import { ApiError, apiCall } from '../../api/client';
import type { ApiCallInput, EndpointOutput } from '../../api/client';
import { fieldErrors } from '../form/field-errors';
import { es } from '../../i18n/es';

export type ApiActionState = {
  isBusy: boolean;
  /** The refusal's Spanish message (a 409's reason, a 422's summary). */
  error: string | null;
  /** A 422's messages by field (`settings.path` → "Esta ruta ya está en uso"). */
  fieldErrors: Readonly<Record<string, string>>;
};

/**
 * One console write (create, save, confirm, cancel): `run` calls the endpoint and
 * resolves to its answer, or to `null` after a refusal, whose message and per-field
 * errors it keeps for the form. Nothing is retried on its own.
 */
export function useApiAction<E extends EndpointDefinition>(endpoint: EndpointRoute<E>) {
  const [state, setState] = useState<ApiActionState>({
    isBusy: false,
    error: null,
    fieldErrors: {},
  });
  const run = useCallback(
    async (input: ApiCallInput<E>): Promise<EndpointOutput<E> | null> => {
      setState({ isBusy: true, error: null, fieldErrors: {} });
      try {
        const answer = await apiCall(endpoint, input);
        setState({ isBusy: false, error: null, fieldErrors: {} });
        return answer;
      } catch (error) {
        const apiError =
          error instanceof ApiError
            ? error
            : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
        setState({
          isBusy: false,
          error: apiError.message,
          fieldErrors: fieldErrors(apiError.fields),
        });
        return null;
      }
    },
    [endpoint],
  );
  const reset = useCallback(() => setState({ isBusy: false, error: null, fieldErrors: {} }), []);
  return { ...state, run, reset };
}
