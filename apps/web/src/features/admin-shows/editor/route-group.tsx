import { TextField } from '../../../components/form/text-field';
import { adminShowsTexts } from '../admin-shows.texts';
import type { EditorGroupProps } from '../show-draft';

const t = adminShowsTexts.route;

const FILM_TEXT_KEYS = [
  ['title', t.title],
  ['genre', t.genre],
  ['rated', t.rated],
  ['language', t.language],
  ['subtitles', t.subtitles],
  ['director', t.director],
  ['writer', t.writer],
  ['producer', t.producer],
  ['trailer', t.trailer],
] as const;

export const ROUTE_SETTINGS_KEYS = [...FILM_TEXT_KEYS.map(([key]) => key), 'year', 'cast'] as const;

/**
 * The vanity path (002 §2.2: /{path} opens the show; unique, so a taken one comes back
 * as a message under the field) and the film page's details (002 §3).
 */
export function RouteGroup({
  fields,
  onFieldsChange,
  settings,
  onChange,
  errors,
  disabled,
}: EditorGroupProps) {
  const path = fields.path ?? '';
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const textOf = (key: string) =>
    typeof settings[key] === 'string' ? (settings[key] as string) : '';
  const cast = Array.isArray(settings.cast) ? settings.cast.join(', ') : textOf('cast');

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <TextField
        label={t.path}
        value={path}
        hint={path.trim() ? t.preview(`${origin}/${path.trim()}`) : t.pathHint}
        error={errors.path}
        spellCheck={false}
        autoCapitalize="none"
        maxLength={120}
        onChange={(event) =>
          onFieldsChange({ path: event.target.value.trim() === '' ? null : event.target.value })
        }
      />
      <fieldset className="settings-subgroup">
        <legend className="settings-subgroup__legend">{t.film}</legend>
        <div className="field-grid">
          {FILM_TEXT_KEYS.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              value={textOf(key)}
              error={errors[`settings.${key}`]}
              onChange={(event) =>
                onChange({ [key]: event.target.value.trim() === '' ? null : event.target.value })
              }
            />
          ))}
          <TextField
            type="number"
            inputMode="numeric"
            step={1}
            label={t.year}
            value={typeof settings.year === 'number' ? String(settings.year) : ''}
            error={errors['settings.year']}
            onChange={(event) =>
              onChange({
                year: event.target.value.trim() === '' ? null : Number(event.target.value),
              })
            }
          />
          <TextField
            label={t.cast}
            hint={t.castHint}
            value={cast}
            error={errors['settings.cast']}
            onChange={(event) => {
              const names = event.target.value
                .split(',')
                .map((name) => name.trim())
                .filter(Boolean);
              onChange({ cast: names.length > 0 ? names : null });
            }}
          />
        </div>
      </fieldset>
    </fieldset>
  );
}
