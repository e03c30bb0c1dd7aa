import {
  SHOW_IMAGE_KEY,
  SHOW_IMAGE_VARIANT_TYPE,
  SHOW_IMAGE_WIDTHS,
  showImageVariantName,
} from '@taquilla/contract';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { makeShowImageVariants } from './images.variants.ts';

/** Where uploaded show images live (storage.public.ts serves them). */
const SHOW_IMAGES_FOLDER = 'public/shows/';
/** How long one run makes copies; the next run goes on where it stopped. */
export const VARIANTS_BACKFILL_BUDGET_MS = 20_000;
/** An original larger than this is not read into memory (uploads are 5 MB by default). */
const MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

export interface VariantsBackfillResult {
  /** Uploaded originals found in storage. */
  originals: number;
  /** Originals that had every copy already. */
  complete: number;
  /** Originals whose missing copies were made in this run. */
  made: number;
  /** Originals that could not be read or decoded (logged once per process, then skipped). */
  failed: number;
  /** Originals still missing copies when the run's time was up. */
  left: number;
}

async function readAll(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const found = await storage.openRead(key);
  if (!found) return null;
  if (found.size > MAX_ORIGINAL_BYTES) {
    found.body.destroy();
    throw new Error(`show image of ${found.size} bytes not read for its copies`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The backfill of decision 0071: every uploaded show image gets its WebP copies,
 * whenever it was stored. Images uploaded before the copies existed, and an upload
 * whose process died between its copies and its original, are found by listing the
 * folder and comparing names; only the missing widths are made. Idempotent: a second
 * run finds nothing to do. A run stops making copies after `budgetMs`, so the sweeper
 * queue it shares is never held long; until an image has its copies the SPA shows the
 * original.
 */
export async function makeMissingShowImageVariants(deps: {
  storage: ObjectStorage;
  log: { warn: (o: object, m: string) => void };
  /** Originals that failed before in this process: skipped, so a broken file logs once. */
  failedBefore?: Set<string>;
  budgetMs?: number;
  now?: () => number;
}): Promise<VariantsBackfillResult> {
  const now = deps.now ?? (() => performance.now());
  const deadline = now() + (deps.budgetMs ?? VARIANTS_BACKFILL_BUDGET_MS);
  const keys = new Set<string>();
  for await (const object of deps.storage.list(SHOW_IMAGES_FOLDER)) keys.add(object.key);

  const result: VariantsBackfillResult = { originals: 0, complete: 0, made: 0, failed: 0, left: 0 };
  for (const key of [...keys].sort()) {
    if (!SHOW_IMAGE_KEY.test(key)) continue;
    result.originals += 1;
    const missing = SHOW_IMAGE_WIDTHS.filter((w) => !keys.has(showImageVariantName(key, w)));
    if (missing.length === 0) {
      result.complete += 1;
      continue;
    }
    if (deps.failedBefore?.has(key)) {
      result.failed += 1;
      continue;
    }
    if (now() >= deadline) {
      result.left += 1;
      continue;
    }
    try {
      const body = await readAll(deps.storage, key);
      // Deleted since the listing (the unreferenced-uploads sweep): nothing to copy.
      if (!body) continue;
      const { variants } = await makeShowImageVariants(body, missing);
      for (const variant of variants) {
        const name = showImageVariantName(key, variant.width);
        await deps.storage.put(name, variant.body, SHOW_IMAGE_VARIANT_TYPE);
      }
      result.made += 1;
    } catch (err) {
      result.failed += 1;
      deps.failedBefore?.add(key);
      deps.log.warn({ err, key }, 'show image copies could not be made; the original is shown');
    }
  }
  return result;
}
