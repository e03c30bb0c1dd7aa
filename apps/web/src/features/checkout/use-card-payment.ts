import { useCallback, useEffect, useRef, useState } from 'react';
import { orderEndpoints } from '@taquilla/contract/plain';
import type * as Contract from '@taquilla/contract';
import type { CreateOrderBody, ThreeDsResult } from '@taquilla/contract';
import { cardDeclineMessage } from '@taquilla/domain';
import { apiCall, isApiError } from '../../api/client';
import { listenToChannel } from '../../api/realtime';
import { postOrder } from '../../order-form/create-order';
import { CardEntryError } from './card-entry';
import { checkoutTexts } from './checkout.texts';

/*
 * The 3-D Secure result is checked against the contract's schema, which comes with zod and
 * every schema of the contract (a chunk that takes longer to run than to fetch on a phone).
 * It is only needed once a payment is under way, so it loads when Pay is pressed, not with
 * the checkout page; loaded once.
 */
let threeDsSchema: Promise<typeof Contract.threeDsResultSchema> | null = null;

function loadThreeDsSchema() {
  threeDsSchema ??= import('@taquilla/contract').then(
    (contract) => contract.threeDsResultSchema,
    (error: unknown) => {
      // A later payment tries again.
      threeDsSchema = null;
      throw error;
    },
  );
  return threeDsSchema;
}

/** 000 §4 Card payment: idle → processing → success (redirect) or failure (message). */
export type PaymentState =
  | { phase: 'idle' }
  | { phase: 'processing' }
  /** 303: the bank's 3-D Secure page, in a modal; `isHidden` when the buyer closed it. */
  | { phase: 'challenge'; orderId: string; redirect: string; isHidden: boolean }
  | { phase: 'failed'; title: string | null; message: string; details: readonly string[] }
  | { phase: 'done' };

/**
 * One press of Pay: the order's body, or (Stripe) a body whose card becomes a
 * PaymentMethod only when sent. `fingerprint` names what the buyer asked for (buyer data
 * and the card element's version): the same fingerprint after an unanswered attempt
 * sends that attempt again, PaymentMethod and key included, instead of a second one.
 */
export type CardOrder =
  CreateOrderBody | { fingerprint: string; prepare: () => Promise<CreateOrderBody> };

type CardPaymentOptions = {
  /** The order is paid: refresh the counter and open the order page. */
  onApproved: (orderId: string) => void;
  /** 409 CART_EXPIRED: the holds are gone. */
  onCartExpired: (message: string) => void;
  /** The cart changed on the server (a 3-D Secure order went back to it, or left it). */
  refreshCart: () => Promise<void>;
};

const FAILED = checkoutTexts.errors.purchaseFailed;

/** Enough time for the challenge's decision to reach the order before it is read. */
const CHECK_AFTER_DECISION_MS = 1_500;

function failure(error: unknown): PaymentState {
  if (error instanceof CardEntryError) {
    return {
      phase: 'failed',
      title: checkoutTexts.errors.cardTitle,
      message: error.message,
      details: [],
    };
  }
  if (isApiError(error) && error.status === 402) {
    const body = error.body as { response_code?: unknown } | undefined;
    const code = typeof body?.response_code === 'string' ? body.response_code : null;
    return {
      phase: 'failed',
      title: checkoutTexts.errors.declinedTitle,
      message: cardDeclineMessage(code, error.message),
      details: [],
    };
  }
  // A refusal names its reason in Spanish (the contract's texts); a crash does not.
  const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
  const details = isRefusal
    ? error.fields.length > 0
      ? error.fields.map((field) => field.message)
      : [error.message].filter((message) => message !== FAILED)
    : [];
  return { phase: 'failed', title: null, message: FAILED, details };
}

/** A retry may reuse the key only when nothing answered: no answer was stored for it. */
function isUnanswered(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/**
 * Paying by card: POST /cart/orders once per attempt (`Idempotency-Key`, decision 0020),
 * the 3-D Secure step and its result on `cart/{cartId}/3ds`. The channel is listened to
 * before the order is sent, so the result cannot arrive before anyone listens; if the
 * connection dropped meanwhile, or the challenge page says it is done, the order is read
 * once instead.
 */
export function useCardPayment({ onApproved, onCartExpired, refreshCart }: CardPaymentOptions) {
  const [state, setState] = useState<PaymentState>({ phase: 'idle' });
  const attempt = useRef<{ fingerprint: string; key: string; body: CreateOrderBody } | null>(null);
  const pendingOrder = useRef<string | null>(null);
  const stopListening = useRef<(() => void) | null>(null);
  const options = useRef({ onApproved, onCartExpired, refreshCart });
  options.current = { onApproved, onCartExpired, refreshCart };

  const stop = useCallback(() => {
    stopListening.current?.();
    stopListening.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const settle = useCallback(
    (result: Pick<ThreeDsResult, 'status' | 'order_uid' | 'message'>) => {
      if (pendingOrder.current !== null && result.order_uid !== pendingOrder.current) return;
      if (stopListening.current === null) return;
      stop();
      pendingOrder.current = null;
      if (result.status === 'APPROVED') {
        setState({ phase: 'done' });
        options.current.onApproved(result.order_uid);
        return;
      }
      setState({
        phase: 'failed',
        title: checkoutTexts.errors.declinedTitle,
        message: result.message ?? cardDeclineMessage('3D1'),
        details: [],
      });
      // The rejected order gave its places back to the cart.
      void options.current.refreshCart();
    },
    [stop],
  );

  /** Reads the waiting order: a result said while nobody listened is not lost. */
  const checkOrder = useCallback(async () => {
    const orderId = pendingOrder.current;
    if (!orderId) return;
    try {
      const order = await apiCall(orderEndpoints.getOrder, { params: { id: orderId } });
      if (order.status === 'APPROVED' || order.status === 'REJECTED') {
        const text = 'payment_response' in order ? order.payment_response?.response_text : null;
        settle({ status: order.status, order_uid: orderId, message: text ?? undefined });
      }
    } catch {
      // The realtime result is still awaited.
    }
  }, [settle]);

  const pay = useCallback(
    async (order: CardOrder) => {
      const fingerprint = 'prepare' in order ? order.fingerprint : JSON.stringify(order);
      // Fetched while the order is being placed, ready for the bank's answer.
      void loadThreeDsSchema().catch(() => undefined);
      setState({ phase: 'processing' });
      stop();
      pendingOrder.current = null;
      if (attempt.current?.fingerprint !== fingerprint) {
        try {
          const prepared = 'prepare' in order ? await order.prepare() : order;
          attempt.current = { fingerprint, key: crypto.randomUUID(), body: prepared };
        } catch (error) {
          // Nothing reached the gateway: the cart is as it was.
          setState(failure(error));
          return;
        }
      }
      const { key, body } = attempt.current;
      stopListening.current = listenToChannel(`cart/${body.cart_uid}/3ds`, {
        onMessage: (data) => {
          loadThreeDsSchema().then(
            (schema) => {
              const result = schema.safeParse(data);
              if (result.success) settle(result.data);
            },
            // Without the schema the message cannot be read: the order itself says.
            () => void checkOrder(),
          );
        },
        onReconnect: () => void checkOrder(),
      });
      try {
        const { order, challengeUrl } = await postOrder(body, key);
        attempt.current = null;
        if (!challengeUrl) {
          stop();
          setState({ phase: 'done' });
          options.current.onApproved(order._id);
          return;
        }
        pendingOrder.current = order._id;
        setState({
          phase: 'challenge',
          orderId: order._id,
          redirect: challengeUrl,
          isHidden: false,
        });
        // The places now belong to the waiting order: the ten minutes no longer run.
        void options.current.refreshCart();
      } catch (error) {
        stop();
        if (!isUnanswered(error)) attempt.current = null;
        if (isApiError(error) && error.error === 'CART_EXPIRED') {
          setState({ phase: 'idle' });
          options.current.onCartExpired(error.message);
          return;
        }
        setState(failure(error));
        // Show the server's cart after a refusal (a changed total, places given back).
        void options.current.refreshCart();
      }
    },
    [checkOrder, settle, stop],
  );

  const setChallengeHidden = useCallback((isHidden: boolean) => {
    setState((current) => (current.phase === 'challenge' ? { ...current, isHidden } : current));
  }, []);

  /** The challenge page loaded again: the buyer answered it; its result may be in. */
  const onChallengeAnswered = useCallback(() => {
    setTimeout(() => void checkOrder(), CHECK_AFTER_DECISION_MS);
  }, [checkOrder]);

  return { state, pay, setChallengeHidden, onChallengeAnswered };
}
