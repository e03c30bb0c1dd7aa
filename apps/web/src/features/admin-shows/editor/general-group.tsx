import { SHOW_ICONS, SHOW_TYPES } from '@taquilla/contract';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { countryOptions } from '../../../components/form/country-options';
import { adminShowsTexts } from '../admin-shows.texts';
import { CheckField, TextAreaField } from '../settings/settings-inputs';
import type { EditorGroupProps, ShowFieldKey } from '../show-draft';
import { TIME_ZONES, fromZonedInput, toZonedInput, zoneOf } from './zoned-input';

const t = adminShowsTexts.general;

const optionalText = (value: string) => (value.trim() === '' ? null : value);

/** Name, place, date on the show's clock, texts, tags and where the show is listed (000 §3). */
export function GeneralGroup({
  fields,
  onFieldsChange,
  settings,
  onChange,
  errors,
  disabled,
}: EditorGroupProps) {
  const zone = zoneOf(fields.timezone);
  const text = (key: ShowFieldKey, required = false) => ({
    value: typeof fields[key] === 'string' ? (fields[key] as string) : '',
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      onFieldsChange({ [key]: required ? event.target.value : optionalText(event.target.value) }),
  });
  const zones = TIME_ZONES.includes(zone as (typeof TIME_ZONES)[number])
    ? TIME_ZONES
    : [zone, ...TIME_ZONES];

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <div className="field-grid">
        <TextField label={t.fullname} required maxLength={300} {...text('fullname', true)} />
        <TextField label={t.subtitle} maxLength={300} {...text('subtitle')} />
        <TextField
          label={t.venue}
          required
          maxLength={300}
          hint={t.venueHint}
          {...text('venue', true)}
        />
        <TextField label={t.venueAddress} maxLength={500} {...text('venue_address')} />
        <SelectField
          label={t.type}
          value={fields.type}
          error={errors.type}
          options={SHOW_TYPES.map((type) => ({ value: type, label: t.types[type] }))}
          onChange={(event) => onFieldsChange({ type: event.target.value })}
        />
        <SelectField
          label={t.country}
          value={fields.country}
          error={errors.country}
          options={countryOptions()}
          onChange={(event) => onFieldsChange({ country: event.target.value })}
        />
        <TextField
          type="datetime-local"
          label={t.showDate}
          required
          hint={t.showDateHint(zone)}
          value={toZonedInput(fields.show_date, zone)}
          error={errors.show_date}
          onChange={(event) =>
            onFieldsChange({ show_date: fromZonedInput(event.target.value, zone) })
          }
        />
        <SelectField
          label={t.timezone}
          value={zone}
          error={errors.timezone}
          options={zones.map((value) => ({ value, label: value }))}
          onChange={(event) => onFieldsChange({ timezone: event.target.value })}
        />
        <SelectField
          label={t.icon}
          value={fields.icon ?? ''}
          error={errors.icon}
          options={[
            { value: '', label: t.icons.none },
            ...SHOW_ICONS.map((icon) => ({ value: icon, label: t.icons[icon] })),
          ]}
          onChange={(event) =>
            onFieldsChange({ icon: (event.target.value || null) as typeof fields.icon })
          }
        />
        <TextField label={t.genre} maxLength={120} {...text('genre')} />
        <TextField
          label={t.tags}
          hint={t.tagsHint}
          value={fields.tags.join(', ')}
          error={errors.tags ?? errors['tags.0']}
          onChange={(event) =>
            onFieldsChange({
              tags: event.target.value
                .split(',')
                .map((tag) => tag.trim())
                .filter(Boolean),
            })
          }
        />
        <TextField
          label={t.videoUrl}
          hint={t.videoUrlHint}
          inputMode="url"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={2000}
          {...text('video_url')}
        />
      </div>
      <TextAreaField label={t.description} rows={5} {...text('description')} />
      <TextAreaField label={t.description2} {...text('description2')} />
      <TextAreaField label={t.importantInfo} {...text('important_info')} />
      <div className="field-grid">
        <CheckField
          label={t.paid}
          checked={fields.paid}
          error={errors.paid}
          onChange={(paid) => onFieldsChange({ paid })}
        />
        <CheckField
          label={t.visible}
          checked={fields.visible}
          error={errors.visible}
          onChange={(visible) => onFieldsChange({ visible })}
        />
        <CheckField
          label={t.billboard}
          checked={fields.billboard}
          error={errors.billboard}
          onChange={(billboard) => onFieldsChange({ billboard })}
        />
      </div>
      <div className="field-grid">
        <TextField
          label={t.billboardSummary}
          value={typeof settings.billboard_summary === 'string' ? settings.billboard_summary : ''}
          error={errors['settings.billboard_summary']}
          onChange={(event) => onChange({ billboard_summary: optionalText(event.target.value) })}
        />
        <SelectField
          label={t.billboardPosition}
          value={settings.billboard_info_position === 'bottom' ? 'bottom' : 'top'}
          error={errors['settings.billboard_info_position']}
          options={[
            { value: 'top', label: t.positions.top },
            { value: 'bottom', label: t.positions.bottom },
          ]}
          onChange={(event) => onChange({ billboard_info_position: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

export const GENERAL_SETTINGS_KEYS = ['billboard_summary', 'billboard_info_position'] as const;
