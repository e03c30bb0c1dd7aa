import { CART_SESSION_COOKIE } from '@taquilla/contract/plain';
import { CART_SESSION_ID_PATTERN } from '@taquilla/domain';

/**
 * The browser's `sessionID` cookie (000 §7): the random id that names the visitor's
 * cart. It is a bearer secret for an anonymous cart, so it is a fresh
 * `crypto.randomUUID()` made only when the visitor first adds something, kept for
 * 30 days and never sent anywhere but the cart's own calls.
 */
const COOKIE = CART_SESSION_COOKIE;
const MAX_AGE_S = 30 * 24 * 60 * 60;

export function readCartSessionId(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== COOKIE) continue;
    const id = decodeURIComponent(value.join('='));
    return CART_SESSION_ID_PATTERN.test(id) ? id : null;
  }
  return null;
}

function writeCartSessionId(id: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${id}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** The cart's id for a write: the one in the cookie, or a new one. */
export function ensureCartSessionId(): string {
  const current = readCartSessionId();
  if (current) return current;
  const id = crypto.randomUUID();
  writeCartSessionId(id);
  return id;
}

/** A new id, for when the old one names a cart this visitor may no longer use (403). */
export function renewCartSessionId(): string {
  const id = crypto.randomUUID();
  writeCartSessionId(id);
  return id;
}
