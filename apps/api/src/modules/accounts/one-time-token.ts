import { createHash, randomBytes } from 'node:crypto';

/** 32 bytes in base64url: 43 characters, no padding (the session token's format). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A secret for an e-mailed link (password reset, e-mail verification). Only
 * its SHA-256 is stored, so a read of the database gives no usable link.
 */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Anything else cannot be one of our tokens, so it is refused without a query. */
export function isWellFormedOneTimeToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
