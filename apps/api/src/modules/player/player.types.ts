import type { ShowSettings } from '@taquilla/contract';
import type { WatchMode } from '@taquilla/domain';
import type { WatchShowRow } from './player.repo.ts';

/** What a watch code or a signed-in viewer is granted: the show, how, and until when. */
export interface WatchGrant {
  show: WatchShowRow;
  settings: ShowSettings;
  mode: WatchMode;
  code: string;
  expiresOn: Date | null;
  /**
   * The viewer whose activated ticket grants it (ticket mode), else null: the socket
   * holding it closes when that ticket's order is cancelled or refunded (decision 0064).
   */
  viewerId: string | null;
}

/**
 * Is this device still its code's (the devices module's `createDeviceCheck`, given by the
 * app)? A replaced device's playback is refused.
 */
export interface DeviceCheck {
  isCurrent(grant: WatchGrant, token: string, browserSession: string | null): Promise<boolean>;
}
