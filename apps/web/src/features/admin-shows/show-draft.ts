import { DEFAULT_TIME_ZONE } from '@taquilla/domain';
import type { AdminShow, AdminShowCreateInput, AdminShowPatchInput } from '@taquilla/contract';
import type { SettingsGroupProps } from './settings/settings-group';

/** The show's own writable fields (000 §3, 001 §3, 002 §3), outside `settings`. */
export const SHOW_FIELD_KEYS = [
  'fullname',
  'subtitle',
  'description',
  'description2',
  'important_info',
  'main_image',
  'show_date',
  'timezone',
  'country',
  'venue',
  'venue_address',
  'type',
  'paid',
  'tags',
  'genre',
  'icon',
  'video_url',
  'path',
  'billboard',
  'visible',
] as const;
export type ShowFieldKey = (typeof SHOW_FIELD_KEYS)[number];
export type ShowFields = { [K in ShowFieldKey]: AdminShow[K] };
export type FieldsPatch = Partial<ShowFields>;
export type Settings = Record<string, unknown>;

/** What the editor holds: the show's fields and its settings. */
export type ShowValues = { fields: ShowFields; settings: Settings };

/** The props of the editor's own groups: a settings group's, plus the show's fields. */
export type EditorGroupProps = SettingsGroupProps & {
  fields: ShowFields;
  onFieldsChange: (patch: FieldsPatch) => void;
};

export function valuesOf(show: AdminShow): ShowValues {
  const fields = Object.fromEntries(SHOW_FIELD_KEYS.map((key) => [key, show[key]])) as ShowFields;
  return { fields, settings: { ...show.settings } };
}

/** A new show: the database's defaults, Guatemala's clock and the contract's settings defaults. */
export const NEW_SHOW_VALUES: ShowValues = {
  fields: {
    fullname: '',
    subtitle: null,
    description: null,
    description2: null,
    important_info: null,
    main_image: null,
    show_date: '',
    timezone: DEFAULT_TIME_ZONE,
    country: 'GT',
    venue: '',
    venue_address: null,
    type: 'VENUE',
    paid: true,
    tags: [],
    genre: null,
    icon: null,
    video_url: null,
    path: null,
    billboard: false,
    visible: true,
  },
  settings: { currency: 'GTQ', max_ticket_quantity: 10, duration: 2 },
};

/** A settings patch applied as PATCH /admin/shows does: `null` removes the key. */
export function applySettingsPatch(settings: Settings, patch: Settings): Settings {
  const next = { ...settings };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined) delete next[key];
    else next[key] = value;
  }
  return next;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type ShowChanges = { fields: FieldsPatch; settings: Settings; count: number };

/** Only what differs from the saved show: changed fields, changed settings keys (removed: null). */
export function changesOf(saved: ShowValues, current: ShowValues): ShowChanges {
  const fields: Record<string, unknown> = {};
  for (const key of SHOW_FIELD_KEYS) {
    if (!same(saved.fields[key], current.fields[key])) fields[key] = current.fields[key];
  }
  const settings: Settings = {};
  const keys = new Set([...Object.keys(saved.settings), ...Object.keys(current.settings)]);
  for (const key of keys) {
    if (!same(saved.settings[key], current.settings[key])) {
      settings[key] = key in current.settings ? current.settings[key] : null;
    }
  }
  return {
    fields: fields as FieldsPatch,
    settings,
    count: Object.keys(fields).length + Object.keys(settings).length,
  };
}

/** PATCH /admin/shows/{id}'s body: only the changes. */
export function patchBody(changes: ShowChanges): AdminShowPatchInput {
  return {
    ...(changes.fields as AdminShowPatchInput),
    ...(Object.keys(changes.settings).length > 0 ? { settings: changes.settings } : {}),
  };
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/** POST /admin/shows's body: every field filled in (the required ones always), and the settings. */
export function createBody(values: ShowValues, producer: string | null): AdminShowCreateInput {
  const required = new Set<string>(['fullname', 'show_date', 'venue']);
  const fields = Object.fromEntries(
    Object.entries(values.fields).filter(([key, value]) => required.has(key) || !isBlank(value)),
  );
  return {
    ...(fields as unknown as AdminShowCreateInput),
    ...(producer ? { producer } : {}),
    settings: applySettingsPatch({}, values.settings) as AdminShowCreateInput['settings'],
  };
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** A schema's issues as the server names fields in a 422 (`settings.currency`), first one wins. */
export function issuesByField(issues: readonly Issue[], prefix = ''): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    byField[path || '(cuerpo)'] ??= issue.message;
  }
  return byField;
}

/** The server's messages that no field of the editor shows (so none is lost). */
export function messagesOutside(
  errors: Readonly<Record<string, string>>,
  shown: (path: string) => boolean,
): string[] {
  return Object.entries(errors)
    .filter(([path]) => !shown(path))
    .map(([, message]) => message);
}
