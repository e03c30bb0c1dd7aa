import { orderEndpoints } from '@taquilla/contract/plain';
import type { CreateOrderBody, Order } from '@taquilla/contract';
import { ApiError, answerOf, asErrorBody, buildUrl } from '../api/client';
import { es } from '../i18n/es';
import { readReferral } from '../referral/referral-cookie';

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

export type PlacedOrder = {
  order: Order;
  /** 303 (000 §4): the bank asks for 3-D Secure at this address; the order waits. */
  challengeUrl: string | null;
};

/**
 * POST /cart/orders with its `Idempotency-Key` (decision 0020): a retry of the same
 * attempt sends the same key and gets the first answer, never a second order or charge.
 * Called with fetch rather than apiCall because of that header and because a 303 is an
 * answer to read, not a failure: it carries no Location, so fetch hands it over as is.
 * Anything else rejects with an ApiError (a card's 402 carries `response_code` in its body).
 * The browser's referral cookie, when it holds one, goes with every order (002 §3).
 */
export async function postOrder(
  body: CreateOrderBody,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const endpoint = orderEndpoints.createOrder;
  const { path, method } = endpoint;
  const referral = body.payment_info.referral ?? readReferral();
  const sent = referral ? { ...body, payment_info: { ...body.payment_info, referral } } : body;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(sent),
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', es.errors.network);
  }
  const json = await readJson(response);
  if (response.ok || response.status === 303) {
    // The 303's order is the same order schema as the 201's.
    const order = await answerOf(endpoint, response.status, json);
    const redirect = order.payment_response?.redirect;
    return {
      order,
      challengeUrl: response.status === 303 && redirect ? redirect : null,
    };
  }
  const error = asErrorBody(json);
  if (error) {
    throw new ApiError(response.status, error.error, error.message, json, error.fields ?? []);
  }
  throw new ApiError(response.status, `HTTP_${response.status}`, es.errors.unexpected, json);
}

const NETWORK_RETRIES = 2;

/**
 * POST /cart/orders for a deposit or a free registration, one attempt with one key. A
 * request lost on the way is sent again with the same key: if the first one reached the
 * server, the retry gets its order instead of placing a second one.
 */
export async function createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Order> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await postOrder(body, idempotencyKey)).order;
    } catch (error) {
      const isLost = error instanceof ApiError && error.status === 0;
      if (!isLost || attempt >= NETWORK_RETRIES) throw error;
    }
  }
}
