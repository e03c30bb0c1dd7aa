import type { Playback } from '@taquilla/contract';

export type VideoLanguage = 'es' | 'en';
export type PlaylistItem = Playback['playlist'][number];

/** 001 §2: a playlist item plays while ACTIVE or LIVE and has a video (the API sends no other's). */
export function isPlayable(item: PlaylistItem): boolean {
  return (item.status === 'ACTIVE' || item.status === 'LIVE') && Boolean(item.video_url);
}

/** The items the panel lists (001 §2: ACTIVE, SOON or LIVE). */
export function listedItems(playback: Playback): PlaylistItem[] {
  return playback.playlist.filter((item) => ['ACTIVE', 'SOON', 'LIVE'].includes(item.status));
}

/** The item that plays before the viewer picks one: the default one, else the first playable. */
export function defaultItem(playback: Playback): PlaylistItem | null {
  const playable = playback.playlist.filter(isPlayable);
  return playable.find((item) => item.default === true) ?? playable[0] ?? null;
}

/** The language toggle has something to switch only when both versions exist. */
export function hasLanguageVersions(playback: Playback): boolean {
  return Boolean(playback.video_url_es && playback.video_url_en);
}

/**
 * What the video plays (001 §4 "Playback source"): the playlist item the viewer
 * picked; else the language version chosen (es by default); else the default playlist
 * item; else the show's own video. Null: nothing to play yet.
 */
export function videoSource(
  playback: Playback,
  choice: { itemId: string | null; language: VideoLanguage },
): { url: string; itemId: string | null } | null {
  const picked = playback.playlist.find((item) => item._id === choice.itemId);
  if (picked && isPlayable(picked)) return { url: picked.video_url!, itemId: picked._id };
  const byLanguage =
    choice.language === 'en'
      ? (playback.video_url_en ?? playback.video_url_es)
      : (playback.video_url_es ?? playback.video_url_en);
  if (byLanguage) return { url: byLanguage, itemId: null };
  const item = defaultItem(playback);
  if (item) return { url: item.video_url!, itemId: item._id };
  return playback.video_url ? { url: playback.video_url, itemId: null } : null;
}

/** The playable item after `itemId` in the list, for autoplay (001 §2: on with a playlist). */
export function nextItem(playback: Playback, itemId: string): PlaylistItem | null {
  const index = playback.playlist.findIndex((item) => item._id === itemId);
  if (index < 0) return null;
  return playback.playlist.slice(index + 1).find(isPlayable) ?? null;
}

/** HLS by its MIME type when the organiser gave one, else by the address. */
export function isHlsSource(url: string, mediaType: string | null = null): boolean {
  if (mediaType) return /mpegurl/i.test(mediaType);
  return /\.m3u8(\?|#|$)/i.test(url);
}
