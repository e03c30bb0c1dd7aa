import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedSecret } from '../../config.ts';
import type { Config } from '../../config.ts';

/**
 * The secret of the order e-mail's links: ORDER_LINK_SECRET when set, else one
 * derived from the admin password and the database (stable on one machine,
 * like the storage signatures). The API checks the links; the worker makes them.
 */
export function orderLinkSecret(config: Config): string {
  return config.ORDER_LINK_SECRET ?? derivedSecret(config, 'orders:');
}

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

/**
 * The order page as every e-mail links it: `{PUBLIC_URL}/orders/{id}?t=…`,
 * which opens the order on any device without signing in.
 */
export function orderPageLink(publicUrl: string, secret: string, orderId: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/orders/${orderId}?t=${orderLinkToken(secret, orderId)}`;
}
