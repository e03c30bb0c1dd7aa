/**
 * Keys the API alone writes, once, at a new name: the copies of deposit proofs that
 * orders own (decision 0065). No signed upload URL is ever made for one, and the local
 * driver's PUT route refuses one even with a valid signature, so what an organiser
 * reviews cannot change after the order was placed.
 */
export const WRITE_ONCE_PREFIX = 'proofs/orders/';

export function isWriteOnceKey(key: string): boolean {
  return key.startsWith(WRITE_ONCE_PREFIX);
}

/** The refusal of `signedPutUrl` for such a key: a bug in the caller, never a buyer's error. */
export function writeOnceKeyError(key: string): Error {
  return new Error(`no upload URL for a write-once key: ${key}`);
}
