import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The order e-mail's link opens the order without signing in (a guest buyer
 * on another device): an HMAC of the order id under the server's secret, so
 * it cannot be made for another order and needs no table.
 */
export function orderLinkToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order:${orderId}`).digest('base64url');
}

export function verifyOrderLinkToken(secret: string, orderId: string, token: string): boolean {
  const expected = Buffer.from(orderLinkToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
