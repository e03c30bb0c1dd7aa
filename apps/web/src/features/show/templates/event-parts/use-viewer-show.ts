import { useEffect, useState } from 'react';
import { activationEndpoints } from '@taquilla/contract/plain';
import type { ViewerShow } from '@taquilla/contract';
import { apiCall } from '../../../../api/client';
import { useSession } from '../../../../session/session-context';

export type ViewerShowState =
  { status: 'loading' } | { status: 'ready'; viewerShow: ViewerShow | null };

/**
 * The signed-in viewer's activated ticket for a show (GET
 * /viewers/viewers/{viewerId}/shows/{showId}, 002 §7). Nobody signed in: none, without
 * asking. Any error reads as none (002 §8 "Viewer-show lookup failure").
 */
export function useViewerShow(showId: string): ViewerShowState {
  const session = useSession();
  const viewerId = session.viewer?._id ?? null;
  const key = `${viewerId ?? ''} ${showId}`;
  const [result, setResult] = useState<{ key: string; viewerShow: ViewerShow | null } | null>(null);

  useEffect(() => {
    if (!viewerId) return;
    const controller = new AbortController();
    apiCall(activationEndpoints.getViewerShow, {
      params: { viewerId, showId },
      signal: controller.signal,
    }).then(
      (viewerShow) => setResult({ key, viewerShow }),
      () => {
        if (!controller.signal.aborted) setResult({ key, viewerShow: null });
      },
    );
    return () => controller.abort();
  }, [viewerId, showId, key]);

  if (session.status === 'loading') return { status: 'loading' };
  if (!viewerId) return { status: 'ready', viewerShow: null };
  if (result?.key !== key) return { status: 'loading' };
  return { status: 'ready', viewerShow: result.viewerShow };
}

/** 002 §3: a viewer-show's code grants access while `expires_on` is after now (or absent). */
export function isViewerShowActive(viewerShow: ViewerShow | null, now = Date.now()): boolean {
  if (!viewerShow) return false;
  const expiresOn = viewerShow.payment_info.expires_on;
  return expiresOn === null || Date.parse(expiresOn) > now;
}
