import { hashSessionToken, isWellFormedToken, newSessionToken } from '../auth/session-token.ts';

/**
 * A secret for an e-mailed link (password reset, e-mail verification), in the
 * session token's format. Only its SHA-256 is stored, so a read of the
 * database gives no usable link.
 */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = newSessionToken();
  return { token, tokenHash: hashOneTimeToken(token) };
}

export const hashOneTimeToken: (token: string) => string = hashSessionToken;

/** Anything else cannot be one of our tokens, so it is refused without a query. */
export const isWellFormedOneTimeToken: (value: string) => boolean = isWellFormedToken;
