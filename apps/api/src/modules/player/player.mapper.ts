import type { CodeValidation, Playback } from '@taquilla/contract';
import type { WatchGrant } from './player.types.ts';

/** Playlist items that play (001 §2 playlist panel): a SOON item's video is not out yet. */
const PLAYLIST_PLAYS = new Set(['ACTIVE', 'LIVE']);

const sourceOrNull = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * Grant → the playback answer: the only wire shape that carries video sources, and the
 * viewer token of a password show's guest (decision 0063).
 */
export function toPlayback(grant: WatchGrant, viewerToken: string | null = null): Playback {
  const { show, settings } = grant;
  return {
    show_uid: show.id,
    status: show.status,
    mode: grant.mode,
    code: grant.code,
    expires_on: grant.expiresOn?.toISOString() ?? null,
    video_url: sourceOrNull(show.videoUrl),
    video_url_es: sourceOrNull(settings.video_url_es),
    video_url_en: sourceOrNull(settings.video_url_en),
    playlist: (settings.playlist ?? []).map(({ video_url, ...item }) =>
      PLAYLIST_PLAYS.has(item.status) && sourceOrNull(video_url) ? { ...item, video_url } : item,
    ),
    viewer_token: viewerToken,
  };
}

export function toCodeValidation(grant: WatchGrant): CodeValidation {
  return {
    valid: true,
    show_uid: grant.show.id,
    code: grant.code,
    mode: grant.mode,
    expires_on: grant.expiresOn?.toISOString() ?? null,
  };
}
