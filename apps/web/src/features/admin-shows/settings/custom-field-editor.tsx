import type { ReactNode, Ref } from 'react';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { CustomFieldOptions } from './custom-field-options';
import { relabelField, retypeField, withDefault, withOptions } from './custom-fields.rules';
import type { CustomFieldSetting } from './custom-fields.rules';
import { CheckField } from './settings-inputs';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.registration;

const TYPE_OPTIONS = [
  { value: 'text', label: t.types.text },
  { value: 'option', label: t.types.option },
] as const;

/** One question: its text, key, kind of answer, whether it is required, its options. */
export function CustomFieldEditor({
  position,
  field,
  onChange,
  errorAt,
  otherKeys,
  savedKeys,
  boxRef,
  actions,
}: {
  position: number;
  field: CustomFieldSetting;
  onChange: (field: CustomFieldSetting) => void;
  /** The message for a path under this question (`label`, `options.1.value`). */
  errorAt: (path: string) => string | undefined;
  otherKeys: readonly string[];
  savedKeys: ReadonlySet<string>;
  boxRef: Ref<HTMLFieldSetElement>;
  actions: ReactNode;
}) {
  const defaultOptions = [
    { value: '', label: t.noDefault },
    ...field.options.map((option) => ({
      value: option.key,
      label: option.value.trim() || option.key,
    })),
  ];
  const setDefault = (value: string) => onChange(withDefault(field, value));

  return (
    <fieldset className="settings-row__box" ref={boxRef}>
      <legend className="settings-row__legend">{t.fieldLegend(position)}</legend>
      <div className="field-grid">
        <TextField
          label={t.label}
          value={field.label}
          maxLength={200}
          error={errorAt('label')}
          onChange={(event) =>
            onChange(relabelField(field, event.target.value, otherKeys, savedKeys))
          }
        />
        <TextField
          label={t.key}
          value={field.key}
          maxLength={60}
          spellCheck={false}
          autoCapitalize="none"
          hint={t.keyHint}
          error={errorAt('key')}
          onChange={(event) => onChange({ ...field, key: event.target.value })}
        />
        <SelectField
          label={t.type}
          value={field.type}
          options={TYPE_OPTIONS}
          error={errorAt('type')}
          onChange={(event) =>
            onChange(retypeField(field, event.target.value === 'option' ? 'option' : 'text'))
          }
        />
        {field.type === 'option' ? (
          <SelectField
            label={t.defaultOption}
            value={field.default ?? ''}
            options={defaultOptions}
            error={errorAt('default')}
            onChange={(event) => setDefault(event.target.value)}
          />
        ) : (
          <TextField
            label={t.defaultText}
            value={field.default ?? ''}
            maxLength={500}
            error={errorAt('default')}
            onChange={(event) => setDefault(event.target.value)}
          />
        )}
      </div>
      <CheckField
        label={t.required}
        checked={field.required}
        error={errorAt('required')}
        onChange={(required) => onChange({ ...field, required })}
      />
      {field.type === 'option' && (
        <CustomFieldOptions
          options={field.options}
          errorAt={errorAt}
          onChange={(options) => onChange(withOptions(field, options))}
        />
      )}
      {actions}
    </fieldset>
  );
}
