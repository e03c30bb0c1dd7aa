import type { TicketCountMessage } from '@taquilla/contract';
import type { Redis } from 'ioredis';
import type { Db } from '../../infra/db.ts';
import { realtimeEnvelope, realtimeRedisChannel } from '../../plugins/realtime-hub.ts';
import { showSeatsChannel } from '../maps/seat-changes.ts';
import type { TicketScope } from './tickets.repo.ts';
import { loadTicketCounts, ticketScope } from './tickets.service.ts';

/** Touches of a show within this window make one read and one message (decision 0079). */
export const TICKET_COUNTS_WINDOW_MS = 250;

/**
 * How long a show's scope (its own list, or a date of its parent's) is believed: a show
 * rarely becomes a date or stops being one, and this bounds how long a message goes to
 * the old channel after it does.
 */
const SCOPE_TTL_MS = 60_000;

export interface TicketCounts {
  /** The show's (or date's) ticket counts may have changed: they go out within the window. */
  touched(showId: string): void;
  /** Stops the timer and waits for a read under way; later touches are ignored. */
  close(): Promise<void>;
}

/**
 * Sends real_available on `show-seats/{showId}` after holds, releases and sales
 * (decision 0079). Touches are coalesced: the first touch starts a window, and when it
 * ends every show touched in it is read once and sent once, so a rush of holds on one
 * show costs one statement and one message per window on each instance, however many
 * holds it had. A date touched sends its own list (per-date numbers) on its channel and
 * its parent's list (the best of the dates) on the parent's: a page listens on the
 * channel of the show whose tickets it lists. Never throws: the change is committed, and
 * a page that misses a message reads the counts again when it joins.
 */
export function createTicketCounts(deps: {
  db: Db;
  redis: Redis;
  namespace: string;
  clock: () => Date;
  log: { warn: (o: object, m: string) => void };
  windowMs?: number;
}): TicketCounts {
  const windowMs = deps.windowMs ?? TICKET_COUNTS_WINDOW_MS;
  const scopes = new Map<string, { scope: TicketScope | null; until: number }>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let isClosed = false;

  async function scopesOf(showIds: string[]): Promise<TicketScope[]> {
    const now = Date.now();
    const unknown = showIds.filter((id) => (scopes.get(id)?.until ?? 0) <= now);
    if (unknown.length > 0) {
      const shows = await deps.db.show.findMany({
        where: { id: { in: unknown } },
        select: { id: true, parentShowId: true, settings: true, status: true },
      });
      for (const [id, entry] of scopes) if (entry.until <= now) scopes.delete(id);
      for (const id of unknown) scopes.set(id, { scope: null, until: now + SCOPE_TTL_MS });
      for (const show of shows) {
        // A draft has no public channel and sells nothing.
        const scope = show.status === 'NEW' ? null : ticketScope(show);
        scopes.set(show.id, { scope, until: now + SCOPE_TTL_MS });
      }
    }
    return showIds.flatMap((id) => scopes.get(id)?.scope ?? []);
  }

  async function send(ownerId: string, dateIds: string[]): Promise<void> {
    const counts = await loadTicketCounts(deps.db, ownerId, dateIds, deps.clock());
    const pipeline = deps.redis.pipeline();
    for (const [dateId, tickets] of counts) {
      const showId = dateId ?? ownerId;
      const channel = showSeatsChannel(showId);
      const message: TicketCountMessage = { event: 'tickets', show_uid: showId, tickets };
      pipeline.publish(
        realtimeRedisChannel(deps.namespace, channel),
        realtimeEnvelope(channel, message),
      );
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([err]) => err)?.[0];
    if (failed) throw failed;
  }

  async function flush(showIds: string[]): Promise<void> {
    let owners: Map<string, Set<string>>;
    try {
      owners = new Map();
      for (const scope of await scopesOf(showIds)) {
        const dates = owners.get(scope.ownerId) ?? new Set<string>();
        if (scope.dateId) dates.add(scope.dateId);
        owners.set(scope.ownerId, dates);
      }
    } catch (err) {
      deps.log.warn({ err, showIds }, 'ticket counts not sent');
      return;
    }
    for (const [ownerId, dates] of owners) {
      if (isClosed) return;
      try {
        await send(ownerId, [...dates]);
      } catch (err) {
        deps.log.warn({ err, showId: ownerId }, 'ticket counts not sent');
      }
    }
  }

  function endWindow(): void {
    timer = null;
    const showIds = [...pending];
    pending = new Set();
    // One window's reads after the previous one's: never two at once.
    running = running.then(() => flush(showIds));
  }

  return {
    touched(showId) {
      if (isClosed) return;
      pending.add(showId);
      timer ??= setTimeout(endWindow, windowMs);
    },
    async close() {
      isClosed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending = new Set();
      await running;
    },
  };
}
