import { hasShowPassword } from '@taquilla/domain';
import {
  landingPersonSchema,
  landingDownloadSchema,
  landingSchema,
  playlistItemSchema,
  showPathSchema,
  showSchema,
  showSettingsSchema,
} from '@taquilla/contract';
import type { AdminShow, Landing, Show } from '@taquilla/contract';
import type { ShowValues } from '../show-draft';

const isSource = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** Keys the public answer never carries as stored (decision 0022): sources, password, playlist. */
const PRIVATE_KEYS = new Set(['video_url_es', 'video_url_en', 'playlist', 'security', 'landing']);

type SettingsShape = typeof showSettingsSchema.shape;
const isSettingsKey = (key: string): key is keyof SettingsShape => key in showSettingsSchema.shape;

/** One value through its own schema: the draft's when it passes, else the saved one's. */
function settingValue(key: keyof SettingsShape, draft: unknown, saved: unknown): unknown {
  const schema = showSettingsSchema.shape[key];
  const fromDraft = schema.safeParse(draft);
  if (fromDraft.success) return fromDraft.data;
  const fromSaved = schema.safeParse(saved);
  return fromSaved.success ? fromSaved.data : undefined;
}

/** The rows of a list that pass their schema (a row being filled in is left out). */
function validRows<T>(rows: unknown, parse: (row: unknown) => T | undefined, limit: number): T[] {
  if (!Array.isArray(rows)) return [];
  return rows
    .map(parse)
    .filter((row): row is T => row !== undefined)
    .slice(0, limit);
}

const part = landingSchema.shape;
const parsed =
  <T>(schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }) =>
  (value: unknown): T | undefined => {
    const result = schema.safeParse(value);
    return result.success ? result.data : undefined;
  };

/**
 * The landing as the page would show it now: each text and each row that passes the
 * contract, so the preview follows the organiser's typing without waiting for a row
 * to be complete (the save is still checked whole).
 */
export function previewLanding(raw: unknown): Landing | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const draft = raw as Record<string, unknown>;
  const template = part.template.safeParse(draft.template);
  const landing: Landing = { template: template.success ? template.data : 'show' };
  for (const key of ['headline', 'intro', 'promo_video'] as const) {
    const value = parsed<string | undefined>(part[key])(draft[key]);
    if (value) landing[key] = value;
  }
  const socialRow = parsed(part.socials.unwrap().element);
  const galleryRow = parsed(part.gallery.unwrap().element);
  const lists = {
    socials: validRows(draft.socials, socialRow, 12),
    gallery: validRows(draft.gallery, galleryRow, 40),
    people: validRows(draft.people, parsed(landingPersonSchema), 40),
    downloads: validRows(draft.downloads, parsed(landingDownloadSchema), 40),
    featured: validRows(draft.featured, parsed(part.featured.unwrap().element), 6),
  };
  for (const [key, rows] of Object.entries(lists)) {
    if (rows.length > 0) Object.assign(landing, { [key]: rows });
  }
  const zip = parsed(landingDownloadSchema)(draft.zip);
  if (zip) landing.zip = zip;
  return landing;
}

/**
 * The show as `GET /shows/{id}` would answer it once the organiser's draft is saved:
 * the draft's fields and settings over the saved show, in the public shape the
 * landing templates take. As the server does (decision 0022), it carries no video
 * source (`video_url` null, no per-language videos, playlist items with `has_video`
 * instead of their address), `has_video` says whether anything would play, and
 * `security` only says that a password is asked. A value the contract would refuse
 * (a half-typed date, a year that is not a number) shows the saved one meanwhile.
 */
export function previewShow(show: AdminShow, values: ShowValues): Show {
  const { fields, settings } = values;
  const publicSettings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (PRIVATE_KEYS.has(key) || !isSettingsKey(key)) continue;
    const kept = settingValue(key, value, show.settings[key]);
    if (kept !== undefined) publicSettings[key] = kept;
  }
  const playlist = validRows(settings.playlist, parsed(playlistItemSchema), 500);
  if (playlist.length > 0) {
    publicSettings.playlist = playlist.map(({ video_url, ...item }) => ({
      ...item,
      has_video: isSource(video_url),
    }));
  }
  if (
    hasShowPassword({ security: typeof settings.security === 'string' ? settings.security : null })
  ) {
    publicSettings.security = true;
  }
  const landing = previewLanding(settings.landing);
  if (landing) publicSettings.landing = landing;

  const showDate = Number.isNaN(Date.parse(fields.show_date)) ? show.show_date : fields.show_date;
  const path = showPathSchema.nullable().safeParse(fields.path);
  const hasVideo =
    isSource(fields.video_url) ||
    isSource(settings.video_url_es) ||
    isSource(settings.video_url_en) ||
    playlist.some((item) => isSource(item.video_url));

  const common = { video_url: null, has_video: hasVideo, settings: publicSettings };
  const drafted = showSchema.safeParse({
    ...show,
    ...fields,
    ...common,
    show_date: showDate,
    path: path.success ? path.data : show.path,
  });
  // Each field is typed as the show's own, so this holds; the saved fields are the fallback.
  return drafted.success ? drafted.data : showSchema.parse({ ...show, ...common });
}
