import { randomUUID } from 'node:crypto';
import type { DeviceCheck, WatchGrant } from '../player/player.types.ts';
import { isSharedPassword } from '../player/viewer-token.ts';
import type { DeviceStore } from './device-store.ts';

/**
 * The key a code's device token is kept under. A personal code (access code, ticket,
 * user id) is its own key; the show's password is shared by every viewer, so 001 §4's
 * "stored as session id plus code" applies: one device per browser, nobody else's.
 */
export function deviceKeyOf(grant: WatchGrant, browserSession: string | null): string {
  if (!isSharedPassword(grant)) return grant.code;
  return `${grant.code}#${browserSession ?? randomUUID()}`;
}

/**
 * What the playback call asks (decision 0026): is the device token the player sends
 * still its code's? A replaced device's playback is refused from then on.
 */
export function createDeviceCheck(store: Pick<DeviceStore, 'isCurrent'>): DeviceCheck {
  return {
    isCurrent(grant: WatchGrant, token: string, browserSession: string | null): Promise<boolean> {
      return store.isCurrent(grant.show.id, deviceKeyOf(grant, browserSession), token);
    },
  };
}
