import {
  SHOW_IMAGE_VARIANT_TYPE,
  SHOW_IMAGE_WIDTHS,
  showImageVariantName,
} from '@taquilla/contract';
import type { ShowImageWidth } from '@taquilla/contract';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { makeShowImageVariants } from './images.variants.ts';

export interface StoredShowImage {
  width: number;
  height: number;
  /** The copies' keys, narrowest first. */
  variants: { width: ShowImageWidth; key: string }[];
}

/** Every key an uploaded show image occupies: the original and its copies. */
export function showImageKeys(key: string): string[] {
  return [key, ...SHOW_IMAGE_WIDTHS.map((width) => showImageVariantName(key, width))];
}

/**
 * Stores an uploaded show image and its WebP copies (decision 0071). The copies are
 * written first and the original last, so a stored original always has its copies
 * (the SPA's `srcset` relies on it); if any write fails, what was written is removed
 * again and the error is thrown. The copies are made here, in the upload, before its
 * answer: the URL is never handed out without them.
 */
export async function storeShowImage(
  storage: ObjectStorage,
  key: string,
  body: Buffer,
  contentType: string,
): Promise<StoredShowImage> {
  const made = await makeShowImageVariants(body);
  const variants = made.variants.map((variant) => ({
    ...variant,
    key: showImageVariantName(key, variant.width),
  }));
  try {
    await Promise.all(
      variants.map((variant) => storage.put(variant.key, variant.body, SHOW_IMAGE_VARIANT_TYPE)),
    );
    await storage.put(key, body, contentType);
  } catch (err) {
    await deleteShowImage(storage, key).catch(() => undefined);
    throw err;
  }
  return {
    width: made.width,
    height: made.height,
    variants: variants.map(({ width, key: variantKey }) => ({ width, key: variantKey })),
  };
}

/**
 * Removes a show image, then its copies (a missing one is no error): stopped halfway,
 * what is left is copies without an original, which the unreferenced-uploads sweep
 * removes, never an original without its copies.
 */
export async function deleteShowImage(storage: ObjectStorage, key: string): Promise<void> {
  const [original, ...copies] = showImageKeys(key);
  await storage.delete(original as string);
  await Promise.all(copies.map((k) => storage.delete(k)));
}
