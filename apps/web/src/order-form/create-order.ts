import { errorResponseSchema, orderEndpoints, orderSchema } from '@taquilla/contract';
import type { CreateOrderBody, Order } from '@taquilla/contract';
import { ApiError, buildUrl } from '../api/client';
import { es } from '../i18n/es';

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

async function postOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Order> {
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
  if (response.ok) {
    const order = orderSchema.safeParse(json);
    if (order.success) return order.data;
    throw new ApiError(response.status, 'INVALID_RESPONSE', es.errors.invalidResponse);
  }
  const error = errorResponseSchema.safeParse(json);
  if (error.success) {
    const { error: code, message, fields } = error.data;
    throw new ApiError(response.status, code, message, json, fields ?? []);
  }
  throw new ApiError(response.status, `HTTP_${response.status}`, es.errors.unexpected, json);
}

const NETWORK_RETRIES = 2;

/**
 * POST /cart/orders for a deposit or a free registration, with an `Idempotency-Key` for
 * the attempt (decision 0020). Called with fetch because apiCall sends no extra headers.
 * A request lost on the way is sent again with the same key: if the first one reached
 * the server, the retry gets its order instead of placing a second one.
 */
export async function createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Order> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await postOrder(body, idempotencyKey);
    } catch (error) {
      const isLost = error instanceof ApiError && error.status === 0;
      if (!isLost || attempt >= NETWORK_RETRIES) throw error;
    }
  }
}
