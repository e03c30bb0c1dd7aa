import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { DeviceStore } from './device-store.ts';
import { insertPresenceRecord } from './presence.repo.ts';

/** A device as its socket holds it: the show, the key its token is kept under, the code. */
export interface HeldDevice {
  showId: string;
  deviceKey: string;
  code: string;
  token: string;
}

/** Who watches, as the chat knows them (its participant): recorded with the presence. */
export interface PresenceIdentity {
  userId: string | null;
  viewerId: string | null;
  username: string;
}

/**
 * Presence (001 §7): every 180000 ms the player reports that it is still watching; the
 * record carries the identity the server knows. Only the device that holds the code
 * now may report: a replaced one is told so (DEVICE_REPLACED).
 */
export function createDevicesService(deps: { db: Db; clock: () => Date; store: DeviceStore }) {
  return {
    async recordPresence(device: HeldDevice, participant: PresenceIdentity): Promise<Date> {
      const now = deps.clock();
      if (!(await deps.store.touch(device.showId, device.deviceKey, device.token, now))) {
        throw new AppError('DEVICE_REPLACED');
      }
      const row = await insertPresenceRecord(deps.db, {
        showId: device.showId,
        userId: participant.userId,
        viewerId: participant.viewerId,
        username: participant.username,
        code: device.code,
        recordedAt: now,
      });
      return row.recordedAt;
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
