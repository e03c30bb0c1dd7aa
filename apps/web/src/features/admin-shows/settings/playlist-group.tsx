import {
  claimedPlaylistPaths,
  hasItemContent,
  newPlaylistItem,
  PLAYLIST_KEYS,
  playlistPatch,
  readPlaylist,
  withDefault,
} from './playlist.rules';
import type { PlaylistItemSetting } from './playlist.rules';
import { PlaylistItemEditor } from './playlist-item-editor';
import type { SettingsGroupProps } from './settings-group';
import { replaceAt, settingsError, unclaimedErrors } from './settings-lists';
import { OtherErrors, useRowList } from './settings-rows';
import { settingsTexts } from './settings.texts';
import './settings-groups.css';

const t = settingsTexts.playlist;

export { PLAYLIST_KEYS };

/**
 * The playlist the player's panel lists (001 §2, `settings.playlist[]` of 001 §3): add,
 * edit, order and remove videos. Their order is the panel's and autoplay's (the next
 * playable one starts when a video ends). Messages come keyed as the server names them
 * (`settings.playlist.0.title`).
 */
export function PlaylistGroup({ settings, onChange, errors, disabled }: SettingsGroupProps) {
  const items = readPlaylist(settings);
  const commit = (next: PlaylistItemSetting[]) => onChange(playlistPatch(next));
  const nameOf = (item: PlaylistItemSetting, index: number) =>
    item.title.trim() || t.unnamed(index + 1);
  const rows = useRowList({
    items,
    commit,
    nameOf,
    hasContent: hasItemContent,
  });
  const others = unclaimedErrors(errors, PLAYLIST_KEYS, claimedPlaylistPaths(items));

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <p className="settings-group__note">{t.intro}</p>
      <OtherErrors messages={others} />
      <div className="settings-group__editor">
        {items.length === 0 ? (
          <p className="settings-group__note">{t.empty}</p>
        ) : (
          <ol className="settings-rows">
            {items.map((item, index) => (
              <li key={index} className="settings-row">
                <PlaylistItemEditor
                  position={index + 1}
                  item={item}
                  errorAt={(key) => settingsError(errors, 'playlist', index, key)}
                  boxRef={rows.register(`${index}:first`)}
                  onChange={(next) => commit(replaceAt(items, index, next))}
                  onDefaultChange={(isDefault) => commit(withDefault(items, index, isDefault))}
                  actions={rows.actionsFor(item, index)}
                />
              </li>
            ))}
          </ol>
        )}
        <button
          type="button"
          className="button button--secondary"
          ref={rows.register('add')}
          onClick={() => rows.add(newPlaylistItem(items))}
        >
          {t.add}
        </button>
      </div>
      {rows.extras}
    </fieldset>
  );
}
