import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VIEWER_TOKEN_PATTERN } from '@taquilla/contract';
import type { ShowSettings } from '@taquilla/contract';
import { hasShowPassword, normalizeWatchCode } from '@taquilla/domain';
import type { WatchMode } from '@taquilla/domain';
import { z } from 'zod';
import { isAppError } from '../../errors.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';

/**
 * A viewer token names one person who entered a show with its shared password, in that
 * show's chat and polls (decision 0063). Every viewer of such a show types the same
 * password, so the password says nothing about who is speaking; the token does. It lasts
 * 12 hours, and each playback call that brings it back renews it for the same person.
 */
export const VIEWER_TOKEN_TTL_SECONDS = 12 * 60 * 60;

const claimsSchema = z.object({
  v: z.literal(1),
  /** The show it was issued for. */
  s: z.uuid(),
  /** The person: 128 random bits. */
  p: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  /** Unix seconds. */
  e: z.number().int(),
});

export interface ViewerTokenClaims {
  showId: string;
  holder: string;
  /** Unix seconds. */
  expiresAt: number;
}

const sign = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('base64url');

/** `<claims>.<HMAC-SHA256 of the claims>`, both base64url. */
export function signViewerToken(secret: string, claims: ViewerTokenClaims): string {
  const body = Buffer.from(
    JSON.stringify({ v: 1, s: claims.showId, p: claims.holder, e: claims.expiresAt }),
    'utf8',
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The claims of a token this server signed for `showId` that has not expired, else null. */
export function verifyViewerToken(
  secret: string,
  token: string | null | undefined,
  showId: string,
  now: Date,
): ViewerTokenClaims | null {
  if (!token || !VIEWER_TOKEN_PATTERN.test(token)) return null;
  const [body, signature] = token.split('.') as [string, string];
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = claimsSchema.safeParse(decoded);
  if (!parsed.success) return null;
  const { s, p, e } = parsed.data;
  if (s !== showId || e * 1000 <= now.getTime()) return null;
  return { showId: s, holder: p, expiresAt: e };
}

/** True when the grant's code is the show's password, which every viewer of the show shares. */
export function isSharedPassword(grant: {
  mode: WatchMode;
  settings: ShowSettings;
  code: string;
}): boolean {
  if (grant.mode !== 'password' || !hasShowPassword(grant.settings)) return false;
  return normalizeWatchCode(grant.settings.security as string) === grant.code;
}

/**
 * Issues and reads viewer tokens. A new person costs the address one unit of
 * `newViewersPerAddress` (Redis, shared by every instance), so one machine cannot mint
 * a crowd of voters or come back from a mute at will; past it, no token (the video
 * still plays; the chat and polls are closed to them).
 */
export function createViewerTokens(deps: {
  secret: string;
  clock: () => Date;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  newViewersPerAddress: RateLimitRule;
}) {
  const { secret, clock } = deps;
  return {
    /** The playback call: the same person again while `previous` is genuine, else a new one. */
    async issue(showId: string, previous: string | null, ip: string): Promise<string | null> {
      const now = clock();
      const expiresAt = Math.floor(now.getTime() / 1000) + VIEWER_TOKEN_TTL_SECONDS;
      const held = verifyViewerToken(secret, previous, showId, now);
      if (held) return signViewerToken(secret, { showId, holder: held.holder, expiresAt });
      try {
        await deps.rateLimiter.consume([
          { key: `viewer-token:ip:${ip}`, rule: deps.newViewersPerAddress },
        ]);
      } catch (err) {
        if (isAppError(err) && err.code === 'RATE_LIMITED') return null;
        throw err;
      }
      const holder = randomBytes(16).toString('base64url');
      return signViewerToken(secret, { showId, holder, expiresAt });
    },

    /** Who a token names in `showId` now, or null (missing, altered, another show's, expired). */
    holderOf(showId: string, token: string | null | undefined): string | null {
      return verifyViewerToken(secret, token, showId, clock())?.holder ?? null;
    },
  };
}

export type ViewerTokens = ReturnType<typeof createViewerTokens>;
