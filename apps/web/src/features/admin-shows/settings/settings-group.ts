/**
 * The props every settings group of the show editor takes (issue 11, decision 0031).
 *
 * - `settings`: the show's settings as the editor holds them now (the saved settings with
 *   the unsaved patch applied).
 * - `onChange(patch)`: sets keys of `settings`; a key set to `null` removes it, exactly as
 *   PATCH /admin/shows/{id} does with `settings`. The editor merges patches and sends only
 *   what changed.
 * - `errors`: the server's 422 field messages keyed by the field path it names, e.g.
 *   `settings.custom_fields.0.label` (a group shows those starting with its keys).
 * - `disabled`: true while saving or when the organiser may not edit.
 */
export type SettingsGroupProps = {
  settings: Record<string, unknown>;
  onChange: (patch: Record<string, unknown>) => void;
  errors: Readonly<Record<string, string>>;
  disabled?: boolean;
};
