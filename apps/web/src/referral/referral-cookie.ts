import { REFERRAL_COOKIE, REFERRAL_PATTERN } from '@taquilla/contract/plain';

/**
 * The referral cookie (002 §3 "A referral cookie holds the value of a referral query
 * parameter"): a first-party cookie the shell writes from `?referral=` on any page, the
 * latest value winning, and that order placement sends along (payment_info.referral).
 * A value that is not 1 to 64 letters, digits, `-` or `_` once trimmed is ignored.
 */
const MAX_AGE_S = 30 * 24 * 60 * 60;

/** The valid referral a query string carries, trimmed; null when absent or invalid. */
export function referralFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('referral')?.trim();
  return value && REFERRAL_PATTERN.test(value) ? value : null;
}

/** The cookie line for a referral: 30 days, the whole site, first-party only. */
export function referralCookie(value: string, secure: boolean): string {
  return `${REFERRAL_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function rememberReferral(value: string): void {
  document.cookie = referralCookie(value, window.location.protocol === 'https:');
}

/** The referral this browser holds, if it is still a valid one. */
export function readReferral(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== REFERRAL_COOKIE) continue;
    const value = rest.join('=');
    return REFERRAL_PATTERN.test(value) ? value : null;
  }
  return null;
}
