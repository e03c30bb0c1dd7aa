import { REALTIME_SESSION_ENDED, REALTIME_SESSION_REPLACED } from '@taquilla/contract';
import type { Db } from '../../infra/db.ts';
import type { RealtimeHub, RealtimeSocket } from '../../plugins/realtime-hub.ts';
import { createAnnouncedSweep } from './realtime.announced-sweep.ts';
import { SESSIONS_ENDED_CHANNEL } from '../auth/session-endings.ts';
import type { SessionsEnded } from '../auth/session-endings.ts';

/** How a socket of an ended session is closed: 4401 ended, 4409 replaced (0052). */
type CloseWith = { code: number; reason: string };

/** What the registry needs of a socket: ws's WebSocket satisfies it. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/**
 * How long an announced ending is remembered here: a socket whose session was read
 * as live just before the ending committed, and that registers after the
 * announcement arrived, is still closed.
 */
const RECENT_ENDING_MS = 120_000;
/** Sessions looked up per query in a sweep. */
const SWEEP_BATCH = 1_000;

/**
 * The sockets of this instance that a session authenticated, by session id
 * (decision 0052). An ending announced on the hub's internal channel (from any
 * instance) closes them with 4401 and a Spanish reason; a sweep every
 * `sweepMs` (REALTIME_SESSION_SWEEP_SECONDS) closes those whose session expired, lost its role, was
 * deleted, or whose ending announcement was lost.
 */
export function createSessionSockets(deps: {
  hub: RealtimeHub;
  db: Db;
  clock: () => Date;
  log: { warn: (o: object, m: string) => void };
  /** How often this instance checks that its sockets' sessions are still live. */
  sweepMs: number;
}) {
  const bySession = new Map<string, Set<ClosableSocket>>();
  /** Sessions ended lately, with when and how their sockets are closed. */
  const recentEndings = new Map<string, { at: number; close: CloseWith }>();

  function closeSession(sessionId: string, close: CloseWith = REALTIME_SESSION_ENDED): number {
    const sockets = bySession.get(sessionId);
    bySession.delete(sessionId);
    for (const socket of sockets ?? []) {
      socket.close(close.code, close.reason);
    }
    return sockets?.size ?? 0;
  }

  function ended(sessionIds: readonly string[], close: CloseWith): void {
    const now = Date.now();
    for (const [id, ending] of recentEndings) {
      if (now - ending.at > RECENT_ENDING_MS) recentEndings.delete(id);
    }
    for (const id of sessionIds) {
      recentEndings.set(id, { at: now, close });
      closeSession(id, close);
    }
  }

  /** The hub hands the internal channel's messages to this listener as to a socket. */
  const listener: RealtimeSocket = {
    readyState: 1,
    send(payload: string) {
      try {
        const { data } = JSON.parse(payload) as { data: SessionsEnded };
        if (Array.isArray(data.sessions)) {
          ended(
            data.sessions.filter((id): id is string => typeof id === 'string'),
            data.replaced === true ? REALTIME_SESSION_REPLACED : REALTIME_SESSION_ENDED,
          );
        }
      } catch (err) {
        deps.log.warn({ err }, 'unreadable ended-sessions message');
      }
    },
  };

  /** The ids among `ids` whose session is still live (not ended, not expired, role held). */
  async function liveAmong(ids: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    const now = deps.clock().getTime();
    for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
      const rows = await deps.db.session.findMany({
        where: { id: { in: ids.slice(i, i + SWEEP_BATCH) }, endedAt: null },
        select: { id: true, expiresAt: true, role: true, user: { select: { roles: true } } },
      });
      for (const row of rows) {
        if (row.expiresAt.getTime() > now && row.user.roles.includes(row.role)) live.add(row.id);
      }
    }
    return live;
  }

  /** Closes the sockets whose session is no longer live; answers how many it closed. */
  async function sweep(): Promise<number> {
    const ids = [...bySession.keys()];
    if (ids.length === 0) return 0;
    const live = await liveAmong(ids);
    let closed = 0;
    for (const id of ids) {
      if (!live.has(id)) closed += closeSession(id);
    }
    return closed;
  }

  const announced = createAnnouncedSweep({
    hub: deps.hub,
    channel: SESSIONS_ENDED_CHANNEL,
    listener,
    sweep,
    sweepMs: deps.sweepMs,
    log: deps.log,
    messages: {
      notHeard: 'session endings not heard yet; trying again at the next sweep',
      sweepFailed: 'session sweep failed',
    },
  });

  return {
    /** Listens to endings from every instance and starts the sweep. */
    start: announced.start,

    /**
     * A socket the live session `sessionId` authenticated; answers the function that
     * forgets it (on its close). An ending announced before it got here closes it now.
     */
    track(sessionId: string, socket: ClosableSocket): () => void {
      const ending = recentEndings.get(sessionId);
      if (ending) {
        socket.close(ending.close.code, ending.close.reason);
        return () => undefined;
      }
      let sockets = bySession.get(sessionId);
      if (!sockets) {
        sockets = new Set();
        bySession.set(sessionId, sockets);
      }
      sockets.add(socket);
      return () => {
        const current = bySession.get(sessionId);
        current?.delete(socket);
        if (current?.size === 0) bySession.delete(sessionId);
      };
    },

    sweep,

    /** Sockets tracked here (for tests and metrics). */
    count(): number {
      let total = 0;
      for (const sockets of bySession.values()) total += sockets.size;
      return total;
    },

    async close(): Promise<void> {
      announced.stop();
      bySession.clear();
    },
  };
}

export type SessionSockets = ReturnType<typeof createSessionSockets>;
