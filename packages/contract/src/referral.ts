/**
 * The referral (002 §3): the value of a `?referral=` query parameter, kept by the SPA
 * in the first-party `referral` cookie and sent with the order; stored in the order's
 * `payment_info.referral` for the organiser. Trimmed, 1 to 64 letters, digits, `-` or `_`.
 */
export const REFERRAL_COOKIE = 'referral';
export const REFERRAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
