import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants as fsConstants } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { isWriteOnceKey, writeOnceKeyError } from './storage.keys.ts';
import type { ObjectStorage, StoredObject } from './storage.types.ts';

type SignedMethod = 'GET' | 'PUT';

/** Keys are ours (`proofs/{show}/{hash}/{uuid}.png`): plain segments, none `.` or `..`. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function isSafeKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key);
}

export interface LocalObjectStorage extends ObjectStorage {
  driver: 'local';
  /**
   * Whether `expires` and `sig` of a request's query sign this method and key
   * and have not expired (HEAD counts as GET). Never a PUT of a write-once key.
   */
  isSignedRequest(method: string, key: string, query: Record<string, unknown>): boolean;
  /** Stores the whole file at once: a reader never sees half of one. */
  write(key: string, body: Buffer): Promise<void>;
  /** The file's path on disk, or null when the key could escape the storage folder. */
  pathOf(key: string): string | null;
}

export function isLocalStorage(storage: ObjectStorage): storage is LocalObjectStorage {
  return storage.driver === 'local' && 'isSignedRequest' in storage;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Files under a folder, behind URLs of this server signed like S3's
 * presigned ones: `${PUBLIC_URL}/storage/{key}?expires=…&sig=…`, where sig is
 * an HMAC-SHA256 of method, key and expiry. The routes that honour them are
 * in storage.routes.ts.
 */
export function createLocalStorage(deps: {
  dir: string;
  publicUrl: string;
  secret: string;
  clock: () => Date;
}): LocalObjectStorage {
  const root = path.resolve(deps.dir);
  const base = `${deps.publicUrl.replace(/\/+$/, '')}/storage/`;

  const signature = (method: SignedMethod, key: string, expires: number) =>
    createHmac('sha256', deps.secret).update(`${method}\n${key}\n${expires}`).digest();

  function signedUrl(method: SignedMethod, key: string, expiresInSeconds: number): string {
    if (!isSafeKey(key)) throw new Error(`storage key not allowed: ${key}`);
    const expires = Math.floor(deps.clock().getTime() / 1000) + expiresInSeconds;
    const sig = signature(method, key, expires).toString('base64url');
    return `${base}${key}?expires=${expires}&sig=${sig}`;
  }

  function pathOf(key: string): string | null {
    if (!isSafeKey(key)) return null;
    const file = path.join(root, ...key.split('/'));
    return file.startsWith(root + path.sep) ? file : null;
  }

  function requirePath(key: string): string {
    const file = pathOf(key);
    if (!file) throw new Error(`storage key not allowed: ${key}`);
    return file;
  }

  async function write(key: string, body: Buffer): Promise<void> {
    const file = requirePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, body, { flag: 'wx' });
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async function head(key: string): Promise<{ size: number } | null> {
    const file = pathOf(key);
    if (!file) return null;
    try {
      const stats = await stat(file);
      return stats.isFile() ? { size: stats.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Files under `folder` (a key prefix ending in `/`), depth first; `.partial` writes left out. */
  async function* walk(folder: string): AsyncGenerator<StoredObject> {
    const dirPath = folder === '' ? root : pathOf(folder.replace(/\/$/, ''));
    if (!dirPath) return;
    let entries;
    try {
      entries = await readdir(dirPath, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const key = `${folder}${entry.name}`;
      if (entry.isDirectory()) {
        yield* walk(`${key}/`);
      } else if (entry.isFile() && isSafeKey(key) && !key.endsWith('.partial')) {
        try {
          yield { key, modifiedAt: (await stat(path.join(dirPath, entry.name))).mtime };
        } catch (err) {
          // Deleted between the listing and the stat: nothing to report.
          if (!isMissing(err)) throw err;
        }
      }
    }
  }

  return {
    driver: 'local',

    list: walk,

    async signedPutUrl(key, options) {
      if (isWriteOnceKey(key)) throw writeOnceKeyError(key);
      // The type is not signed: the PUT route judges the bytes themselves.
      return signedUrl('PUT', key, options.expiresInSeconds);
    },

    async signedGetUrl(key, expiresInSeconds) {
      return signedUrl('GET', key, expiresInSeconds);
    },

    isSignedRequest(method, key, query) {
      const signedMethod: SignedMethod | null =
        method === 'PUT' ? 'PUT' : method === 'GET' || method === 'HEAD' ? 'GET' : null;
      const { expires, sig } = query;
      if (!signedMethod || !isSafeKey(key)) return false;
      // Whatever signed it (a secret that leaked, a bug): an order's copy is never replaced.
      if (signedMethod === 'PUT' && isWriteOnceKey(key)) return false;
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
      if (typeof sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
      if (Number(expires) * 1000 <= deps.clock().getTime()) return false;
      const expected = signature(signedMethod, key, Number(expires));
      const given = Buffer.from(sig, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    pathOf,

    write,

    head,

    async readStart(key, bytes) {
      const file = pathOf(key);
      if (!file) return null;
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      const file = pathOf(key);
      if (file) await rm(file, { force: true });
    },

    async copy(from, to) {
      const source = pathOf(from);
      const target = requirePath(to);
      if (!source) return false;
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await copyFile(source, partial, fsConstants.COPYFILE_EXCL);
        // A hard link, not a rename: it fails if `to` exists, so a copy is written once.
        await link(partial, target);
        return true;
      } catch (err) {
        if (isMissing(err) && !(await head(from))) return false;
        throw err;
      } finally {
        await rm(partial, { force: true });
      }
    },

    async put(key, body) {
      // The type is not kept: public images are served by their key's extension.
      await write(key, body);
    },

    async openRead(key) {
      const found = await head(key);
      const file = pathOf(key);
      if (!found || !file) return null;
      return { body: createReadStream(file), size: found.size };
    },
  };
}
