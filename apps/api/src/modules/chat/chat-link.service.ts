import type { ChatLink, ChatSession, Role } from '@taquilla/contract';
import { isCodeMode } from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { WatchAccess, Watcher } from '../player/player.service.ts';
import type { WatchGrant } from '../player/player.types.ts';
import { signChatLink, verifyChatLink } from './chat-link.token.ts';
import { participantOf } from './chat-participant.ts';
import type { Participant } from './chat-participant.ts';

/**
 * Refused chat links (`s=`) per address (decision 0050). A link is signed, so this
 * stops a script probing rather than a guess; only refusals count, so a venue's
 * shared address full of phones opening their own links never spends it.
 */
export const CHAT_LINK_FAILURES: RateLimitRule = { limit: 30, windowSeconds: 600 };

/** A mobile chat link works for a concert's evening: twelve hours. */
const LINK_TTL_SECONDS = 12 * 60 * 60;

function findLinkUser(db: Db, userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: { roles: true, producerId: true } });
}

/**
 * The mobile chat link (001 §2 `/shows/{id}/chat?s=`, decision 0026): issued to a
 * signed-in viewer who may watch the show, it lets a phone (that may have no session)
 * chat as that viewer. Every use checks the signature, the show, the expiry, and that
 * the user may still watch it, from the phone's own address.
 */
export function createChatLinkService(deps: {
  db: Db;
  clock: () => Date;
  secret: string;
  watch: WatchAccess;
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
}) {
  const { db, clock, secret } = deps;

  const claimsOf = (showId: string, s: string | undefined) => {
    const claims = verifyChatLink(secret, s, showId, clock());
    if (!claims) throw new AppError('CHAT_LINK_INVALID');
    return claims;
  };

  return {
    /** POST /shows/{id}/chat/link (`?code=` for a no-login or password show). */
    async issue(showId: string, watcher: Watcher, code: string | null): Promise<ChatLink> {
      const { user } = watcher;
      if (!user) throw new AppError(watcher.hasDeadSession ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
      const grant = await deps.watch.decide(showId, watcher, code, { status: true, region: true });
      // A signed-in user: never null (only a password show's guest without a token is).
      const participant = await participantOf(db, grant, watcher, null);
      if (!participant) throw new AppError('UNAUTHORIZED');
      const expiresAt = Math.floor(clock().getTime() / 1000) + LINK_TTL_SECONDS;
      const s = signChatLink(secret, {
        userId: user.userId,
        viewerId: user.viewerId,
        username: participant.username,
        showId: grant.show.id,
        role: user.role,
        code: isCodeMode(grant.mode) ? grant.code : null,
        expiresAt,
      });
      return {
        s,
        path: `/shows/${grant.show.id}/chat?s=${s}`,
        expires_at: new Date(expiresAt * 1000).toISOString(),
      };
    },

    /** GET /shows/{id}/chat/session?s=: whose chat a link opens (the page asks before connecting). */
    async session(showId: string, s: string | undefined, ip: string): Promise<ChatSession> {
      const budget = [{ key: `chat-link:ip:${ip}`, rule: CHAT_LINK_FAILURES }];
      await deps.rateLimiter.check(budget);
      const claims = verifyChatLink(secret, s, showId, clock());
      if (!claims) {
        await deps.rateLimiter.consume(budget);
        throw new AppError('CHAT_LINK_INVALID');
      }
      return {
        show_uid: showId,
        username: claims.username,
        expires_at: new Date(claims.expiresAt * 1000).toISOString(),
      };
    },

    /**
     * setChannel with `s`: the link's user in that show's chat, if the link is genuine
     * and the user may still watch the show (their ticket, the code, the region of the
     * phone's address). Refusals are CHAT_LINK_INVALID, or the watch rule's own. The
     * grant comes back with it: a link watching with a ticket closes when it is revoked.
     */
    async participant(
      showId: string,
      s: string,
      ip: string,
    ): Promise<{ participant: Participant; grant: WatchGrant }> {
      const claims = claimsOf(showId, s);
      const user = await findLinkUser(db, claims.userId);
      if (!user || !user.roles.includes(claims.role)) throw new AppError('CHAT_LINK_INVALID');
      const watcher: Watcher = {
        user: {
          userId: claims.userId,
          viewerId: claims.viewerId,
          role: claims.role as Role,
          producerId: user.producerId,
        },
        hasDeadSession: false,
        ip,
      };
      const grant = await deps.watch.decide(showId, watcher, claims.code, {
        status: true,
        region: true,
      });
      const participant: Participant = {
        key: `user:${claims.userId}`,
        userId: claims.userId,
        viewerId: claims.viewerId,
        username: claims.username,
        isOrganiser: grant.mode === 'organiser',
      };
      return { participant, grant };
    },
  };
}

export type ChatLinkService = ReturnType<typeof createChatLinkService>;
