import { useState } from 'react';
import { ContentImage, WIDE_BOX } from '../content-image';
import { TicketIcon } from '../icons';

/**
 * `sizes` of a show card's image in a grid of `minmax(250px, 1fr)` columns across the
 * content (1200 px at most): one column on a phone, two on a tablet, three or four on
 * a desktop.
 */
export const CARD_IMAGE_SIZES = '(max-width: 599px) 100vw, (max-width: 899px) 50vw, 400px';

/**
 * A show's picture (decorative: the card or page names the show) in a 16:9 box, or a
 * ticket drawn in its place when it has none or it fails to load (never the browser's
 * broken-image icon). Lazy unless `priority` (the show page's own image); copies at a
 * phone's and a desktop's width as ContentImage gives them.
 */
export function ShowImage({
  src,
  sizes,
  imageClassName,
  placeholderClassName,
  iconSize,
  priority = false,
}: {
  src: string | null;
  /** How wide the image is drawn (`sizes`); a card's by default. */
  sizes?: string;
  imageClassName?: string;
  placeholderClassName: string;
  iconSize: number;
  priority?: boolean;
}) {
  // The address that failed: another `src` gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div className={placeholderClassName} aria-hidden="true">
        <TicketIcon width={iconSize} height={iconSize} />
      </div>
    );
  }
  return (
    <ContentImage
      className={imageClassName}
      src={src}
      alt=""
      box={WIDE_BOX}
      sizes={sizes ?? CARD_IMAGE_SIZES}
      priority={priority}
      onError={() => setFailed(src)}
    />
  );
}
