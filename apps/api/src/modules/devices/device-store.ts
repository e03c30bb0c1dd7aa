import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A device token lives a day past its last sign of life (entry, presence). */
const TOKEN_TTL_SECONDS = 24 * 60 * 60;
/**
 * A code counts as connected while its socket was seen this recently: sockets are
 * refreshed by the hub's 30-second heartbeat, so a crashed instance's viewers drop out
 * of the count within this time.
 */
export const CONNECTED_WINDOW_MS = 90_000;

/** The outcome of entering a show with a code. */
export type DeviceEntry =
  | { kind: 'entered'; token: string; seq: number }
  | { kind: 'resumed'; token: string; seq: number }
  | { kind: 'replaced' };

/**
 * Enter (or resume) in one step, so two devices entering at once are ordered: each new
 * token carries a number from one counter, and the later number wins.
 * KEYS: device token, counter, connected set. ARGV: token to resume ('' for none), a
 * random part, TTL, now (ms), the code's member in the connected set.
 */
const ENTER = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] ~= '' and current == ARGV[1] then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])
  return 'resumed:' .. current
end
if ARGV[1] ~= '' and current then
  return 'replaced'
end
local seq = redis.call('INCR', KEYS[2])
local token = seq .. '.' .. ARGV[2]
redis.call('SET', KEYS[1], token, 'EX', ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])
return 'entered:' .. token
`;

/** Leaving: the code is no longer connected, unless another device holds it now. */
const LEAVE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('ZREM', KEYS[2], ARGV[2])
  return 1
end
return 0
`;

/** The order number of a token (`<seq>.<random>`), or 0 for anything else. */
export function tokenSeq(token: string): number {
  const seq = Number.parseInt(token.split('.')[0] ?? '', 10);
  return Number.isSafeInteger(seq) ? seq : 0;
}

/**
 * One device per code (001 §4 "Single-device rule", decision 0026) in Redis, shared by
 * every API instance: `show-access/{show}/codes/{code}` holds the token of the device
 * that entered last, `show-access/{show}/connected/{code}` says the code's player is
 * connected (a sorted set per show, scored by when it was last seen).
 */
export function createDeviceStore(deps: { redis: Redis; namespace: string }) {
  const { redis } = deps;
  const tokenKey = (showId: string, deviceKey: string) =>
    `${deps.namespace}:show-access:${showId}:codes:${deviceKey}`;
  const connectedKey = (showId: string) => `${deps.namespace}:show-access:${showId}:connected`;
  const seqKey = `${deps.namespace}:show-access:seq`;

  return {
    /**
     * A device enters with a code: a new token replaces any other device's. With
     * `resume` (the token it held before a reconnect) it keeps that token, unless
     * another device entered meanwhile: then it has been replaced.
     */
    async enter(
      showId: string,
      deviceKey: string,
      resume: string | null,
      now: Date,
    ): Promise<DeviceEntry> {
      const answer = (await redis.eval(
        ENTER,
        3,
        tokenKey(showId, deviceKey),
        seqKey,
        connectedKey(showId),
        resume ?? '',
        randomBytes(16).toString('base64url'),
        TOKEN_TTL_SECONDS,
        now.getTime(),
        deviceKey,
      )) as string;
      if (answer === 'replaced') return { kind: 'replaced' };
      const [kind, token] = answer.split(/:(.*)/s) as ['entered' | 'resumed', string];
      return { kind, token, seq: tokenSeq(token) };
    },

    /** Whether `token` is still the code's device (true when none is recorded any more). */
    async isCurrent(showId: string, deviceKey: string, token: string): Promise<boolean> {
      const current = await redis.get(tokenKey(showId, deviceKey));
      return current === null || current === token;
    },

    /** The device is alive: it stays connected and its token a day longer. */
    async touch(showId: string, deviceKey: string, token: string, now: Date): Promise<boolean> {
      if (!(await this.isCurrent(showId, deviceKey, token))) return false;
      await redis
        .multi()
        .zadd(connectedKey(showId), now.getTime(), deviceKey)
        .expire(tokenKey(showId, deviceKey), TOKEN_TTL_SECONDS)
        .exec();
      return true;
    },

    /** The device's socket closed. */
    async leave(showId: string, deviceKey: string, token: string): Promise<void> {
      await redis.eval(
        LEAVE,
        2,
        tokenKey(showId, deviceKey),
        connectedKey(showId),
        token,
        deviceKey,
      );
    },

    /** Codes whose player is connected now (one device each). */
    async countConnected(showId: string, now: Date): Promise<number> {
      const key = connectedKey(showId);
      const since = now.getTime() - CONNECTED_WINDOW_MS;
      const result = await redis
        .multi()
        .zremrangebyscore(key, '-inf', `(${since}`)
        .zcard(key)
        .exec();
      return Number(result?.[1]?.[1] ?? 0);
    },
  };
}

export type DeviceStore = ReturnType<typeof createDeviceStore>;
