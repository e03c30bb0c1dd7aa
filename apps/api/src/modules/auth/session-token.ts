import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url: 43 characters, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new secret session token. It is given to the client once and never stored. */
export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database keeps: the SHA-256 of the token (hex). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Anything else cannot be a token of ours, so it is refused without a query. */
export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
