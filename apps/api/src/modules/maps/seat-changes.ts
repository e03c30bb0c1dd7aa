import { randomUUID } from 'node:crypto';
import type { SeatChangeMessage } from '@taquilla/contract';
import type { Redis } from 'ioredis';
import { realtimeEnvelope, realtimeRedisChannel } from '../../plugins/realtime-hub.ts';

export type SeatChange = SeatChangeMessage['changes'][number];

/** The public realtime channel of a show's (a date's) seats. */
export const showSeatsChannel = (showId: string) => `show-seats/${showId}`;

/** How long a show's seat version lives without a change (it is made again on the next one). */
const VERSION_TTL_SECONDS = 24 * 3600;

/**
 * Announces seat changes after they commit (ARCHITECTURE §5): first a new
 * random version of the show's seats in Redis, which every instance's seat
 * state snapshot is checked against, then the message on
 * `show-seats/{showId}`. In that order, a map that hears of a change and asks
 * for the section's states never gets the state from before the change.
 * A random token (not a counter) stays correct when Redis is flushed.
 */
export function createSeatChanges(deps: {
  redis: Redis;
  namespace: string;
  log: { warn: (o: object, m: string) => void };
  /** The ticket counts sent on the same channels (decision 0079): every show announced is touched. */
  ticketCounts?: { touched(showId: string): void };
}) {
  const versionKey = (showId: string) => `${deps.namespace}:seatver:${showId}`;

  return {
    versionKey,

    /**
     * The show's current seat version; null when none was made since Redis started.
     * Asked by every seat-state read and seat hold, so the reads asked in one turn of the
     * event loop go to Redis as one MGET, sent once that turn's requests have all arrived
     * (never one already sent): each still reads a version no older than its request.
     */
    version: batchedVersions(deps.redis, versionKey),

    /**
     * Never throws: the changes are committed already, and a map that misses
     * the message still reads the database through a snapshot that expires.
     * `countsTouched` names shows whose ticket counts changed without a seat
     * change (a counted hold or release): their counts go out with the others'.
     */
    async announce(
      changesByShow: Map<string, SeatChange[]>,
      countsTouched: Iterable<string> = [],
    ): Promise<void> {
      for (const showId of countsTouched) deps.ticketCounts?.touched(showId);
      for (const [showId, changes] of changesByShow) {
        if (changes.length === 0) continue;
        deps.ticketCounts?.touched(showId);
        try {
          const message: SeatChangeMessage = { event: 'seats', show_uid: showId, changes };
          const channel = showSeatsChannel(showId);
          // One round trip; Redis runs the two in order.
          await deps.redis
            .multi()
            .set(versionKey(showId), randomUUID(), 'EX', VERSION_TTL_SECONDS)
            .publish(
              realtimeRedisChannel(deps.namespace, channel),
              realtimeEnvelope(channel, message),
            )
            .exec();
        } catch (err) {
          deps.log.warn({ err, showId }, 'seat changes not announced');
        }
      }
    },
  };
}

export type SeatChanges = ReturnType<typeof createSeatChanges>;

type Waiter = { resolve: (version: string | null) => void; reject: (err: unknown) => void };

/**
 * Version reads batched per turn of the event loop (decision 0081): those asked before
 * the turn's `setImmediate` share one MGET, one write to Redis instead of one per
 * request; a read asked after it was sent waits for the next batch.
 */
export function batchedVersions(redis: Pick<Redis, 'mget'>, key: (showId: string) => string) {
  let waiting = new Map<string, Waiter[]>();
  const send = () => {
    const batch = waiting;
    waiting = new Map();
    const shows = [...batch.keys()];
    redis.mget(shows.map(key)).then(
      (versions) =>
        shows.forEach((show, i) => {
          for (const w of batch.get(show) ?? []) w.resolve(versions[i] ?? null);
        }),
      (err: unknown) => {
        for (const list of batch.values()) for (const w of list) w.reject(err);
      },
    );
  };
  return (showId: string): Promise<string | null> =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(send);
      const list = waiting.get(showId);
      if (list) list.push({ resolve, reject });
      else waiting.set(showId, [{ resolve, reject }]);
    });
}

/** Groups changes by show for announce(). */
export function seatChangesByShow(
  rows: { showId: string; seatId: string; sectionId: string }[],
  change: SeatChange['change'],
): Map<string, SeatChange[]> {
  const byShow = new Map<string, SeatChange[]>();
  for (const row of rows) {
    const list = byShow.get(row.showId) ?? [];
    list.push({ seat_uid: row.seatId, section_uid: row.sectionId, change });
    byShow.set(row.showId, list);
  }
  return byShow;
}
