import { isAppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';

/** What a channel names: a show (events, seats, chat, polls, devices) or a cart (3-D Secure). */
export type ChannelObject = { kind: 'show' | 'cart'; id: string };

/** How long an instance remembers that an id exists, or that it does not. */
const REMEMBER_MS = 30_000;
/** Ids remembered each way; past it the oldest are forgotten first. */
const REMEMBERED_IDS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A map of ids to when they are forgotten, in insertion order, never past `REMEMBERED_IDS`. */
function memory(now: () => number) {
  const until = new Map<string, number>();
  return {
    has(key: string): boolean {
      const end = until.get(key);
      if (end === undefined) return false;
      if (end > now()) return true;
      until.delete(key);
      return false;
    },
    add(key: string): void {
      until.delete(key);
      until.set(key, now() + REMEMBER_MS);
      if (until.size > REMEMBERED_IDS) {
        const oldest = until.keys().next().value;
        if (oldest !== undefined) until.delete(oldest);
      }
    },
  };
}

/**
 * Bounds what subscriptions to channels of unknown shows and carts cost (decision 0063):
 * a probe sent thousands of `subscribe`s to made-up channels, each one a database lookup.
 *
 * - Ids this instance saw lately (30 s) exist or not are answered from memory.
 * - Otherwise one indexed lookup by primary key; an id that names nothing spends one of
 *   its address's REALTIME_UNKNOWN_CHANNELS_PER_IP a minute (Redis, every instance).
 * - An address that spent them is refused (RATE_LIMITED) before any lookup, until the
 *   minute ends; ids known to exist still pass, so its players keep working.
 */
export function createChannelLookups(deps: {
  db: Db;
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
  unknownPerAddress: RateLimitRule;
  now?: () => number;
}) {
  const now = deps.now ?? (() => performance.now());
  const known = memory(now);
  const unknown = memory(now);

  async function exists({ kind, id }: ChannelObject): Promise<boolean> {
    const where = { where: { id }, select: { id: true } } as const;
    const row =
      kind === 'show' ? await deps.db.show.findUnique(where) : await deps.db.cart.findUnique(where);
    return row !== null;
  }

  return {
    /** Whether the channel's object exists; 'limited' when its address may not ask now. */
    async check(object: ChannelObject, ip: string): Promise<'known' | 'unknown' | 'limited'> {
      if (!UUID.test(object.id)) return 'unknown';
      const key = `${object.kind}:${object.id.toLowerCase()}`;
      if (known.has(key)) return 'known';
      if (unknown.has(key)) return 'unknown';
      const budget = [{ key: `realtime-unknown:ip:${ip}`, rule: deps.unknownPerAddress }];
      try {
        await deps.rateLimiter.check(budget);
      } catch (err) {
        if (isAppError(err) && err.code === 'RATE_LIMITED') return 'limited';
        throw err;
      }
      if (await exists(object)) {
        known.add(key);
        return 'known';
      }
      unknown.add(key);
      await deps.rateLimiter.consume(budget).catch((err: unknown) => {
        if (!isAppError(err) || err.code !== 'RATE_LIMITED') throw err;
      });
      return 'unknown';
    },
  };
}

export type ChannelLookups = ReturnType<typeof createChannelLookups>;
