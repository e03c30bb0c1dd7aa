import { useState } from 'react';
import { TicketIcon } from '../icons';

/**
 * A show's picture (decorative: the card or page names the show), or a ticket drawn in
 * its place when it has none or it fails to load (never the browser's broken-image
 * icon). Lazy unless `priority` (the show page's own image).
 */
export function ShowImage({
  src,
  imageClassName,
  placeholderClassName,
  iconSize,
  priority = false,
}: {
  src: string | null;
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
  const onError = () => setFailed(src);
  return priority ? (
    <img className={imageClassName} src={src} alt="" fetchPriority="high" onError={onError} />
  ) : (
    <img className={imageClassName} src={src} alt="" loading="lazy" onError={onError} />
  );
}
