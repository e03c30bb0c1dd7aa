import { createHash, randomUUID } from 'node:crypto';
import { hasShowPassword, normalizeWatchCode } from '@taquilla/domain';
import type { Db, Tx } from '../../infra/db.ts';
import type { WatchAccess, WatchGrant, Watcher } from '../player/player.service.ts';

/**
 * Who chats, answers polls and holds a device, as the server knows them (never from
 * the client; decision 0026). `key` names the person across messages, mutes, poll
 * answers and devices:
 * - `user:<id>`: a signed-in account (or a mobile chat link's user);
 * - `code:<CODE>`: a viewer who entered with an access code and no account;
 * - `browser:<sessionID>`: a viewer who typed the show's shared password, per browser
 *   (001 §4: "stored as session id plus code"), or `socket:<uuid>` without a cookie.
 */
export interface Participant {
  key: string;
  userId: string | null;
  viewerId: string | null;
  username: string;
  /** The show's own producer or an admin: their chat messages are notifications (001 §6). */
  isOrganiser: boolean;
}

const USERNAME_MAX = 60;
const FALLBACK_NAME = 'Espectador';

/** The name shown in the chat for an account: its full name, trimmed to 60 characters. */
export function displayName(fullname: string | null | undefined): string {
  const name = (fullname ?? '').trim().replace(/\s+/g, ' ');
  return name === '' ? FALLBACK_NAME : [...name].slice(0, USERNAME_MAX).join('');
}

/**
 * A viewer without an account gets a stable guest name from their key: the same
 * person keeps it, and four hex digits of a hash say nothing about the code.
 */
export function guestName(showId: string, key: string): string {
  const digest = createHash('sha256').update(`${showId}:${key}`).digest('hex');
  return `Invitado ${digest.slice(0, 4).toUpperCase()}`;
}

/** True when the grant's code is the show's password, which every viewer of the show shares. */
export function isSharedPassword(grant: WatchGrant): boolean {
  if (grant.mode !== 'password' || !hasShowPassword(grant.settings)) return false;
  return normalizeWatchCode(grant.settings.security as string) === grant.code;
}

export function findUserName(db: Db | Tx, userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: { fullname: true } });
}

/**
 * The participant a watch grant makes of a socket or a request: its account when it
 * has one, else the code it entered with, else (the shared password) its browser.
 */
export async function participantOf(
  db: Db,
  grant: WatchGrant,
  watcher: Watcher,
  browserSession: string | null,
): Promise<Participant> {
  const isOrganiser = grant.mode === 'organiser';
  if (watcher.user) {
    const user = await findUserName(db, watcher.user.userId);
    return {
      key: `user:${watcher.user.userId}`,
      userId: watcher.user.userId,
      viewerId: watcher.user.viewerId,
      username: displayName(user?.fullname),
      isOrganiser,
    };
  }
  const key = isSharedPassword(grant)
    ? browserSession
      ? `browser:${browserSession}`
      : `socket:${randomUUID()}`
    : `code:${grant.code}`;
  return {
    key,
    userId: null,
    viewerId: null,
    username: guestName(grant.show.id, key),
    isOrganiser,
  };
}

/** A caller as the watch rules take it: the session and address, the code it sent, its browser. */
export interface WatchCaller {
  watcher: Watcher;
  code: string | null;
  browserSession: string | null;
}

/**
 * Resolves a caller to a participant of a show it may watch now (status, region and
 * credential: the playback call's rules), or throws the watch refusal.
 */
export function createParticipantResolver(deps: {
  db: Db;
  watch: { decide: WatchAccess['decide'] };
}) {
  return async (showId: string, caller: WatchCaller): Promise<Participant> => {
    const grant = await deps.watch.decide(showId, caller.watcher, caller.code, {
      status: true,
      region: true,
    });
    return participantOf(deps.db, grant, caller.watcher, caller.browserSession);
  };
}

export type ParticipantResolver = ReturnType<typeof createParticipantResolver>;
