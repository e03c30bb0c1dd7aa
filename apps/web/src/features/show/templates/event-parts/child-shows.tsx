import type { ReactNode } from 'react';
import type { Show } from '@taquilla/contract';
import { LoadError } from '../../../../components/load-error';
import { CardsSkeleton } from './film-cards';
import { useChildShows } from './use-child-shows';

/**
 * A festival's children as `children` draws them, once loaded: cards of skeletons under
 * `loadingLabel` until then (`poster` for film posters), the failure with its retry.
 */
export function ChildShows({
  parentId,
  loadingLabel,
  poster,
  children,
}: {
  parentId: string;
  loadingLabel: string;
  poster?: boolean;
  children: (shows: Show[]) => ReactNode;
}) {
  const shows = useChildShows(parentId);
  if (shows.status === 'loading') return <CardsSkeleton label={loadingLabel} poster={poster} />;
  if (shows.status === 'error') {
    return <LoadError message={shows.error.message} onRetry={shows.retry} />;
  }
  return children(shows.data.items);
}
