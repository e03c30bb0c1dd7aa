import type { Redis } from 'ioredis';
import { publishRealtime } from '../../plugins/realtime-hub.ts';

/**
 * The hub's internal channel on which ended sessions travel to every API instance
 * (decision 0052). No client can subscribe to it: it matches none of the channel
 * patterns the sockets' subscriptions are checked against.
 */
export const SESSIONS_ENDED_CHANNEL = 'internal/sessions-ended';

/** What travels on SESSIONS_ENDED_CHANNEL: the public ids of sessions that just ended. */
export interface SessionsEnded {
  sessions: string[];
  /** Ended by a login of the same account elsewhere (4409), not a logout or reset (4401). */
  replaced?: boolean;
}

export interface SessionEndings {
  /**
   * Tells every instance that these sessions ended, after the transaction that
   * ended them committed, so their realtime sockets close. A lost announcement is
   * logged, never the caller's failure: the session is already over for HTTP, and
   * each instance's sweep closes the socket within a heartbeat.
   */
  announce(sessionIds: readonly string[], options?: { replaced?: boolean }): Promise<void>;
}

export const NO_SESSION_ENDINGS: SessionEndings = { announce: async () => undefined };

export function createSessionEndings(deps: {
  redis: Pick<Redis, 'publish'>;
  namespace: string;
  log: { warn: (o: object, m: string) => void };
}): SessionEndings {
  return {
    async announce(sessionIds, options = {}) {
      if (sessionIds.length === 0) return;
      const message: SessionsEnded = {
        sessions: [...sessionIds],
        ...(options.replaced ? { replaced: true } : {}),
      };
      try {
        await publishRealtime(deps.redis, deps.namespace, SESSIONS_ENDED_CHANNEL, message);
      } catch (err) {
        deps.log.warn({ err, sessions: sessionIds.length }, 'ended sessions not announced');
      }
    },
  };
}
