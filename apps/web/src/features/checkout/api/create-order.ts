import { errorResponseSchema, orderEndpoints, orderSchema } from '@taquilla/contract';
import type { CreateOrderBody, Order } from '@taquilla/contract';
import { ApiError, buildUrl } from '../../../api/client';
import { es } from '../../../i18n/es';

export type CreateOrderResult =
  | { kind: 'approved'; order: Order }
  /** 303 (000 §4): the bank asks for 3-D Secure at `redirect`; the order waits. */
  | { kind: 'challenge'; order: Order; redirect: string };

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /cart/orders with its `Idempotency-Key` (decision 0020): a retry of the same
 * attempt sends the same key and gets the first answer, never a second charge. Called
 * with fetch rather than apiCall because of that header and because the 303 is an
 * answer to read, not a failure: it carries no Location, so fetch hands it over as is.
 * Anything else rejects with an ApiError (402 carries `response_code` in its body).
 */
export async function createCardOrder(
  body: CreateOrderBody,
  idempotencyKey: string,
): Promise<CreateOrderResult> {
  const { path, method } = orderEndpoints.createOrder;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', es.errors.network);
  }
  const json = await readJson(response);
  if (response.status === 200 || response.status === 303) {
    const order = orderSchema.safeParse(json);
    if (!order.success) {
      throw new ApiError(response.status, 'INVALID_RESPONSE', es.errors.invalidResponse);
    }
    const redirect = order.data.payment_response?.redirect;
    if (response.status === 303 && redirect) {
      return { kind: 'challenge', order: order.data, redirect };
    }
    return { kind: 'approved', order: order.data };
  }
  const error = errorResponseSchema.safeParse(json);
  if (error.success) {
    const { error: code, message, fields } = error.data;
    throw new ApiError(response.status, code, message, json, fields ?? []);
  }
  throw new ApiError(response.status, `HTTP_${response.status}`, es.errors.unexpected, json);
}
