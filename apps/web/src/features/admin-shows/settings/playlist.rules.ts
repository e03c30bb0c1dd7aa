import type { ShowSettings } from '@taquilla/contract';

/** One video of `settings.playlist[]` (001 §3 playlist item). */
export type PlaylistItemSetting = NonNullable<ShowSettings['playlist']>[number];
export type PlaylistStatus = PlaylistItemSetting['status'];
export type PlaylistText = 'title' | 'date' | 'description' | 'image_url' | 'video_url';

/** The keys this group edits. */
export const PLAYLIST_KEYS = ['playlist'] as const;
export const PLAYLIST_STATUSES: readonly PlaylistStatus[] = ['ACTIVE', 'SOON', 'LIVE'];

const OPTIONAL_TEXTS = ['date', 'description', 'image_url', 'video_url'] as const;

/** The playlist as stored, read leniently (the server validates the whole on save). */
export function readPlaylist(settings: Record<string, unknown>): PlaylistItemSetting[] {
  const value = settings.playlist;
  if (!Array.isArray(value)) return [];
  return value.map((raw, index) => {
    const item = (raw ?? {}) as Partial<PlaylistItemSetting>;
    const read: PlaylistItemSetting = {
      _id: typeof item._id === 'string' && item._id !== '' ? item._id : `video-${index + 1}`,
      title: typeof item.title === 'string' ? item.title : '',
      status: item.status && PLAYLIST_STATUSES.includes(item.status) ? item.status : 'SOON',
    };
    for (const key of OPTIONAL_TEXTS) {
      const text = item[key];
      if (typeof text === 'string') read[key] = text;
    }
    if (item.default === true) read.default = true;
    return read;
  });
}

/** Whether the organiser wrote anything in it (removing it then asks first). */
export function hasItemContent(item: PlaylistItemSetting): boolean {
  return item.title.trim() !== '' || OPTIONAL_TEXTS.some((key) => item[key] !== undefined);
}

/** An empty playlist removes the key: the player then plays the show's own video. */
export function playlistPatch(items: readonly PlaylistItemSetting[]): Record<string, unknown> {
  return { playlist: items.length === 0 ? null : items };
}

/** A new video, not playable until it has an address: SOON. Its id never changes. */
export function newPlaylistItem(items: readonly PlaylistItemSetting[]): PlaylistItemSetting {
  const taken = new Set(items.map((item) => item._id));
  // Not a secret, and crypto.randomUUID is missing outside secure contexts (http on a LAN).
  const draw = () => `video-${Math.random().toString(36).slice(2, 10).padEnd(8, '0')}`;
  let id = draw();
  while (taken.has(id)) id = draw();
  return { _id: id, title: '', status: 'SOON' };
}

/** A text set on the item; an optional one left blank goes (title stays, even empty). */
export function withText(
  item: PlaylistItemSetting,
  key: PlaylistText,
  value: string | null,
): PlaylistItemSetting {
  if (key === 'title') return { ...item, title: value ?? '' };
  const next = { ...item };
  if (value === null || value.trim() === '') delete next[key];
  else next[key] = value;
  return next;
}

/** The player starts with one video at most (decision 0025): marking one unmarks the rest. */
export function withDefault(
  items: readonly PlaylistItemSetting[],
  index: number,
  isDefault: boolean,
): PlaylistItemSetting[] {
  return items.map((item, position) => {
    const { default: _previous, ...rest } = item;
    return position === index && isDefault ? { ...rest, default: true } : rest;
  });
}

/** Every path an input of the group shows a message for. */
export function claimedPlaylistPaths(items: readonly PlaylistItemSetting[]): Set<string> {
  const paths = new Set<string>();
  items.forEach((_, index) => {
    for (const key of ['title', 'status', 'default', ...OPTIONAL_TEXTS]) {
      paths.add(`settings.playlist.${index}.${key}`);
    }
  });
  return paths;
}
