import { TicketIcon } from '../icons';

/**
 * A show's picture (decorative: the card or page names the show), or a ticket drawn in
 * its place when it has none. Lazy unless `priority` (the show page's own image).
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
  if (!src) {
    return (
      <div className={placeholderClassName} aria-hidden="true">
        <TicketIcon width={iconSize} height={iconSize} />
      </div>
    );
  }
  return priority ? (
    <img className={imageClassName} src={src} alt="" fetchPriority="high" />
  ) : (
    <img className={imageClassName} src={src} alt="" loading="lazy" />
  );
}
