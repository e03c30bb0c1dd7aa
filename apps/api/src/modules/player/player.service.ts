import { createHash, timingSafeEqual } from 'node:crypto';
import { accessRevokedMessage, showSettingsSchema } from '@taquilla/contract';
import type { CodeValidation, Playback, Role, ShowSettings } from '@taquilla/contract';
import {
  hasShowPassword,
  isCodeMode,
  isCountryBlocked,
  normalizeUserIdCode,
  normalizeWatchCode,
  statusPlays,
  statusRefusal,
  watchModeOf,
} from '@taquilla/domain';
import type { WatchMode } from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { GeoLocator } from '../geo/geo.lookup.ts';
import { toCodeValidation, toPlayback } from './player.mapper.ts';
import { findLiveAccessCode, findShowForWatch, findViewerShowForWatch } from './player.repo.ts';
import type { WatchShowRow } from './player.repo.ts';
import type { WatchGrant } from './player.types.ts';
import { isSharedPassword } from './viewer-token.ts';
import type { ViewerTokens } from './viewer-token.ts';

/**
 * Wrong codes of no-login and password shows, per address: a code opens a show
 * without an account, so the validation call, the playback call and the device
 * channel must not let anyone try codes at speed. Only failures count.
 */
export const WATCH_CODE_FAILURES: RateLimitRule = { limit: 20, windowSeconds: 600 };

/** Who asks: the session's user (null when anonymous), and the address it comes from. */
export interface Watcher {
  user: { userId: string; viewerId: string | null; role: Role; producerId: string | null } | null;
  /** A token named a session that expired or ended: a free show answers 440, not 401. */
  hasDeadSession: boolean;
  ip: string;
}

/** A watcher from a resolved session (HTTP request or WebSocket upgrade). */
export function watcherFrom(
  auth: { userId: string; viewerId: string | null; role: Role; producerId: string | null } | null,
  hasDeadSession: boolean,
  ip: string,
): Watcher {
  return {
    user: auth
      ? {
          userId: auth.userId,
          viewerId: auth.viewerId,
          role: auth.role,
          producerId: auth.producerId,
        }
      : null,
    hasDeadSession: auth === null && hasDeadSession,
    ip,
  };
}

/** What the rules check: the status and the region are left out only by the code check. */
interface Checks {
  status: boolean;
  region: boolean;
}

/** Access that holds: the mode it holds in, the code the player uses and until when. */

/** What a mode's credential gives: the code the player uses, until when, and whose ticket. */
type Credential = Pick<WatchGrant, 'code' | 'expiresOn' | 'viewerId'>;

const ACCESS_CODE_SHAPE = /^[A-Z0-9]{1,40}$/;
/** Refusals the code check answers as "Código Inválido"; the playback call says why (0064). */
const SESSION_REFUSALS: ReadonlySet<string> = new Set([
  'TICKET_REQUIRED',
  'ACCESS_REVOKED',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
]);
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The show's password, compared as the player sends codes (trimmed, upper-cased), in constant time. */
function isShowPassword(settings: ShowSettings, code: string): boolean {
  if (!hasShowPassword(settings)) return false;
  return timingSafeEqual(
    digest(normalizeWatchCode(settings.security as string)),
    digest(normalizeWatchCode(code)),
  );
}

function isOrganiserOf(user: Watcher['user'], show: WatchShowRow): boolean {
  if (!user) return false;
  if (user.role === 'Admin') return true;
  return user.role === 'Producer' && user.producerId === show.producerId;
}

export function createWatchAccess(deps: {
  db: Db;
  clock: () => Date;
  geo: GeoLocator;
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
  /** The deployment's default (config BLOCKED_COUNTRIES) for shows that name none. */
  blockedCountries: readonly string[];
  /** One device per code (decision 0026): whether a player's device token still holds its code. */
  devices?: {
    isCurrent(grant: WatchGrant, token: string, browserSession: string | null): Promise<boolean>;
  };
  /** Names the viewers of a show's shared password in its chat and polls (decision 0063). */
  viewerTokens: Pick<ViewerTokens, 'issue'>;
}) {
  const { db, clock, geo, rateLimiter } = deps;

  /** No-login and password shows: an access code of the show that still opens it, or its password. */
  async function grantByCode(
    show: WatchShowRow,
    settings: ShowSettings,
    watcher: Watcher,
    code: string | null,
  ): Promise<Credential> {
    if (code === null) throw new AppError('ACCESS_CODE_INVALID');
    const budget = [{ key: `watch-code:ip:${watcher.ip}`, rule: WATCH_CODE_FAILURES }];
    await rateLimiter.check(budget);
    const typed = normalizeWatchCode(code);
    if (isShowPassword(settings, typed)) return { code: typed, expiresOn: null, viewerId: null };
    const found = ACCESS_CODE_SHAPE.test(typed)
      ? await findLiveAccessCode(db, show.id, typed, clock())
      : null;
    if (found) return { code: found.code, expiresOn: found.expiresOn, viewerId: null };
    await rateLimiter.consume(budget);
    throw new AppError('ACCESS_CODE_INVALID');
  }

  /** Free, ticket and organiser modes: the session decides, whatever code is sent. */
  async function grantBySession(
    show: WatchShowRow,
    mode: WatchMode,
    watcher: Watcher,
  ): Promise<Credential> {
    const { user } = watcher;
    if (mode === 'ticket') {
      const viewerId = user?.viewerId ?? null;
      const access = viewerId ? await findViewerShowForWatch(db, viewerId, show.id) : null;
      // Its order was cancelled or refunded: the code was voided and its access with it
      // (decision 0064), said as such rather than "Solicita tu boleto".
      if (access?.voidedAt) {
        throw new AppError('ACCESS_REVOKED', { message: accessRevokedMessage(access.orderStatus) });
      }
      // 001 §3: "Viewer code access is valid while expires_on is after now"; a ticket
      // for a seat at the venue never opens the stream (decision 0058).
      const isExpired = access?.expiresOn != null && access.expiresOn <= clock();
      if (!viewerId || !access || !access.livestream || isExpired) {
        throw new AppError('TICKET_REQUIRED');
      }
      return { code: access.code, expiresOn: access.expiresOn, viewerId };
    }
    if (!user) throw new AppError(watcher.hasDeadSession ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
    // Free shows (001 §4 mode 3) and organisers: the user id is the code.
    return { code: user.userId, expiresOn: null, viewerId: null };
  }

  /**
   * The watch rules of 001 §4 in one place, for the playback call, the code check
   * and the realtime channels. In order: the show (a draft exists for its
   * organisers only), the region, a show that is over, the mode's credential,
   * then whether the status plays in that mode. Throws the refusal's AppError.
   */
  async function decide(
    idOrPath: string,
    watcher: Watcher,
    code: string | null,
    checks: Checks,
  ): Promise<WatchGrant> {
    const show = await findShowForWatch(db, idOrPath);
    const isOrganiser = show !== null && isOrganiserOf(watcher.user, show);
    if (!show || (show.status === 'NEW' && !isOrganiser)) throw new AppError('SHOW_NOT_FOUND');
    const settings = showSettingsSchema.parse(show.settings ?? {});
    const mode: WatchMode = isOrganiser ? 'organiser' : watchModeOf({ paid: show.paid, settings });
    if (checks.region) {
      const { country_code } = await geo.locate(watcher.ip);
      if (isCountryBlocked(country_code, settings.blocked_countries ?? deps.blockedCountries)) {
        throw new AppError('REGION_BLOCKED');
      }
    }
    const refusal = statusRefusal(show.status);
    if (checks.status && refusal === 'EVENT_UNAVAILABLE' && !statusPlays(mode, show.status)) {
      throw new AppError(refusal);
    }
    const credential = isCodeMode(mode)
      ? await grantByCode(show, settings, watcher, code)
      : await grantBySession(show, mode, watcher);
    if (checks.status && !statusPlays(mode, show.status)) throw new AppError(refusal);
    return { show, settings, mode, ...credential };
  }

  return {
    decide,

    /**
     * GET /shows/{id}/playback?code=&device=&viewer_token=: the video sources, only when
     * access holds now and, when the player names its device, while no other device took
     * the code. A viewer without an account who entered with the show's shared password
     * also gets the viewer token that names them in the chat and polls (decision 0063):
     * `viewerToken`, the one brought back, is renewed while it is genuine.
     */
    async playback(
      idOrPath: string,
      watcher: Watcher,
      code: string | null,
      device: { token: string; browserSession: string | null } | null = null,
      viewerToken: string | null = null,
    ): Promise<Playback> {
      const grant = await decide(idOrPath, watcher, code, { status: true, region: true });
      if (device && deps.devices) {
        if (!(await deps.devices.isCurrent(grant, device.token, device.browserSession))) {
          throw new AppError('DEVICE_REPLACED');
        }
      }
      const token =
        watcher.user === null && isSharedPassword(grant)
          ? await deps.viewerTokens.issue(grant.show.id, viewerToken, watcher.ip)
          : null;
      return toPlayback(grant, token);
    },

    /**
     * POST /viewers/codes/validate: whether `code` opens the show for this caller,
     * whatever its status or the caller's region (the playback call says those).
     * Session modes compare it with the code the session has: a free show's user
     * id (in any case), a ticket's code.
     */
    async validateCode(showId: string, watcher: Watcher, code: string): Promise<CodeValidation> {
      const grant = await decide(showId, watcher, code, { status: false, region: false }).catch(
        (err: unknown) => {
          // Without the session a code belongs to, the code is simply not valid here.
          if (err instanceof AppError && SESSION_REFUSALS.has(err.code)) {
            throw new AppError('ACCESS_CODE_INVALID');
          }
          throw err;
        },
      );
      if (!isCodeMode(grant.mode)) {
        const given =
          grant.mode === 'ticket' ? normalizeWatchCode(code) : normalizeUserIdCode(code);
        if (given !== grant.code) throw new AppError('ACCESS_CODE_INVALID');
      }
      return toCodeValidation(grant);
    },
  };
}

export type WatchAccess = ReturnType<typeof createWatchAccess>;
