import { REALTIME_ACCESS_REVOKED, accessRevokedMessage } from '@taquilla/contract';
import type { Db } from '../../infra/db.ts';
import type { RealtimeHub, RealtimeSocket } from '../../plugins/realtime-hub.ts';
import { createAnnouncedSweep } from './realtime.announced-sweep.ts';
import { ACCESS_REVOKED_CHANNEL } from '../orders/access-revocations.ts';
import type { AccessRevoked } from '../orders/access-revocations.ts';
import { findRevokedAmong } from '../orders/access-revocations.repo.ts';
import type { ViewerAccess } from '../orders/access-revocations.repo.ts';
import type { WatchGrant } from '../player/player.types.ts';
import type { ClosableSocket } from './realtime.sessions.ts';

/**
 * How long an announced revocation is remembered here: a socket whose subscription
 * read the access as held just before the void committed, and that registers after
 * the announcement arrived, is still closed.
 */
const RECENT_REVOCATION_MS = 120_000;
/** Viewer-shows looked up per query in a sweep. */
const SWEEP_BATCH = 1_000;

const keyOf = (access: ViewerAccess) => `${access.viewerId}/${access.showId}`;

function isViewerAccess(value: unknown): value is ViewerAccess {
  const access = value as Partial<ViewerAccess> | null;
  return typeof access?.viewerId === 'string' && typeof access.showId === 'string';
}

/**
 * The sockets of this instance that watch a show with a viewer's ticket (a chat, the
 * polls or the device channel accepted on a ticket's grant), by viewer and show
 * (decision 0064). A cancel or refund announced on the hub's internal channel (from
 * any instance) closes them with 4403 and the Spanish reason; a sweep every `sweepMs`
 * (REALTIME_ACCESS_SWEEP_SECONDS) closes those whose code was voided and whose
 * announcement was lost.
 */
export function createRevocableSockets(deps: {
  hub: RealtimeHub;
  db: Db;
  log: { warn: (o: object, m: string) => void };
  /** How often this instance checks that its sockets' tickets were not voided. */
  sweepMs: number;
}) {
  const byAccess = new Map<string, { access: ViewerAccess; sockets: Set<ClosableSocket> }>();
  /** Access revoked lately, with when and the reason its sockets are closed with. */
  const recentRevocations = new Map<string, { at: number; reason: string }>();

  function closeAccess(key: string, reason: string): number {
    const entry = byAccess.get(key);
    byAccess.delete(key);
    for (const socket of entry?.sockets ?? []) socket.close(REALTIME_ACCESS_REVOKED.code, reason);
    return entry?.sockets.size ?? 0;
  }

  function revoked(access: readonly ViewerAccess[], reason: string): void {
    const now = Date.now();
    for (const [key, revocation] of recentRevocations) {
      if (now - revocation.at > RECENT_REVOCATION_MS) recentRevocations.delete(key);
    }
    for (const one of access) {
      const key = keyOf(one);
      recentRevocations.set(key, { at: now, reason });
      closeAccess(key, reason);
    }
  }

  /** The hub hands the internal channel's messages to this listener as to a socket. */
  const listener: RealtimeSocket = {
    readyState: 1,
    send(payload: string) {
      try {
        const { data } = JSON.parse(payload) as { data: Partial<AccessRevoked> };
        if (Array.isArray(data.access)) {
          revoked(data.access.filter(isViewerAccess), accessRevokedMessage(data.orderStatus));
        }
      } catch (err) {
        deps.log.warn({ err }, 'unreadable revoked-access message');
      }
    },
  };

  /** Closes the sockets whose ticket was voided since; answers how many it closed. */
  async function sweep(): Promise<number> {
    const tracked = [...byAccess.values()].map((entry) => entry.access);
    let closed = 0;
    for (let i = 0; i < tracked.length; i += SWEEP_BATCH) {
      for (const row of await findRevokedAmong(deps.db, tracked.slice(i, i + SWEEP_BATCH))) {
        closed += closeAccess(keyOf(row), accessRevokedMessage(row.orderStatus));
      }
    }
    return closed;
  }

  const announced = createAnnouncedSweep({
    hub: deps.hub,
    channel: ACCESS_REVOKED_CHANNEL,
    listener,
    sweep,
    sweepMs: deps.sweepMs,
    log: deps.log,
    messages: {
      notHeard: 'access revocations not heard yet; trying again at the next sweep',
      sweepFailed: 'revoked access sweep failed',
    },
  });

  return {
    /** Listens to revocations from every instance and starts the sweep. */
    start: announced.start,

    /**
     * A socket that watches `access.showId` with `access.viewerId`'s ticket; answers the
     * function that forgets it. A revocation announced before it got here closes it now.
     */
    track(access: ViewerAccess, socket: ClosableSocket): () => void {
      const key = keyOf(access);
      const revocation = recentRevocations.get(key);
      if (revocation) {
        socket.close(REALTIME_ACCESS_REVOKED.code, revocation.reason);
        return () => undefined;
      }
      let entry = byAccess.get(key);
      if (!entry) {
        entry = {
          access: { viewerId: access.viewerId, showId: access.showId },
          sockets: new Set(),
        };
        byAccess.set(key, entry);
      }
      entry.sockets.add(socket);
      return () => {
        const current = byAccess.get(key);
        current?.sockets.delete(socket);
        if (current?.sockets.size === 0) byAccess.delete(key);
      };
    },

    sweep,

    /** Sockets tracked here, once per show they watch (for tests and metrics). */
    count(): number {
      let total = 0;
      for (const entry of byAccess.values()) total += entry.sockets.size;
      return total;
    },

    async close(): Promise<void> {
      announced.stop();
      byAccess.clear();
    },
  };
}

export type RevocableSockets = ReturnType<typeof createRevocableSockets>;

/**
 * One socket's ticket holds: the channels it joined on a ticket's grant, by viewer and
 * show. The socket is tracked for a show while at least one of them is joined, so a
 * page that left the show's player (its chat, polls and device channel) is not closed
 * when that show's ticket is revoked later.
 */
export function createTicketHolds(
  registry: Pick<RevocableSockets, 'track'>,
  socket: ClosableSocket,
) {
  const held = new Map<string, { channels: Set<string>; untrack: () => void }>();

  return {
    /** `channel` was joined on `grant`: tracked when a ticket gave it. */
    hold(channel: string, grant: WatchGrant): void {
      if (grant.mode !== 'ticket' || grant.viewerId === null) return;
      const access = { viewerId: grant.viewerId, showId: grant.show.id };
      const key = keyOf(access);
      const current = held.get(key);
      if (current) {
        current.channels.add(channel);
        return;
      }
      held.set(key, { channels: new Set([channel]), untrack: registry.track(access, socket) });
    },

    /** `channel` was left (unsubscribed, replaced by another device, or the socket closed). */
    release(channel: string): void {
      for (const [key, entry] of held) {
        if (!entry.channels.delete(channel) || entry.channels.size > 0) continue;
        held.delete(key);
        entry.untrack();
      }
    },
  };
}
