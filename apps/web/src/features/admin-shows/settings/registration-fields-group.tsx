import { useState } from 'react';
import { CustomFieldEditor } from './custom-field-editor';
import { CustomFieldsPreview } from './custom-fields-preview';
import {
  claimedCustomFieldPaths,
  customFieldProblems,
  customFieldsPatch,
  newCustomField,
  readCustomFields,
  REGISTRATION_FIELDS_KEYS,
} from './custom-fields.rules';
import type { CustomFieldSetting } from './custom-fields.rules';
import type { SettingsGroupProps } from './settings-group';
import { replaceAt, unclaimedErrors } from './settings-lists';
import { OtherErrors, useRowList } from './settings-rows';
import { settingsTexts } from './settings.texts';
import './settings-groups.css';

const t = settingsTexts.registration;

export { REGISTRATION_FIELDS_KEYS };

/**
 * The questions the show adds to checkout, deposit and registration forms
 * (`settings.custom_fields.fields[]`, 000 §3 and §5): add, edit, order, remove, with the
 * buyer's view beside them. Messages come keyed as the server names them
 * (`settings.custom_fields.fields.0.label`); the group adds its own for repeated keys and
 * choices without options, which the schema lets through but the buyer's form cannot use.
 */
export function RegistrationFieldsGroup({
  settings,
  onChange,
  errors,
  disabled,
}: SettingsGroupProps) {
  const fields = readCustomFields(settings);
  // Keys the show had when the editor opened: answers may already be stored under them.
  const [savedKeys] = useState(() => new Set(fields.map((field) => field.key)));
  const commit = (next: CustomFieldSetting[]) => onChange(customFieldsPatch(next));
  const nameOf = (field: CustomFieldSetting, index: number) =>
    field.label.trim() || t.unnamed(index + 1);
  const rows = useRowList({
    items: fields,
    commit,
    nameOf,
    hasContent: (field) => field.label.trim() !== '' || field.options.length > 0,
  });

  const messages = { ...customFieldProblems(fields), ...errors };
  const errorAt = (index: number) => (path: string) =>
    messages[`settings.custom_fields.fields.${index}.${path}`];
  const others = unclaimedErrors(errors, REGISTRATION_FIELDS_KEYS, claimedCustomFieldPaths(fields));

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <p className="settings-group__note">{t.intro}</p>
      <OtherErrors messages={others} />
      <div className="settings-group__split">
        <div className="settings-group__editor">
          {fields.length === 0 ? (
            <p className="settings-group__note">{t.empty}</p>
          ) : (
            <ol className="settings-rows">
              {fields.map((field, index) => (
                <li key={index} className="settings-row">
                  <CustomFieldEditor
                    position={index + 1}
                    field={field}
                    errorAt={errorAt(index)}
                    otherKeys={fields
                      .filter((_, position) => position !== index)
                      .map((other) => other.key)}
                    savedKeys={savedKeys}
                    boxRef={rows.register(`${index}:first`)}
                    onChange={(next) => commit(replaceAt(fields, index, next))}
                    actions={rows.actionsFor(field, index)}
                  />
                </li>
              ))}
            </ol>
          )}
          <button
            type="button"
            className="button button--secondary"
            ref={rows.register('add')}
            onClick={() => rows.add(newCustomField(fields))}
          >
            {t.add}
          </button>
        </div>
        <CustomFieldsPreview fields={fields} />
      </div>
      {rows.extras}
    </fieldset>
  );
}
