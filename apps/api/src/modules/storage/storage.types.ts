import type { Readable } from 'node:stream';

/**
 * Where deposit proofs and show images live: the local disk on one
 * machine, an S3 bucket past it. Both hand out signed URLs, so a file never
 * passes through an API route as JSON and a bucket never needs to be public.
 */
export interface ObjectStorage {
  driver: 'local' | 's3';
  /**
   * A URL the browser PUTs the file to, with this `Content-Type`, until it expires.
   * Refused (throws) for a write-once key (storage.keys.ts).
   */
  signedPutUrl(
    key: string,
    options: { contentType: string; expiresInSeconds: number },
  ): Promise<string>;
  /** A URL that reads the file until it expires (organisers reviewing a proof). */
  signedGetUrl(key: string, expiresInSeconds: number): Promise<string>;
  /** The stored object's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** The first `bytes` bytes (fewer when the object is shorter), or null when there is none. */
  readStart(key: string, bytes: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * Copies an object inside the storage, never through the API's memory: false when
   * `from` does not exist. `to` is a new key; a reader never sees half of it (decision
   * 0065: the copy of a deposit proof its order owns).
   */
  copy(from: string, to: string): Promise<boolean>;
  /**
   * Stores a file the API received itself (a show image, already checked), typed
   * `contentType`; a reader never sees half of one.
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file as a stream with its size, or null when there is none (public images). */
  openRead(key: string): Promise<{ body: Readable; size: number } | null>;
  /**
   * Every stored object whose key starts with `prefix` (a folder, ending in `/`), with
   * when it was last written; in no particular order. For the unreferenced-upload sweep.
   */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}
