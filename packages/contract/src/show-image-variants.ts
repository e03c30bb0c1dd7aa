// Smaller copies of the organisers' show images (issue 22, decision 0071). Every image
// uploaded through POST /admin/shows/{id}/images is also stored as WebP at these widths,
// beside the original, under a name that follows from the original's: the API writes
// them, the SPA builds its `srcset` from them. The naming rule lives here, once.

/**
 * The widths (px) of the WebP copies: a phone's card or thumbnail, a phone's full
 * width (a 412 px screen at 1.75× is 721 px) or a desktop card at 2×, a desktop's
 * wide hero. A copy is never wider than its original (no enlargement), so the
 * largest names of a small picture are the original's size.
 */
export const SHOW_IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ShowImageWidth = (typeof SHOW_IMAGE_WIDTHS)[number];

/** The type every copy is stored and served as. */
export const SHOW_IMAGE_VARIANT_TYPE = 'image/webp';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const NAME = `public/shows/${UUID}/[a-z_]{1,40}-${UUID}`;

/** An uploaded show image's storage key: `public/shows/{show}/{field}-{uuid}.{ext}`. */
export const SHOW_IMAGE_KEY = new RegExp(`^${NAME}\\.(jpg|png|webp)$`);

/** A copy's key: the original's name less its extension, `-{width}w.webp`. */
export const SHOW_IMAGE_VARIANT_KEY = new RegExp(
  `^(${NAME})-(${SHOW_IMAGE_WIDTHS.join('|')})w\\.webp$`,
);

/** An uploaded image's public URL (`…/storage/{key}`), absolute or a path of this site. */
const UPLOADED_URL = new RegExp(
  `^(?:https?://[^/?#]+)?/(?:[^?#]*/)?storage/${NAME}\\.(jpg|png|webp)$`,
);

/** The key (or URL) of an original's copy at `width`: `….jpg` → `…-480w.webp`. */
export function showImageVariantName(original: string, width: ShowImageWidth): string {
  return original.replace(/\.(jpg|png|webp)$/, `-${width}w.webp`);
}

/** The original's key of a copy's key, or null when `key` names no copy. */
export function showImageOriginalPrefix(key: string): string | null {
  return SHOW_IMAGE_VARIANT_KEY.exec(key)?.[1] ?? null;
}

/**
 * The WebP copies of an image the organiser uploaded, narrowest first; none for any
 * other address (demo art, an image on another site, a link with a query). A copy
 * may still be missing (an image stored before copies were made, until the backfill
 * reaches it): a reader falls back to the original.
 */
export function showImageVariants(url: string): { width: ShowImageWidth; url: string }[] {
  if (!UPLOADED_URL.test(url)) return [];
  return SHOW_IMAGE_WIDTHS.map((width) => ({ width, url: showImageVariantName(url, width) }));
}
