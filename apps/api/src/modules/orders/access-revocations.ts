import type { Redis } from 'ioredis';
import { publishRealtime } from '../../plugins/realtime-hub.ts';
import type { ViewerAccess } from './access-revocations.repo.ts';

/**
 * The hub's internal channel on which revoked watch access travels to every API
 * instance (decision 0064), as ended sessions do on theirs (0052). No client can
 * subscribe to it: it matches none of the channel patterns subscriptions are checked
 * against.
 */
export const ACCESS_REVOKED_CHANNEL = 'internal/access-revoked';

/** The status the order was left in: the player says which (REFUND or CANCELLED). */
export type RevokingStatus = 'REFUND' | 'CANCELLED';

/** What travels on ACCESS_REVOKED_CHANNEL. */
export interface AccessRevoked {
  access: ViewerAccess[];
  orderStatus: RevokingStatus;
}

export interface AccessRevocations {
  /**
   * Tells every instance, after the transaction that voided the codes committed, that
   * these viewers lost these shows: their sockets watching them close (4403). A lost
   * announcement is logged, never the caller's failure: the access is already refused
   * by every playback call and subscription, and each instance's sweep closes the socket.
   */
  announce(access: readonly ViewerAccess[], orderStatus: RevokingStatus): Promise<void>;
}

export const NO_ACCESS_REVOCATIONS: AccessRevocations = { announce: async () => undefined };

export function createAccessRevocations(deps: {
  redis: Pick<Redis, 'publish'>;
  namespace: string;
  log: { warn: (o: object, m: string) => void };
}): AccessRevocations {
  return {
    async announce(access, orderStatus) {
      if (access.length === 0) return;
      const message: AccessRevoked = { access: [...access], orderStatus };
      try {
        await publishRealtime(deps.redis, deps.namespace, ACCESS_REVOKED_CHANNEL, message);
      } catch (err) {
        deps.log.warn({ err, access: access.length }, 'revoked access not announced');
      }
    },
  };
}
