import { statsEndpoints } from '@taquilla/contract/plain';
import type { GeoLocation } from '@taquilla/contract';
import { apiCall } from '../../../api/client';
import { readCartSessionId } from '../../../cart/cart-session-id';

/**
 * POST /stats/shows/{id}/player (001 §3, §7): the player says when it is ready and when
 * the video loaded, with the device, the location it was told and the code it entered
 * with. The server takes the user, viewer and address from the request itself. A
 * failure is ignored: analytics never stand between a viewer and the show.
 */
export function reportPlayerEvent(input: {
  showUid: string;
  action: 'ready' | 'loaded';
  geo: GeoLocation | null;
  code: string | null;
}): void {
  apiCall(statsEndpoints.recordPlayerEvent, {
    params: { id: input.showUid },
    body: {
      action: input.action,
      type: 'player',
      device: navigator.userAgent.slice(0, 500),
      session_uid: readCartSessionId(),
      location: input.geo,
      code: input.code,
    },
  }).catch(() => undefined);
}
