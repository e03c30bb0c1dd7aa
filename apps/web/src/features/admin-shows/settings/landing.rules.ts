import { landingTemplateOf } from '@taquilla/domain';
import type { Landing, LandingTemplate } from '@taquilla/contract';

/** The key this group edits: the whole landing goes in every patch (PATCH merges top-level keys). */
export const LANDING_KEYS = ['landing'] as const;

export type SocialRow = NonNullable<Landing['socials']>[number];
export type GalleryRow = NonNullable<Landing['gallery']>[number];
export type PersonRow = NonNullable<Landing['people']>[number];
export type DownloadRow = NonNullable<Landing['downloads']>[number];

/** The content only some templates show (headline and intro are every template's). */
export const LANDING_FIELDS = [
  'socials',
  'promo_video',
  'gallery',
  'people',
  'downloads',
  'zip',
  'featured',
] as const;
export type LandingField = (typeof LANDING_FIELDS)[number];

/** The table of `landingSchema`'s doc comment: which template shows which field. */
const FIELDS_OF: Readonly<Record<LandingTemplate, readonly LandingField[]>> = {
  show: [],
  producer: ['featured'],
  registration: [],
  channel: [],
  series: [],
  podcast: [],
  artist: ['socials'],
  festival: [],
  film: [],
  lineup: [],
  cast: ['people'],
  gallery: ['promo_video', 'gallery'],
  seminar: ['promo_video', 'people', 'downloads'],
  telethon: [],
  album: ['downloads', 'zip'],
};

export function fieldsOf(template: LandingTemplate): readonly LandingField[] {
  return FIELDS_OF[template];
}

/** The most rows each list takes (the contract's limits). */
export const LIST_LIMITS = { socials: 12, gallery: 40, people: 40, downloads: 40 } as const;
export const FEATURED_LIMIT = 6;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.map((row) => (isRecord(row) ? row : {})) : [];

/**
 * `settings.landing` as stored, read leniently (the server validates the whole on
 * save): texts stay as typed, rows keep their blank required texts so the message
 * lands beside them, and an absent or unknown template is the generic show landing.
 */
export function readLanding(settings: Record<string, unknown>): Landing {
  const raw = isRecord(settings.landing) ? settings.landing : {};
  const landing: Landing = { template: landingTemplateOf({ landing: raw }) };
  for (const key of ['headline', 'intro', 'promo_video'] as const) {
    if (typeof raw[key] === 'string') landing[key] = raw[key];
  }
  if (Array.isArray(raw.socials)) {
    landing.socials = rowsOf(raw.socials).map((row) => ({
      label: textOf(row.label),
      url: textOf(row.url),
    }));
  }
  if (Array.isArray(raw.gallery)) {
    landing.gallery = rowsOf(raw.gallery).map((row) => ({
      image: textOf(row.image),
      alt: textOf(row.alt),
    }));
  }
  if (Array.isArray(raw.people)) {
    landing.people = rowsOf(raw.people).map((row) => {
      const person: PersonRow = { name: textOf(row.name) };
      for (const key of ['role', 'bio', 'photo'] as const) {
        if (typeof row[key] === 'string') person[key] = row[key];
      }
      return person;
    });
  }
  if (Array.isArray(raw.downloads)) {
    landing.downloads = rowsOf(raw.downloads).map((row) => ({
      title: textOf(row.title),
      file: textOf(row.file),
    }));
  }
  if (isRecord(raw.zip)) landing.zip = { title: textOf(raw.zip.title), file: textOf(raw.zip.file) };
  if (Array.isArray(raw.featured)) {
    landing.featured = raw.featured.filter((id): id is string => typeof id === 'string');
  }
  return landing;
}

const isBlank = (value: string | undefined) => value === undefined || value.trim() === '';

/**
 * The patch for a landing: blank optional texts, empty lists and an empty zip go, so
 * the page behaves as if they were never set; the generic show landing with nothing
 * else is no landing at all (`null` removes the key).
 */
export function landingPatch(landing: Landing): Record<string, unknown> {
  const next: Landing = { template: landing.template };
  if (!isBlank(landing.headline)) next.headline = landing.headline;
  if (!isBlank(landing.intro)) next.intro = landing.intro;
  if (!isBlank(landing.promo_video)) next.promo_video = landing.promo_video;
  if (landing.socials?.length) next.socials = landing.socials;
  if (landing.gallery?.length) next.gallery = landing.gallery;
  if (landing.people?.length) {
    next.people = landing.people.map((person) => {
      const kept: PersonRow = { name: person.name };
      for (const key of ['role', 'bio', 'photo'] as const) {
        if (!isBlank(person[key])) kept[key] = person[key];
      }
      return kept;
    });
  }
  if (landing.downloads?.length) next.downloads = landing.downloads;
  if (landing.zip && !(isBlank(landing.zip.title) && isBlank(landing.zip.file))) {
    next.zip = landing.zip;
  }
  if (landing.featured?.length) next.featured = landing.featured;
  const isEmpty = next.template === 'show' && Object.keys(next).length === 1;
  return { landing: isEmpty ? null : next };
}

/** The fields of a landing a template does not show. */
export type LandingStash = Partial<Pick<Landing, LandingField>>;

/**
 * Another template: the landing keeps the texts every template shows and the fields
 * the new one shows; what the new one does not show goes to `stash`, and comes back
 * from it if the organiser picks a template that shows it again before saving. So a
 * saved landing holds only what its page shows.
 */
export function withTemplate(
  landing: Landing,
  template: LandingTemplate,
  stash: LandingStash,
): { landing: Landing; stash: LandingStash } {
  const pool: LandingStash = { ...stash };
  for (const field of LANDING_FIELDS) {
    if (landing[field] !== undefined) Object.assign(pool, { [field]: landing[field] });
  }
  const kept = fieldsOf(template);
  const next: Landing = { template };
  if (landing.headline !== undefined) next.headline = landing.headline;
  if (landing.intro !== undefined) next.intro = landing.intro;
  const rest: LandingStash = {};
  for (const field of LANDING_FIELDS) {
    if (pool[field] === undefined) continue;
    Object.assign(kept.includes(field) ? next : rest, { [field]: pool[field] });
  }
  return { landing: next, stash: rest };
}

/** The paths of the server's messages an input of this template shows. */
export function claimedLandingPaths(landing: Landing): Set<string> {
  const base = 'settings.landing';
  const paths = new Set([base, `${base}.template`, `${base}.headline`, `${base}.intro`]);
  const fields = fieldsOf(landing.template);
  const rows = (field: 'socials' | 'gallery' | 'people' | 'downloads', keys: string[]) => {
    if (!fields.includes(field)) return;
    (landing[field] ?? []).forEach((_, index) => {
      for (const key of keys) paths.add(`${base}.${field}.${index}.${key}`);
    });
  };
  rows('socials', ['label', 'url']);
  rows('gallery', ['image', 'alt']);
  rows('people', ['name', 'role', 'bio', 'photo']);
  rows('downloads', ['title', 'file']);
  if (fields.includes('promo_video')) paths.add(`${base}.promo_video`);
  if (fields.includes('zip')) {
    for (const key of ['zip', 'zip.title', 'zip.file']) paths.add(`${base}.${key}`);
  }
  if (fields.includes('featured')) {
    paths.add(`${base}.featured`);
    (landing.featured ?? []).forEach((_, index) => paths.add(`${base}.featured.${index}`));
  }
  return paths;
}
