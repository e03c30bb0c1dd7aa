import { CHANNEL_PATTERNS } from '@taquilla/contract';
import type { RealtimeErrorCode } from '@taquilla/contract';
import type { Db } from '../../infra/db.ts';

export type ChannelDecision = { ok: true } | { ok: false; error: RealtimeErrorCode };

/**
 * Every subscription is authorised (ARCHITECTURE §5). Show events and seat
 * changes are public for public shows (not drafts). Chat, polls, access codes and 3-D Secure
 * results need a session and watch access or cart ownership; until the
 * features that check those exist, they are refused.
 */
export function createChannelAccess(deps: { db: Db }) {
  return {
    /** `browserSession`: the upgrade request's `sessionID` cookie (a cart's owner). */
    async authorize(
      channel: string,
      context: { browserSession: string | null } = { browserSession: null },
    ): Promise<ChannelDecision> {
      // Public and read-only: a show's live events and its seat changes.
      const publicShow =
        CHANNEL_PATTERNS.showEvents.exec(channel) ?? CHANNEL_PATTERNS.showSeats.exec(channel);
      if (publicShow) {
        const show = await deps.db.show
          .findUnique({ where: { id: publicShow[1] }, select: { status: true } })
          .catch(() => null);
        return show && show.status !== 'NEW'
          ? { ok: true }
          : { ok: false, error: 'CHANNEL_UNKNOWN' };
      }
      // 3-D Secure results of a cart: only the browser session that owns the cart.
      const cart3ds = CHANNEL_PATTERNS.cart3ds.exec(channel);
      if (cart3ds) {
        const cart = await deps.db.cart
          .findUnique({ where: { id: cart3ds[1] }, select: { sessionKey: true } })
          .catch(() => null);
        if (!cart) return { ok: false, error: 'CHANNEL_UNKNOWN' };
        return context.browserSession !== null && cart.sessionKey === context.browserSession
          ? { ok: true }
          : { ok: false, error: 'CHANNEL_FORBIDDEN' };
      }
      const isKnownFamily = Object.values(CHANNEL_PATTERNS).some((pattern) =>
        pattern.test(channel),
      );
      return { ok: false, error: isKnownFamily ? 'CHANNEL_FORBIDDEN' : 'CHANNEL_UNKNOWN' };
    },
  };
}

export type ChannelAccess = ReturnType<typeof createChannelAccess>;
