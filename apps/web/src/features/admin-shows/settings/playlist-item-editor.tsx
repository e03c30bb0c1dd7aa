import type { ReactNode, Ref } from 'react';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { PLAYLIST_STATUSES, withText } from './playlist.rules';
import type { PlaylistItemSetting, PlaylistStatus, PlaylistText } from './playlist.rules';
import { CheckField, DateTimeField, ImageAddressField, TextAreaField } from './settings-inputs';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.playlist;

const STATUS_OPTIONS = PLAYLIST_STATUSES.map((status) => ({
  value: status,
  label: t.statuses[status],
}));

/** One video of the playlist: what the panel shows (001 §2) and what it plays. */
export function PlaylistItemEditor({
  position,
  item,
  onChange,
  onDefaultChange,
  errorAt,
  boxRef,
  actions,
}: {
  position: number;
  item: PlaylistItemSetting;
  onChange: (item: PlaylistItemSetting) => void;
  onDefaultChange: (isDefault: boolean) => void;
  /** The message for a key of this item (`title`, `video_url`). */
  errorAt: (key: string) => string | undefined;
  boxRef: Ref<HTMLFieldSetElement>;
  actions: ReactNode;
}) {
  const text = (key: PlaylistText) => ({
    value: item[key] ?? '',
    error: errorAt(key),
    onChange: (event: { target: { value: string } }) =>
      onChange(withText(item, key, event.target.value)),
  });
  const address = {
    inputMode: 'url',
    spellCheck: false,
    autoCapitalize: 'none',
    maxLength: 2000,
  } as const;

  return (
    <fieldset className="settings-row__box" ref={boxRef}>
      <legend className="settings-row__legend">{t.itemLegend(position)}</legend>
      <div className="field-grid">
        <TextField label={t.itemTitle} maxLength={200} {...text('title')} />
        <SelectField
          label={t.status}
          value={item.status}
          options={STATUS_OPTIONS}
          error={errorAt('status')}
          onChange={(event) => onChange({ ...item, status: event.target.value as PlaylistStatus })}
        />
        <DateTimeField
          label={t.date}
          value={item.date}
          hint={t.dateHint}
          error={errorAt('date')}
          onChange={(iso) => onChange(withText(item, 'date', iso))}
        />
        <TextField label={t.videoUrl} hint={t.videoHint} {...address} {...text('video_url')} />
        <div className="field-grid__wide">
          <TextAreaField label={t.description} maxLength={1000} {...text('description')} />
        </div>
        <div className="field-grid__wide">
          <ImageAddressField
            label={t.imageUrl}
            value={item.image_url ?? ''}
            previewLabel={t.imagePreview(item.title.trim() || t.unnamed(position))}
            error={errorAt('image_url')}
            onChange={(value) => onChange(withText(item, 'image_url', value))}
          />
        </div>
      </div>
      <CheckField
        label={t.isDefault}
        checked={item.default === true}
        error={errorAt('default')}
        onChange={onDefaultChange}
      />
      {actions}
    </fieldset>
  );
}
