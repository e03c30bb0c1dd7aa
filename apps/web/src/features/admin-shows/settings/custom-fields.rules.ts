import type { ShowSettings } from '@taquilla/contract';
import { keyFromText, uniqueKey } from './settings-lists';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.registration;

/** One question of `settings.custom_fields.fields[]` (000 §3). */
export type CustomFieldSetting = NonNullable<ShowSettings['custom_fields']>['fields'][number];
export type CustomFieldOption = CustomFieldSetting['options'][number];

/** The keys this group edits. */
export const REGISTRATION_FIELDS_KEYS = ['custom_fields'] as const;

const FIELD_FALLBACK = 'campo';
const OPTION_FALLBACK = 'opcion';

/**
 * The questions as stored, each read leniently (a stored question written before a key
 * had its default comes back with `required: false` and no options) so the editor
 * never breaks on old data; the server validates the whole on save.
 */
export function readCustomFields(settings: Record<string, unknown>): CustomFieldSetting[] {
  const value = settings.custom_fields;
  if (!value || typeof value !== 'object' || !('fields' in value)) return [];
  const fields = (value as { fields: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.map((raw) => {
    const field = (raw ?? {}) as Partial<CustomFieldSetting>;
    const read: CustomFieldSetting = {
      key: typeof field.key === 'string' ? field.key : '',
      label: typeof field.label === 'string' ? field.label : '',
      type: field.type === 'option' ? 'option' : 'text',
      required: field.required === true,
      options: Array.isArray(field.options) ? field.options : [],
    };
    if (typeof field.default === 'string') read.default = field.default;
    return read;
  });
}

/** The patch for a new list: no questions removes the key (the buyer sees the same). */
export function customFieldsPatch(fields: readonly CustomFieldSetting[]): Record<string, unknown> {
  return { custom_fields: fields.length === 0 ? null : { fields } };
}

export function newCustomField(fields: readonly CustomFieldSetting[]): CustomFieldSetting {
  return {
    key: uniqueKey(
      FIELD_FALLBACK,
      fields.map((field) => field.key),
    ),
    label: '',
    type: 'text',
    required: false,
    options: [],
  };
}

/**
 * A new text for the question. Its key follows the text while it is still the key the
 * text made (or the placeholder of a new question) and the question was not saved
 * with it: buyers' answers are stored under the key, so a saved key never moves by
 * itself.
 */
export function relabelField(
  field: CustomFieldSetting,
  label: string,
  otherKeys: readonly string[],
  savedKeys: ReadonlySet<string>,
): CustomFieldSetting {
  const followsText =
    !savedKeys.has(field.key) &&
    field.key === uniqueKey(keyFromText(field.label, FIELD_FALLBACK), otherKeys);
  if (!followsText) return { ...field, label };
  return { ...field, label, key: uniqueKey(keyFromText(label, FIELD_FALLBACK), otherKeys) };
}

/** A text question has no options; a default that is no option of the list goes. */
export function retypeField(
  field: CustomFieldSetting,
  type: CustomFieldSetting['type'],
): CustomFieldSetting {
  const { default: initial, ...rest } = field;
  if (type === 'text') return { ...rest, type, options: [] };
  const keepsDefault =
    initial !== undefined && field.options.some((option) => option.key === initial);
  return keepsDefault ? { ...rest, type, default: initial } : { ...rest, type };
}

/** The question with its initial answer set, or none for ''. */
export function withDefault(field: CustomFieldSetting, value: string): CustomFieldSetting {
  const { default: _previous, ...rest } = field;
  return value === '' ? rest : { ...rest, default: value };
}

/**
 * The question with new options; a chosen initial option follows its option when the
 * option's key changes (same list, one key different) and goes when the option does.
 */
export function withOptions(
  field: CustomFieldSetting,
  options: CustomFieldOption[],
): CustomFieldSetting {
  const initial = field.default;
  let next: string | undefined;
  if (initial !== undefined && options.some((option) => option.key === initial)) next = initial;
  else if (initial !== undefined && options.length === field.options.length) {
    next = options[field.options.findIndex((option) => option.key === initial)]?.key;
  }
  return withDefault({ ...field, options }, next ?? '');
}

export function newOption(options: readonly CustomFieldOption[]): CustomFieldOption {
  return {
    key: uniqueKey(
      OPTION_FALLBACK,
      options.map((option) => option.key),
    ),
    value: '',
  };
}

/** A new text for an option; its key follows the text as a question's does. */
export function renameOption(
  option: CustomFieldOption,
  value: string,
  otherKeys: readonly string[],
): CustomFieldOption {
  const followsText =
    option.key === uniqueKey(keyFromText(option.value, OPTION_FALLBACK), otherKeys);
  if (!followsText) return { ...option, value };
  return { value, key: uniqueKey(keyFromText(value, OPTION_FALLBACK), otherKeys) };
}

/**
 * What the schema lets through but would break the buyer's form: two questions (or two
 * options of one) under one key answer into the same place, and a choice without
 * options cannot be answered. Keyed like the server's messages.
 */
export function customFieldProblems(fields: readonly CustomFieldSetting[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const base = 'settings.custom_fields.fields';
  fields.forEach((field, index) => {
    if (field.key !== '' && fields.findIndex((other) => other.key === field.key) !== index) {
      problems[`${base}.${index}.key`] = t.duplicateKey;
    }
    if (field.type !== 'option') return;
    if (field.options.length === 0) problems[`${base}.${index}.options`] = t.noOptions;
    field.options.forEach((option, position) => {
      const first = field.options.findIndex((other) => other.key === option.key);
      if (option.key !== '' && first !== position) {
        problems[`${base}.${index}.options.${position}.key`] = t.duplicateOptionKey;
      }
    });
  });
  return problems;
}

/** Every path an input of the group shows a message for. */
export function claimedCustomFieldPaths(fields: readonly CustomFieldSetting[]): Set<string> {
  const base = 'settings.custom_fields.fields';
  const paths = new Set<string>();
  fields.forEach((field, index) => {
    for (const key of ['key', 'label', 'type', 'required', 'default', 'options']) {
      paths.add(`${base}.${index}.${key}`);
    }
    field.options.forEach((_, position) => {
      paths.add(`${base}.${index}.options.${position}.key`);
      paths.add(`${base}.${index}.options.${position}.value`);
    });
  });
  return paths;
}
