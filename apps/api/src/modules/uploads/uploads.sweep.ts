import { SHOW_IMAGE_KEY, showImageOriginalPrefix } from '@taquilla/contract';
import type { Db } from '../../infra/db.ts';
import { deleteShowImage, showImageKeys } from '../images/images.store.ts';
import { PUBLIC_KEY_PREFIX } from '../storage/storage.public.ts';
import type { ObjectStorage, StoredObject } from '../storage/storage.types.ts';
import { findReferencedKeys, lockOrganiserReferences } from './uploads-sweep.repo.ts';

/** An upload younger than this is never removed: it may be in a form not saved yet. */
export const UPLOAD_SWEEP_MIN_AGE_MS = 24 * 3_600_000;
/** Keys deleted per transaction: organiser saves wait for each batch, so it stays short. */
const DELETE_BATCH = 50;

/**
 * The uploads the sweep may remove, by folder and exact name: deposit proofs
 * (decision 0019) and their orders' copies (0065), and show images (0031). Anything
 * else in storage is never touched.
 */
const SWEPT = [
  {
    // The buyer's uploads, and the copies orders own (0065): a copy is named by its
    // order's claim, so only one whose order was never placed (a crash) is old and unnamed.
    prefix: 'proofs/',
    name: /^proofs\/(?:[0-9a-f-]{36}\/[0-9a-f]{16}|orders)\/[0-9a-f-]{36}\.(jpg|png)$/,
  },
  // A show image goes with its WebP copies (0071); a copy is looked at alone only when
  // its original is gone (a crash between the two writes).
  {
    prefix: `${PUBLIC_KEY_PREFIX}shows/`,
    name: SHOW_IMAGE_KEY,
  },
] as const;

/** A copy whose original is not in storage, by the listing's keys. */
function isOrphanCopy(key: string, listed: Set<string>): boolean {
  const original = showImageOriginalPrefix(key);
  return original !== null && !['jpg', 'png', 'webp'].some((e) => listed.has(`${original}.${e}`));
}

/** Named by a row: the key itself or, for a show image, any of its copies. */
function isNamed(key: string, named: Set<string>): boolean {
  if (!SHOW_IMAGE_KEY.test(key)) return named.has(key);
  return showImageKeys(key).some((k) => named.has(k));
}

async function deleteUpload(storage: ObjectStorage, key: string): Promise<void> {
  if (SHOW_IMAGE_KEY.test(key)) await deleteShowImage(storage, key);
  else await storage.delete(key);
}

export interface UploadSweepResult {
  /** Proofs and show images found in storage. */
  scanned: number;
  /** Older than a day and named by no row: removed. */
  deleted: number;
  /** Older than a day but named by some row. */
  referenced: number;
  /** Younger than a day: left alone whatever names them. */
  young: number;
}

/**
 * Removes deposit proofs and show images that no row names and that were written
 * more than a day ago (decision 0061): a show image replaced or uploaded and never
 * saved, the proof of a checkout that never became an order. Each batch is deleted
 * while organiser saves wait on a SHARE lock and after the references were read again
 * under it, so an image saved while the sweep runs is seen and kept.
 */
export async function sweepUnreferencedUploads(deps: {
  db: Db;
  storage: ObjectStorage;
  clock: () => Date;
  minAgeMs?: number;
  /** How long a batch waits for saves in flight (uploads-sweep.repo.ts); 500 ms. */
  lockTimeoutMs?: number;
}): Promise<UploadSweepResult> {
  const before = deps.clock().getTime() - (deps.minAgeMs ?? UPLOAD_SWEEP_MIN_AGE_MS);
  const prefixes = SWEPT.map((s) => s.prefix);
  const listed = new Set<string>();
  const copies: StoredObject[] = [];
  const old: string[] = [];
  let scanned = 0;
  let young = 0;
  const look = (object: StoredObject) => {
    scanned += 1;
    if (object.modifiedAt.getTime() > before) young += 1;
    else old.push(object.key);
  };
  for (const { prefix, name } of SWEPT) {
    for await (const object of deps.storage.list(prefix)) {
      listed.add(object.key);
      if (name.test(object.key)) look(object);
      else if (showImageOriginalPrefix(object.key)) copies.push(object);
    }
  }
  for (const copy of copies) if (isOrphanCopy(copy.key, listed)) look(copy);
  if (old.length === 0) return { scanned, deleted: 0, referenced: 0, young };

  // A first read outside the lock: most old keys are referenced, and nothing waits for it.
  const named = await findReferencedKeys(deps.db, prefixes);
  const stale = old.filter((key) => !isNamed(key, named));
  let deleted = 0;
  for (let at = 0; at < stale.length; at += DELETE_BATCH) {
    const batch = stale.slice(at, at + DELETE_BATCH);
    deleted += await deps.db.$transaction(
      async (tx) => {
        await lockOrganiserReferences(tx, deps.lockTimeoutMs);
        // Read again under the lock: a save committed since the first read is seen here,
        // and one that starts now waits until these deletes are done.
        const stillNamed = await findReferencedKeys(tx, prefixes);
        const gone = batch.filter((key) => !isNamed(key, stillNamed));
        // The deletes run under the lock on purpose: that is what keeps a save out.
        for (const key of gone) await deleteUpload(deps.storage, key);
        return gone.length;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  }
  return { scanned, deleted, referenced: old.length - deleted, young };
}
