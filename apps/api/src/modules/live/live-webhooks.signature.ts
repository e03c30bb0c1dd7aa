import { createHmac, timingSafeEqual } from 'node:crypto';

const hmacHex = (secret: string, message: string | Buffer) =>
  createHmac('sha256', secret).update(message).digest('hex');

/**
 * A MediaMTX call's signature: hex HMAC-SHA256 of `${timestamp}.${body}` with
 * LIVE_WEBHOOK_SECRET, sent as `sha256=<hex>`. The timestamp is inside, so a
 * captured call cannot be sent later with a new one.
 */
export function mediamtxSignature(
  secret: string,
  timestamp: string,
  body: Buffer | string,
): string {
  return hmacHex(secret, Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(body)]));
}

/**
 * Owncast cannot sign its calls, so the URL it is given is signed instead: a
 * hex HMAC of `owncast:${channelId}`. The URL is a secret of its channel.
 */
export function owncastSignature(secret: string, channelId: string): string {
  return hmacHex(secret, `owncast:${channelId}`);
}

/** Compares two hex signatures in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Owncast URL of a channel, as the organiser API hands it out. */
export function owncastWebhookUrl(publicUrl: string, secret: string, channelId: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/live/webhooks/owncast?channel=${channelId}&signature=${owncastSignature(secret, channelId)}`;
}
