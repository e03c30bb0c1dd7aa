import { isSitePath } from './site-path.ts';

/** Where the login page sends a buyer who chooses to check out without an account (000 §2). */
export const GUEST_CHECKOUT_PATH = '/cart/checkout/guest';
const CHECKOUT_PATH = '/cart/checkout';

/**
 * The `redirect` parameter of /login, kept only when it is a path of this site. Anything
 * else (`https://evil.example`, `//evil.example`, `/\evil.example`, `javascript:`) would let
 * a crafted link send a person who just logged in to another site, so it becomes null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim();
  return isSitePath(path) ? path : null;
}

/**
 * /login?redirect=<path and query> (002 §2.1 route guards; 000 §2 "/login?redirect={path}{search}").
 * The target stays readable (`/login?redirect=/activate?code=AB12`); only what would end or
 * break the parameter (`&`, `#`, `+`, `%`, spaces) is escaped.
 */
export function loginPath(target: string | null | undefined): string {
  const safe = safeRedirectPath(target);
  if (safe === null || safe === '/') return '/login';
  const escaped = encodeURIComponent(safe).replace(/%(2F|3F|3D|3A|40|2C)/g, (escape) =>
    decodeURIComponent(escape),
  );
  return `/login?redirect=${escaped}`;
}

/** "Continuar como invitado" is offered only on the way to the checkout (002 §2.3). */
export function offersGuestCheckout(redirect: string | null | undefined): boolean {
  return typeof redirect === 'string' && redirect.includes(CHECKOUT_PATH);
}
