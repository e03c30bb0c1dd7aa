import { CHANNEL_PATTERNS } from '@taquilla/contract';
import type { RealtimeErrorCode } from '@taquilla/contract';
import { isAppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import { isChatVisible } from '@taquilla/domain';
import type { WatchAccess, Watcher } from '../player/player.service.ts';
import type { WatchGrant } from '../player/player.types.ts';
import type { ChannelLookups, ChannelObject } from './realtime.unknown-channels.ts';

/** An accepted subscription; a watch channel's carries the grant it was accepted on. */
export type ChannelDecision =
  { ok: true; grant?: WatchGrant } | { ok: false; error: RealtimeErrorCode };

/** Who a socket is, fixed when it connects (the upgrade request). */
export interface SocketIdentity {
  /** The upgrade request's `sessionID` cookie (a cart's owner). */
  browserSession: string | null;
  /** The live session that authenticated the socket; its ending closes the socket (decision 0052). */
  sessionId: string | null;
  /** The session's user (cookie, Bearer or `?token=`) and the client address, for watch access. */
  watcher: Watcher;
}

const OK: ChannelDecision = { ok: true };

/** The show or cart a channel of the specifications names; null for any other channel. */
function objectOf(channel: string): ChannelObject | null {
  const cart = CHANNEL_PATTERNS.cart3ds.exec(channel)?.[1];
  if (cart) return { kind: 'cart', id: cart };
  const show =
    CHANNEL_PATTERNS.showEvents.exec(channel) ??
    CHANNEL_PATTERNS.showSeats.exec(channel) ??
    CHANNEL_PATTERNS.chat.exec(channel) ??
    CHANNEL_PATTERNS.polls.exec(channel) ??
    CHANNEL_PATTERNS.showAccess.exec(channel);
  return show?.[1] ? { kind: 'show', id: show[1] } : null;
}

/**
 * A watch refusal as the socket hears it: the region by name, a throttled prober, a
 * ticket whose order was cancelled or refunded (decision 0064), the rest forbidden.
 */
export function watchRefusalOf(err: unknown): RealtimeErrorCode {
  if (!isAppError(err)) throw err;
  if (err.code === 'SHOW_NOT_FOUND') return 'CHANNEL_UNKNOWN';
  if (err.code === 'REGION_BLOCKED') return 'REGION_BLOCKED';
  if (err.code === 'RATE_LIMITED') return 'RATE_LIMITED';
  if (err.code === 'ACCESS_REVOKED') return 'ACCESS_REVOKED';
  return 'CHANNEL_FORBIDDEN';
}

/**
 * Every subscription is authorised (ARCHITECTURE §5; decision 0022). Show
 * events and seat changes are public for public shows (not drafts). Chats and
 * polls need watch access to the show now (a chat also needs to be open: 001 §4,
 * decision 0026), by the playback call's rules
 * (status, region, the mode's credential: the socket's session, or the code a
 * no-login or password show's socket sends with the subscription). A device
 * channel `show-access/{show}/codes/{code}` belongs to the holder of the code:
 * the one the playback call would hand this socket. A cart's 3-D Secure
 * results belong to the browser that owns the cart.
 *
 * Before any of that, the show or cart the channel names must exist, as `lookups` says
 * from memory or with one bounded lookup (decision 0063): a made-up channel costs the
 * database little, and an address that keeps making them up nothing.
 */
export function createChannelAccess(deps: { db: Db; watch: WatchAccess; lookups: ChannelLookups }) {
  async function watchChannel(
    showId: string,
    identity: SocketIdentity,
    code: string | null,
    options: { expectedCode?: string; needsOpenChat?: boolean } = {},
  ): Promise<ChannelDecision> {
    let grant: WatchGrant;
    try {
      grant = await deps.watch.decide(showId, identity.watcher, code, {
        status: true,
        region: true,
      });
    } catch (err) {
      return { ok: false, error: watchRefusalOf(err) };
    }
    if (options.expectedCode !== undefined && grant.code !== options.expectedCode) {
      return { ok: false, error: 'CHANNEL_FORBIDDEN' };
    }
    // 001 §4 "Chat visibility": LIVE or TEST, not on demand, chat_visible not false.
    if (options.needsOpenChat && !isChatVisible(grant.show.status, grant.settings)) {
      return { ok: false, error: 'CHAT_CLOSED' };
    }
    return { ok: true, grant };
  }

  return {
    /** `code`: sent with a `chats-` or `polls-` subscription by a socket of a code show. */
    async authorize(
      channel: string,
      identity: SocketIdentity,
      code: string | null = null,
    ): Promise<ChannelDecision> {
      const object = objectOf(channel);
      if (!object) return { ok: false, error: 'CHANNEL_UNKNOWN' };
      const found = await deps.lookups.check(object, identity.watcher.ip);
      if (found === 'limited') return { ok: false, error: 'RATE_LIMITED' };
      if (found === 'unknown') return { ok: false, error: 'CHANNEL_UNKNOWN' };
      // Public and read-only: a show's live events and its seat changes.
      const publicShow =
        CHANNEL_PATTERNS.showEvents.exec(channel) ?? CHANNEL_PATTERNS.showSeats.exec(channel);
      if (publicShow) {
        const show = await deps.db.show
          .findUnique({ where: { id: publicShow[1] }, select: { status: true } })
          .catch(() => null);
        return show && show.status !== 'NEW' ? OK : { ok: false, error: 'CHANNEL_UNKNOWN' };
      }
      const chat = CHANNEL_PATTERNS.chat.exec(channel);
      if (chat?.[1]) return watchChannel(chat[1], identity, code, { needsOpenChat: true });
      const polls = CHANNEL_PATTERNS.polls.exec(channel);
      if (polls?.[1]) return watchChannel(polls[1], identity, code);
      const device = CHANNEL_PATTERNS.showAccess.exec(channel);
      if (device?.[1] && device[2]) {
        return watchChannel(device[1], identity, device[2], { expectedCode: device[2] });
      }
      // 3-D Secure results of a cart: only the browser session that owns the cart.
      const cart3ds = CHANNEL_PATTERNS.cart3ds.exec(channel);
      if (cart3ds) {
        const cart = await deps.db.cart
          .findUnique({ where: { id: cart3ds[1] }, select: { sessionKey: true } })
          .catch(() => null);
        if (!cart) return { ok: false, error: 'CHANNEL_UNKNOWN' };
        return identity.browserSession !== null && cart.sessionKey === identity.browserSession
          ? OK
          : { ok: false, error: 'CHANNEL_FORBIDDEN' };
      }
      return { ok: false, error: 'CHANNEL_UNKNOWN' };
    },
  };
}

export type ChannelAccess = ReturnType<typeof createChannelAccess>;
