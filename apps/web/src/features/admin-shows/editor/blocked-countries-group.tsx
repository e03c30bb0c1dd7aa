import { useState } from 'react';
import { countryName, countryOptions } from '../../../components/form/country-options';
import { SelectField } from '../../../components/form/select-field';
import { adminShowsTexts } from '../admin-shows.texts';
import type { SettingsGroupProps } from '../settings/settings-group';

const t = adminShowsTexts.blocked;

export const BLOCKED_SETTINGS_KEYS = ['blocked_countries'] as const;

/**
 * `settings.blocked_countries` (001 §4 geo restriction): absent, the platform's list
 * applies (BLOCKED_COUNTRIES); a list of the show's own replaces it, and an empty one
 * blocks no country.
 */
export function BlockedCountriesGroup({
  settings,
  onChange,
  errors,
  disabled,
}: SettingsGroupProps) {
  const own = Array.isArray(settings.blocked_countries)
    ? (settings.blocked_countries as string[])
    : null;
  const available = countryOptions().filter((option) => !own?.includes(option.value));
  const [pick, setPick] = useState('');
  const error = errors['settings.blocked_countries'];
  const itemError = (index: number) => errors[`settings.blocked_countries.${index}`];

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <p className="settings-group__note">{t.intro}</p>
      <fieldset className="settings-subgroup settings-radios">
        <legend className="settings-subgroup__legend">{t.modeLegend}</legend>
        <label className="check-field">
          <input
            type="radio"
            name="blocked-countries-mode"
            checked={own === null}
            onChange={() => onChange({ blocked_countries: null })}
          />
          <span>{t.useDefault}</span>
        </label>
        <label className="check-field">
          <input
            type="radio"
            name="blocked-countries-mode"
            checked={own !== null}
            onChange={() => onChange({ blocked_countries: [] })}
          />
          <span>{t.useOwn}</span>
        </label>
      </fieldset>
      {error && <p className="field__error">{error}</p>}
      {own !== null && (
        <>
          {own.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <ul className="blocked-countries" aria-label={t.listLabel}>
              {own.map((code, index) => (
                <li key={code}>
                  <span>{countryName(code)}</span>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() =>
                      onChange({ blocked_countries: own.filter((item) => item !== code) })
                    }
                  >
                    {t.remove(countryName(code))}
                  </button>
                  {itemError(index) && <p className="field__error">{itemError(index)}</p>}
                </li>
              ))}
            </ul>
          )}
          <div className="blocked-countries__add">
            <SelectField
              label={t.add}
              value={pick}
              options={[{ value: '', label: '—' }, ...available]}
              onChange={(event) => setPick(event.target.value)}
            />
            <button
              type="button"
              className="button button--secondary"
              disabled={pick === ''}
              onClick={() => {
                onChange({ blocked_countries: [...own, pick] });
                setPick('');
              }}
            >
              {t.addButton}
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
