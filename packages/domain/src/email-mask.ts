import { MASK_CHARACTER } from './ticket-code.ts';

/** Characters a local part needs before its first one is shown. */
export const MASKED_EMAIL_SHOWN_FROM = 3;

/**
 * "a•••@gmail.com": what a caller who is not an order's holder reads of its
 * e-mail (the login prompt of GET /viewers/orders/{id}; decision 0066). The
 * first character of the local part, three bullets whatever its length, the
 * whole domain: enough for the buyer to recognise their account, too little to
 * write to it. A local part of one or two characters shows none of them (the
 * first of two would be half of it): "•••@gmail.com".
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const bullets = MASK_CHARACTER.repeat(3);
  if (at < 0) return bullets;
  const local = [...email.slice(0, at)];
  const shown = local.length >= MASKED_EMAIL_SHOWN_FROM ? local[0] : '';
  return `${shown}${bullets}@${email.slice(at + 1)}`;
}
