import type { ReactNode } from 'react';
import type { Landing } from '@taquilla/contract';
import { previewGuard, redeemHref } from './redeem';

type Download = NonNullable<Landing['downloads']>[number];

/**
 * A file of the page, through the counted redeem (`download` asks the browser to keep
 * it). Its visible text may be generic ("Descargar"): `label`, the accessible name,
 * starts with that text and says what it downloads.
 */
export function DownloadLink({
  file,
  label,
  preview,
  className = 'button button--secondary',
  children,
}: {
  file: string;
  label: string;
  preview?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={redeemHref(file)}
      download
      aria-label={label}
      onClick={previewGuard(preview)}
    >
      {children}
    </a>
  );
}

/** Files in the organiser's order, each with its title and its download link. */
export function DownloadList({
  items,
  action,
  separator = ' ',
  preview,
  className = '',
}: {
  items: readonly Download[];
  /** The link's visible text; the accessible name adds the file's title. */
  action: string;
  separator?: string;
  preview?: boolean;
  className?: string;
}) {
  return (
    <ol className={`event-downloads ${className}`.trim()}>
      {items.map((item, index) => (
        <li key={`${index} ${item.file}`} className="event-download">
          <span className="event-download__title">{item.title}</span>
          <DownloadLink
            file={item.file}
            label={`${action}${separator}${item.title}`}
            preview={preview}
          >
            {action}
          </DownloadLink>
        </li>
      ))}
    </ol>
  );
}
