import { useState } from 'react';
import { showImageVariants } from '@taquilla/contract/plain';
import { NARROW_IMAGE_MEDIA } from '@taquilla/domain';

/** A picture's box: its shape in pixels (the CSS decides how big it is drawn). */
export type ImageBox = { width: number; height: number };

/** The common boxes: a show's main image and cards (16:9), a film poster (2:3), a photo. */
export const WIDE_BOX: ImageBox = { width: 1600, height: 900 };
export const POSTER_BOX: ImageBox = { width: 600, height: 900 };
export const SQUARE_BOX: ImageBox = { width: 600, height: 600 };

type ContentImageProps = {
  src: string;
  alt: string;
  box: ImageBox;
  /** How wide it is drawn at each screen width, for the browser's pick among the copies. */
  sizes: string;
  className?: string;
  /**
   * The page's likely largest paint (a home hero, a show page's image): asked for
   * first and at once. Anything else loads when it nears the screen.
   */
  priority?: boolean;
  /** Another picture under 900 px (a header's phone version), with its own box. */
  narrow?: { src: string; box: ImageBox } | null;
  /** Called when the picture itself (not a copy) fails to load. */
  onError?: () => void;
};

const srcSetOf = (copies: { url: string; width: number }[]) =>
  copies.map((copy) => `${copy.url} ${copy.width}w`).join(', ');

/**
 * A content image (decision 0071): its box's `width`/`height` so the page never
 * shifts when it arrives, the uploaded image's WebP copies as `srcset` with `sizes`
 * (a phone downloads the 480 or 960 px copy, never the original), the original as
 * the `<img>` for any other address and for browsers without WebP, lazy and
 * decoded off the main thread unless it is the page's `priority` image. If a copy
 * fails (an image stored before copies were made, until the backfill reaches it)
 * the original is shown instead; if the original fails, `onError`.
 */
export function ContentImage({
  src,
  alt,
  box,
  sizes,
  className,
  priority = false,
  narrow = null,
  onError,
}: ContentImageProps) {
  const sources = `${src} ${narrow?.src ?? ''}`;
  // The addresses whose copies failed: new addresses get their own try.
  const [copiesFailed, setCopiesFailed] = useState<string | null>(null);
  const useCopies = copiesFailed !== sources;
  const copies = useCopies ? showImageVariants(src) : [];
  const narrowCopies = useCopies && narrow ? showImageVariants(narrow.src) : [];
  const hasCopies = copies.length > 0 || narrowCopies.length > 0;
  const showNarrow = narrow !== null && narrow.src !== src;

  const image = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={box.width}
      height={box.height}
      {...(priority
        ? { fetchPriority: 'high' as const }
        : { loading: 'lazy' as const, decoding: 'async' as const })}
      onError={() => {
        if (hasCopies) setCopiesFailed(sources);
        else onError?.();
      }}
    />
  );
  if (!hasCopies && !showNarrow) return image;
  return (
    <picture>
      {showNarrow && narrowCopies.length > 0 && (
        <source
          media={NARROW_IMAGE_MEDIA}
          type="image/webp"
          srcSet={srcSetOf(narrowCopies)}
          sizes={sizes}
          width={narrow.box.width}
          height={narrow.box.height}
        />
      )}
      {showNarrow && (
        <source
          media={NARROW_IMAGE_MEDIA}
          srcSet={narrow.src}
          width={narrow.box.width}
          height={narrow.box.height}
        />
      )}
      {copies.length > 0 && <source type="image/webp" srcSet={srcSetOf(copies)} sizes={sizes} />}
      {image}
    </picture>
  );
}
