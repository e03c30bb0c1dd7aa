import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import type { SettingsGroupProps } from './settings-group';
import { CheckField, DateTimeField, ImageAddressField } from './settings-inputs';
import { settingsError, unclaimedErrors } from './settings-lists';
import { OtherErrors } from './settings-rows';
import { settingsTexts } from './settings.texts';
import { WatchAccessFields } from './watch-access-fields';
import './settings-groups.css';

const t = settingsTexts.player;

/**
 * The keys this group edits: 001 §3's player settings that are not the playlist's
 * (PlaylistGroup) nor shared with the purchase side (`vod`, `registration`,
 * `has_show_dates`, `is_show_date`, `currency` are the general and payment groups').
 */
export const PLAYER_CHAT_KEYS = [
  'nologin',
  'security',
  'player',
  'video_url_es',
  'video_url_en',
  'chat_visible',
  'polls',
  'channel_image',
  'channel_image_mobile',
  'date',
  'season',
] as const;

const PLAYER_OPTIONS = [
  { value: '', label: t.players.default },
  { value: 'generic', label: t.players.generic },
  { value: 'jwplayer', label: t.players.jwplayer },
] as const;

const CLAIMED = new Set(PLAYER_CHAT_KEYS.map((key) => `settings.${key}`));

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A blank text removes the key: the show then behaves as if it was never set. */
function textPatch(key: string, value: string): Record<string, unknown> {
  return { [key]: value.trim() === '' ? null : value };
}

function seasonPatch(value: string): Record<string, unknown> {
  if (value.trim() === '') return { season: null };
  const season = Number(value);
  return Number.isFinite(season) ? { season } : {};
}

/**
 * Who may watch and how (001 §4 access modes), what plays (the player and the video per
 * language, 001 §4 "Playback source"), the chat and the polls beside it (001 §4 "Chat
 * visibility"), and the channel page's header images, date and season (001 §2).
 */
export function PlayerChatGroup({ settings, onChange, errors, disabled }: SettingsGroupProps) {
  const errorOf = (key: (typeof PLAYER_CHAT_KEYS)[number]) => settingsError(errors, key);
  const text = (key: (typeof PLAYER_CHAT_KEYS)[number]) => ({
    value: textOf(settings[key]),
    error: errorOf(key),
    onChange: (event: { target: { value: string } }) =>
      onChange(textPatch(key, event.target.value)),
  });
  const address = {
    inputMode: 'url',
    spellCheck: false,
    autoCapitalize: 'none',
    maxLength: 2000,
  } as const;

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <OtherErrors messages={unclaimedErrors(errors, PLAYER_CHAT_KEYS, CLAIMED)} />
      <WatchAccessFields settings={settings} onChange={onChange} errors={errors} />

      <fieldset className="settings-subgroup">
        <legend className="settings-subgroup__legend">{t.video}</legend>
        <div className="field-grid">
          <SelectField label={t.player} options={PLAYER_OPTIONS} {...text('player')} />
          <TextField label={t.videoEs} hint={t.videoHint} {...address} {...text('video_url_es')} />
          <TextField label={t.videoEn} {...address} {...text('video_url_en')} />
        </div>
      </fieldset>

      <fieldset className="settings-subgroup">
        <legend className="settings-subgroup__legend">{t.chat}</legend>
        <CheckField
          label={t.chatVisible}
          checked={settings.chat_visible !== false}
          hint={settings.vod === true ? t.chatVodHint : undefined}
          error={errorOf('chat_visible')}
          onChange={(checked) => onChange({ chat_visible: checked })}
        />
        <CheckField
          label={t.polls}
          checked={settings.polls === true}
          hint={t.pollsHint}
          error={errorOf('polls')}
          onChange={(checked) => onChange({ polls: checked })}
        />
      </fieldset>

      <fieldset className="settings-subgroup">
        <legend className="settings-subgroup__legend">{t.channel}</legend>
        <div className="field-grid">
          <ImageAddressField
            label={t.channelImage}
            value={textOf(settings.channel_image)}
            hint={t.imageHint}
            previewLabel={t.imagePreview(t.channelImage)}
            error={errorOf('channel_image')}
            onChange={(value) => onChange(textPatch('channel_image', value))}
          />
          <ImageAddressField
            label={t.channelImageMobile}
            value={textOf(settings.channel_image_mobile)}
            hint={t.imageHint}
            previewLabel={t.imagePreview(t.channelImageMobile)}
            error={errorOf('channel_image_mobile')}
            onChange={(value) => onChange(textPatch('channel_image_mobile', value))}
          />
          <DateTimeField
            label={t.date}
            value={settings.date}
            hint={t.dateHint}
            error={errorOf('date')}
            onChange={(iso) => onChange({ date: iso })}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            label={t.season}
            value={typeof settings.season === 'number' ? String(settings.season) : ''}
            error={errorOf('season')}
            onChange={(event) => onChange(seasonPatch(event.target.value))}
          />
        </div>
      </fieldset>
    </fieldset>
  );
}
