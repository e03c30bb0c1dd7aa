import { useEffect, useState } from 'react';
import { adminChatEndpoints } from '@taquilla/contract/plain';
import type { ShowViewers } from '@taquilla/contract';
import { apiCall } from '../../api/client';

export const VIEWERS_EVERY_MS = 10_000;

/**
 * GET /admin/shows/{id}/viewers now and every 10 seconds. The last figures stay on
 * screen while the next are on their way, and through a failed read.
 */
export function useViewerCount(showId: string): ShowViewers | null {
  const [viewers, setViewers] = useState<ShowViewers | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const read = () => {
      apiCall(adminChatEndpoints.getShowViewers, { params: { id: showId } }).then(
        (answer) => {
          if (isCurrent) setViewers(answer);
        },
        () => undefined,
      );
    };
    read();
    const timer = setInterval(read, VIEWERS_EVERY_MS);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [showId]);

  return viewers;
}
