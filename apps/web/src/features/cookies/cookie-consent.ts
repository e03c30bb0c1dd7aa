const COOKIE_CONSENT_NAME = 'cookie_consent';

/** Consent lasts 150 days (002 §2.7, §9). */
const COOKIE_CONSENT_MAX_AGE_SECONDS = 150 * 24 * 3600;

export function hasCookieConsent(): boolean {
  return document.cookie
    .split(';')
    .some((pair) => pair.trim().startsWith(`${COOKIE_CONSENT_NAME}=`));
}

export function giveCookieConsent(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_CONSENT_NAME}=1; Max-Age=${COOKIE_CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
