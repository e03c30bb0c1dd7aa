import { playerRedirect, watchModeOf } from '@taquilla/domain';
import type { WatchMode, WatchRefusal } from '@taquilla/domain';
import type { Playback, Show } from '@taquilla/contract';
import type { ApiError } from '../../api/client';

/*
 * What the player page shows once the server has answered (002 §4 load flow, 001 §4
 * access modes): the server decides access (GET /shows/{id}/playback, decision 0022);
 * this turns its answer into a screen, or into the redirect of the domain's
 * `playerRedirect`. Decision 0025 says where the page departs from that redirect.
 */
export type PlayerAccess =
  | { kind: 'granted'; playback: Playback }
  /** The code form; `error` after a code that did not open the show. */
  | { kind: 'code'; error: string | null }
  | { kind: 'region'; message: string }
  /** Another device entered with this code (403 DEVICE_REPLACED): 001 §2 second-device screen. */
  | { kind: 'replaced' }
  /** The ticket's order was cancelled or refunded (403 ACCESS_REVOKED, decision 0064): why, in Spanish. */
  | { kind: 'revoked'; message: string }
  /** Access holds or may soon, but the status does not play: the cover, waiting for `start`. */
  | { kind: 'cover' }
  | { kind: 'redirect'; to: string; message: string | null }
  | { kind: 'failed'; error: ApiError };

/**
 * The mode a visitor watches the show in, from the public answer, which only says
 * whether there is a password (`settings.security: true`), never the password itself.
 */
export function publicWatchMode(show: Pick<Show, 'paid' | 'settings'>): WatchMode {
  return watchModeOf({
    paid: show.paid,
    settings: {
      nologin: show.settings.nologin,
      registration: show.settings.registration,
      security: show.settings.security === true ? 'password' : null,
    },
  });
}

const STATUS_REFUSALS = new Set(['EVENT_NOT_STARTED', 'EVENT_UNAVAILABLE', 'STREAM_INACTIVE']);
const REFUSALS: ReadonlySet<string> = new Set<WatchRefusal>([
  'EVENT_NOT_STARTED',
  'EVENT_UNAVAILABLE',
  'STREAM_INACTIVE',
  'REGION_BLOCKED',
  'ACCESS_CODE_INVALID',
  'TICKET_REQUIRED',
  'UNAUTHORIZED',
  'SHOW_NOT_FOUND',
]);

function refusalOf(error: ApiError): WatchRefusal | null {
  // A session that ended is, for the player, nobody signed in (002 §4: 440 clears the session).
  if (error.error === 'SESSION_EXPIRED') return 'UNAUTHORIZED';
  if (error.status === 404) return 'SHOW_NOT_FOUND';
  return REFUSALS.has(error.error) ? (error.error as WatchRefusal) : null;
}

/**
 * A refused playback call as a screen:
 * - a device another one replaced (a later call sent its token): the second-device screen;
 * - a ticket whose order was cancelled or refunded: the server's reason, on the player;
 * - a wrong or missing code: the code form, with "Código Inválido" only when a code was sent;
 * - a blocked region: the region screen (the page says why instead of leaving silently);
 * - a status that does not play: `playerRedirect`'s show page, with the server's text,
 *   except right after an activation (`?activated=1`), where the new ticket holder
 *   waits on the cover; when it names no page, the cover;
 * - no ticket, nobody signed in, no such show: where `playerRedirect` sends them.
 */
export function accessFromRefusal(input: {
  error: ApiError;
  show: Pick<Show, '_id' | 'paid' | 'settings' | 'status'> | null;
  showId: string;
  code: string | null;
  isJustActivated: boolean;
}): PlayerAccess {
  const { error, show, code } = input;
  if (error.error === 'DEVICE_REPLACED') return { kind: 'replaced' };
  if (error.error === 'ACCESS_REVOKED') return { kind: 'revoked', message: error.message };
  if (error.error === 'RATE_LIMITED' && code !== null)
    return { kind: 'code', error: error.message };
  if (error.error === 'VALIDATION_ERROR' && code !== null) {
    return { kind: 'code', error: error.message };
  }
  const refusal = refusalOf(error);
  if (!refusal) return { kind: 'failed', error };
  if (refusal === 'ACCESS_CODE_INVALID')
    return { kind: 'code', error: code ? error.message : null };
  if (refusal === 'REGION_BLOCKED') return { kind: 'region', message: error.message };
  const to = playerRedirect({
    refusal,
    mode: show ? publicWatchMode(show) : 'ticket',
    status: show?.status ?? 'NEW',
    showId: input.showId,
    code,
  });
  if (to === null || (STATUS_REFUSALS.has(refusal) && input.isJustActivated)) {
    return { kind: 'cover' };
  }
  return { kind: 'redirect', to, message: refusal === 'SHOW_NOT_FOUND' ? null : error.message };
}
