import { useId } from 'react';
import { PasswordField } from '../../../components/form/password-field';
import type { SettingsGroupProps } from './settings-group';
import { settingsError } from './settings-lists';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.player;

export type WatchMode = 'ticket' | 'codes' | 'password';
const MODES: readonly WatchMode[] = ['ticket', 'codes', 'password'];

/**
 * How the show is entered, as the server decides it (decision 0022's order): no-login
 * codes first, then a password (`security` not blank), else a ticket, or any account
 * when the show is free and without registration (`paid` and `registration` live in
 * other groups). A password chosen but not typed yet is kept as '' so the choice stays
 * on screen; the server reads a blank one as none, and the group says so.
 */
export function watchModeOf(settings: Record<string, unknown>): WatchMode {
  if (settings.nologin === true) return 'codes';
  if (typeof settings.security === 'string') return 'password';
  return 'ticket';
}

function modePatch(mode: WatchMode, settings: Record<string, unknown>): Record<string, unknown> {
  if (mode === 'codes') return { nologin: true, security: null };
  if (mode === 'password') {
    return {
      nologin: null,
      security: typeof settings.security === 'string' ? settings.security : '',
    };
  }
  return { nologin: null, security: null };
}

export function WatchAccessFields({
  settings,
  onChange,
  errors,
}: Pick<SettingsGroupProps, 'settings' | 'onChange' | 'errors'>) {
  const name = useId();
  const mode = watchModeOf(settings);
  const password = typeof settings.security === 'string' ? settings.security : '';
  const modeError = settingsError(errors, 'nologin');
  const passwordError =
    settingsError(errors, 'security') ?? (password.trim() === '' ? t.passwordMissing : undefined);
  return (
    <fieldset className="settings-subgroup">
      <legend className="settings-subgroup__legend">{t.access}</legend>
      <div className="settings-radios">
        {MODES.map((option) => (
          <label key={option} className="check-field">
            <input
              type="radio"
              name={name}
              value={option}
              checked={mode === option}
              onChange={() => onChange(modePatch(option, settings))}
            />
            <span>{t.modes[option]}</span>
          </label>
        ))}
      </div>
      {modeError && <p className="field__error">{modeError}</p>}
      {mode === 'password' && (
        <PasswordField
          label={t.password}
          value={password}
          autoComplete="new-password"
          maxLength={200}
          hint={t.passwordHint}
          error={passwordError}
          onChange={(event) => onChange({ security: event.target.value })}
        />
      )}
      {mode !== 'ticket' && <p className="field__hint">{t.codesHint}</p>}
    </fieldset>
  );
}
