import { useCallback, useEffect, useRef, useState } from 'react';
import { orderEndpoints } from '@taquilla/contract/plain';
import type { Order } from '@taquilla/contract';
import { ApiError, apiCall } from '../../../api/client';
import type { EndpointOutput } from '../../../api/client';
import { es } from '../../../i18n/es';

type OrderAnswer = EndpointOutput<typeof orderEndpoints.getOrder>;
export type OrderLoginPrompt = Exclude<OrderAnswer, Order>;

/** The whole order, or only what a stranger may read: `{_id, status, email}`. */
export type OrderView =
  { kind: 'order'; order: Order } | { kind: 'prompt'; prompt: OrderLoginPrompt };

export type OrderState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  /** `isReloading`: a new read is on its way; the last answer stays on screen meanwhile. */
  | { status: 'ready'; view: OrderView; isReloading: boolean };

/** The codes are issued by a job after the approval: the page looks again a few times. */
export const CODE_POLL_MS = 3_000;
export const CODE_POLL_LIMIT = 5;

function toView(answer: OrderAnswer): OrderView {
  return 'order_number' in answer
    ? { kind: 'order', order: answer }
    : { kind: 'prompt', prompt: answer };
}

/** An approved order without its codes yet, or one still waiting for its card's answer. */
export function isAwaitingCodes(view: OrderView): boolean {
  if (view.kind !== 'order') return false;
  const { status, codes } = view.order;
  return (status === 'APPROVED' && codes.length === 0) || status === 'PENDING';
}

/**
 * GET /viewers/orders/{id} (with the e-mail link's `?t=` when there is one). While the
 * codes are being issued it reads the order again every few seconds, a few times; the
 * page's reload link starts that over.
 */
export function useOrder(id: string, token: string | null) {
  const [state, setState] = useState<OrderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const polls = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((current) =>
      current.status === 'ready' ? { ...current, isReloading: true } : { status: 'loading' },
    );
    apiCall(orderEndpoints.getOrder, {
      params: { id },
      query: token ? { t: token } : {},
      signal: controller.signal,
    }).then(
      (answer) => setState({ status: 'ready', view: toView(answer), isReloading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof ApiError
            ? error
            : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
        // A failed second read keeps the order that is on screen.
        setState((current) =>
          current.status === 'ready'
            ? { ...current, isReloading: false }
            : { status: 'error', error: failure },
        );
      },
    );
    return () => controller.abort();
  }, [id, token, attempt]);

  const view = state.status === 'ready' && !state.isReloading ? state.view : null;
  const shouldPoll = view !== null && isAwaitingCodes(view) && polls.current < CODE_POLL_LIMIT;
  useEffect(() => {
    if (!shouldPoll) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      setAttempt((value) => value + 1);
    }, CODE_POLL_MS);
    return () => clearTimeout(timer);
  }, [shouldPoll, view]);

  const reload = useCallback(() => {
    polls.current = 0;
    setAttempt((value) => value + 1);
  }, []);

  return { state, reload };
}
