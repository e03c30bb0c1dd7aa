import { PLAYER_STATS_RATE_LIMIT } from '@taquilla/contract';
import type { PlayerStatsBody } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { findReportableShow, findViewerShowId, insertPlayerEvent } from './stats.repo.ts';

/** Who is reporting, as the server knows it: the session, the browser's cookie, the address. */
export interface StatsCaller {
  userId: string | null;
  viewerId: string | null;
  /** The signed-in session's public id. */
  sessionId: string | null;
  /** The browser's anonymous `sessionID` cookie. */
  browserSession: string | null;
  ip: string;
  userAgent: string | null;
}

const DEVICE_MAX = 500;

/**
 * Player analytics (001 §3, §7): one row per report in player_events. The
 * identity is the server's (the session's user and viewer, the viewer-show
 * they hold for this show, the address it sees); only what the player alone
 * knows comes from the body: the action, the device, the code it entered and
 * where the geo lookup placed it.
 */
export function createStatsService(deps: { db: Db; rateLimiter: RateLimiter }) {
  const { db } = deps;
  return {
    /** POST /stats/shows/{id}/player. */
    async recordPlayerEvent(
      showId: string,
      body: PlayerStatsBody,
      caller: StatsCaller,
    ): Promise<{ _id: string }> {
      const client = caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`;
      await deps.rateLimiter.consume([
        { key: `stats:player:${client}`, rule: PLAYER_STATS_RATE_LIMIT },
      ]);
      if (!(await findReportableShow(db, showId))) throw new AppError('SHOW_NOT_FOUND');
      const viewerShowId = caller.viewerId
        ? await findViewerShowId(db, caller.viewerId, showId)
        : null;
      const location = body.location ?? null;
      const row = await insertPlayerEvent(db, {
        showId,
        sessionUid: caller.sessionId ?? caller.browserSession ?? body.session_uid ?? null,
        userId: caller.userId,
        viewerId: caller.viewerId,
        viewerShowId,
        device: (body.device || caller.userAgent || null)?.slice(0, DEVICE_MAX) ?? null,
        countryCode: location?.country_code?.toUpperCase() ?? null,
        countryName: location?.country_name || null,
        city: location?.city || null,
        ip: caller.ip,
        type: body.type,
        action: body.action,
        code: body.code || null,
      });
      return { _id: row.id };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
