import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { WatchAccess, Watcher } from '../player/player.service.ts';
import type { WatchGrant } from '../player/player.types.ts';
import { isSharedPassword } from '../player/viewer-token.ts';
import type { ViewerTokens } from '../player/viewer-token.ts';

/**
 * Who chats, answers polls and holds a device, as the server knows them (never from
 * the client; decision 0026). `key` names the person across messages, mutes, poll
 * answers and devices:
 * - `user:<id>`: a signed-in account (or a mobile chat link's user);
 * - `code:<CODE>`: a viewer who entered with an access code and no account;
 * - `guest:<holder>`: a viewer without an account who typed the show's shared password,
 *   as the viewer token the playback call gave them names them (decision 0063). Without
 *   a genuine token such a viewer is nobody in particular: they may read, not chat or vote.
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

export function findUserName(db: Db | Tx, userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: { fullname: true } });
}

/**
 * The participant a watch grant makes of a socket or a request: its account when it
 * has one, else the code it entered with, else (the shared password) the holder its
 * viewer token names (decision 0063); null for the shared password without one.
 */
export async function participantOf(
  db: Db,
  grant: WatchGrant,
  watcher: Watcher,
  tokenHolder: string | null,
): Promise<Participant | null> {
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
  if (isSharedPassword(grant) && tokenHolder === null) return null;
  const key = isSharedPassword(grant) ? `guest:${tokenHolder}` : `code:${grant.code}`;
  return guest(grant, key, isOrganiser);
}

function guest(grant: WatchGrant, key: string, isOrganiser: boolean): Participant {
  return {
    key,
    userId: null,
    viewerId: null,
    username: guestName(grant.show.id, key),
    isOrganiser,
  };
}

/**
 * A presence record's identity (001 §7): the account or the code, else (the shared
 * password: the device channel carries no viewer token) a guest of this socket alone;
 * a presence record says someone watched, it speaks for nobody.
 */
export async function presenceParticipantOf(
  db: Db,
  grant: WatchGrant,
  watcher: Watcher,
): Promise<Participant> {
  return (
    (await participantOf(db, grant, watcher, null)) ?? guest(grant, `socket:${randomUUID()}`, false)
  );
}

/**
 * A caller as the watch rules take it: the session and address, the code it sent, and
 * the viewer token of a password show's guest.
 */
export interface WatchCaller {
  watcher: Watcher;
  code: string | null;
  viewerToken: string | null;
}

/**
 * Resolves a caller to a participant of a show it may watch now (status, region and
 * credential: the playback call's rules), or throws the watch refusal; a password
 * show's guest without a genuine viewer token of that show is VIEWER_TOKEN_INVALID.
 */
export function createParticipantResolver(deps: {
  db: Db;
  watch: { decide: WatchAccess['decide'] };
  viewerTokens: Pick<ViewerTokens, 'holderOf'>;
}) {
  return async (showId: string, caller: WatchCaller): Promise<Participant> => {
    const grant = await deps.watch.decide(showId, caller.watcher, caller.code, {
      status: true,
      region: true,
    });
    const holder = deps.viewerTokens.holderOf(grant.show.id, caller.viewerToken);
    const participant = await participantOf(deps.db, grant, caller.watcher, holder);
    if (!participant) throw new AppError('VIEWER_TOKEN_INVALID');
    return participant;
  };
}

export type ParticipantResolver = ReturnType<typeof createParticipantResolver>;
