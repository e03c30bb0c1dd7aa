import { LANDING_TEMPLATES, SHOW_STATUSES, isSitePath } from '@taquilla/domain';
import { z } from 'zod';
import { currencySchema, delimitedListSchema, listOf } from './common.ts';

// The statuses are a domain rule; the contract only gives them a schema.
export { SHOW_STATUSES };
export const showStatusSchema = z.enum(SHOW_STATUSES);
export type ShowStatus = z.infer<typeof showStatusSchema>;

export const SHOW_ICONS = ['theater', 'movie', 'talk', 'music'] as const;
export const SHOW_TYPES = ['VENUE', 'ONLINE'] as const;

export const customFieldSchema = z.object({
  key: z.string().min(1).max(60),
  label: z.string().min(1).max(200),
  type: z.enum(['text', 'option']),
  required: z.boolean().default(false),
  options: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
  default: z.string().optional(),
});

export const playlistItemSchema = z.object({
  _id: z.string().min(1),
  title: z.string(),
  date: z.string().optional(),
  description: z.string().optional(),
  image_url: z.string().optional(),
  video_url: z.string().optional(),
  status: z.enum(['ACTIVE', 'SOON', 'LIVE']),
  default: z.boolean().optional(),
});

export const depositInfoSchema = z.union([
  z.array(z.object({ label: z.string(), value: z.string() })),
  z.string(),
]);

export { LANDING_TEMPLATES };
export const landingTemplateSchema = z.enum(LANDING_TEMPLATES);
export type LandingTemplate = z.infer<typeof landingTemplateSchema>;

const LANDING_URL_MESSAGE =
  'Escribe una dirección completa (https://…) o una ruta de este sitio (/storage/…)';

/**
 * An address the page links or shows: an absolute http(s) URL or a path on this
 * site. A "path" a browser reads as another host (`//evil.example`,
 * `/\evil.example`) is neither (`isSitePath`, decision 0066).
 */
const landingUrlSchema = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/|\/)\S+$/, { message: LANDING_URL_MESSAGE })
  .refine((value) => !value.startsWith('/') || isSitePath(value), {
    message: LANDING_URL_MESSAGE,
  });

/** A person on a cast-biography or seminar page. */
export const landingPersonSchema = z.object({
  name: z.string().trim().min(1).max(120),
  role: z.string().trim().max(160).optional(),
  bio: z.string().trim().max(4000).optional(),
  photo: landingUrlSchema.optional(),
});

/** A file the page offers (album tracks, seminar material); fetched through redeem. */
export const landingDownloadSchema = z.object({
  title: z.string().trim().min(1).max(160),
  file: landingUrlSchema,
});

/**
 * `settings.landing` (issue 12): which template the show's page renders and the
 * content only that page has. Everything else a template shows comes from the
 * show itself (name, images, dates, tickets, children, film credits of 002 §3).
 * Absent: the generic show landing. See docs/decisions/0036-landing-templates.md.
 *
 * | field              | used by                                   |
 * | ------------------ | ----------------------------------------- |
 * | headline, intro    | every template (a heading and a welcome)  |
 * | socials            | artist                                    |
 * | promo_video        | gallery, seminar (a public promo clip)    |
 * | gallery            | gallery                                   |
 * | people             | cast (biographies), seminar (speakers)    |
 * | downloads          | album (tracks), seminar (material)        |
 * | zip                | album (the whole album)                   |
 * | featured           | producer (shows pinned above the list)    |
 */
export const landingSchema = z.object({
  template: landingTemplateSchema,
  headline: z.string().trim().max(200).optional(),
  intro: z.string().trim().max(4000).optional(),
  socials: z
    .array(z.object({ label: z.string().trim().min(1).max(60), url: landingUrlSchema }))
    .max(12)
    .optional(),
  promo_video: landingUrlSchema.optional(),
  gallery: z
    .array(z.object({ image: landingUrlSchema, alt: z.string().trim().min(1).max(200) }))
    .max(40)
    .optional(),
  people: z.array(landingPersonSchema).max(40).optional(),
  downloads: z.array(landingDownloadSchema).max(40).optional(),
  zip: landingDownloadSchema.optional(),
  featured: z
    .array(z.uuid({ message: 'Identificador de evento inválido' }))
    .max(6)
    .optional(),
});
export type Landing = z.infer<typeof landingSchema>;

/**
 * Show settings: every key named in 000 §3, 001 §3 and 002 §3. Stored as JSON
 * and validated by this schema on every write and read; defaults follow the
 * specifications (currency GTQ, max 10 tickets per line, 2-hour duration).
 */
export const showSettingsSchema = z.object({
  // purchase (000 §3)
  vod: z.boolean().optional(),
  has_show_dates: z.boolean().optional(),
  has_map: z.boolean().optional(),
  nologin: z.boolean().optional(),
  registration: z.boolean().optional(),
  deposit: z.boolean().optional(),
  quickbuy_link: z.string().optional(),
  deposit_only: z.boolean().optional(),
  deposit_payment_type: z.enum(['BANK_DEPOSIT', 'ACCOUNT_BANK_DEPOSIT']).optional(),
  deposit_info: depositInfoSchema.optional(),
  ask_for_nit: z.boolean().optional(),
  has_promo_code: z.boolean().optional(),
  is_show_date: z.boolean().optional(),
  currency: currencySchema.default('GTQ'),
  payment_provider: z.string().optional(),
  max_ticket_quantity: z.number().int().min(1).max(100).default(10),
  single_ticket: z.boolean().optional(),
  duration: z.number().positive().max(720).default(2),
  billboard_summary: z.string().optional(),
  billboard_info_position: z.string().default('top'),
  custom_fields: z.object({ fields: z.array(customFieldSchema) }).optional(),
  // viewing (001 §3)
  player: z.enum(['jwplayer', 'generic']).optional(),
  security: z.string().optional(),
  chat_visible: z.boolean().optional(),
  polls: z.boolean().optional(),
  playlist: z.array(playlistItemSchema).optional(),
  channel_image: z.string().optional(),
  channel_image_mobile: z.string().optional(),
  date: z.string().optional(),
  season: z.number().int().optional(),
  video_url_es: z.string().optional(),
  video_url_en: z.string().optional(),
  /**
   * Countries (ISO 3166-1 alpha-2, upper case) whose visitors may not watch: the
   * playback call and the realtime channels refuse them. Absent: the deployment's
   * BLOCKED_COUNTRIES (IN by default); an empty list blocks none.
   */
  blocked_countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, { message: 'Código de país de dos letras (IN)' }))
    .max(300)
    .optional(),
  // landing and film pages (002 §3)
  path: z.string().optional(),
  /** The page template and its own content (issue 12). */
  landing: landingSchema.optional(),
  poster_image: z.string().optional(),
  title: z.string().optional(),
  year: z.number().int().optional(),
  genre: z.string().optional(),
  rated: z.string().optional(),
  language: z.string().optional(),
  subtitles: z.string().optional(),
  director: z.string().optional(),
  writer: z.string().optional(),
  producer: z.string().optional(),
  cast: z.union([z.string(), z.array(z.string())]).optional(),
  trailer: z.string().optional(),
});
export type ShowSettings = z.infer<typeof showSettingsSchema>;

/**
 * A playlist item as everyone sees it: whether it has a video, not the video
 * itself (the player gets it from GET /shows/{id}/playback).
 */
export const publicPlaylistItemSchema = playlistItemSchema
  .omit({ video_url: true })
  .extend({ has_video: z.boolean() });

/**
 * Settings as the public answer carries them: no video sources and no password.
 * `security` only says that the show asks for one (001 §4 access mode 2).
 */
export const publicShowSettingsSchema = showSettingsSchema
  .omit({ video_url_es: true, video_url_en: true, playlist: true, security: true })
  .extend({
    security: z.boolean().optional(),
    playlist: z.array(publicPlaylistItemSchema).optional(),
  });
export type PublicShowSettings = z.infer<typeof publicShowSettingsSchema>;

/**
 * A show as the gateway answers it to everyone (000 §3, 001 §3, 002 §3 field
 * names). The video sources stay on the server: `video_url` is always null
 * here and `has_video` says whether the show has something to play (a
 * `video_url`, `settings.video_url_es` / `video_url_en` or a playlist video),
 * so channel, series and playlist pages can show their play overlays
 * (docs/decisions/0022-watch-access.md). Organisers see the sources (AdminShow).
 */
export const showSchema = z.object({
  _id: z.string(),
  fullname: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  description2: z.string().nullable(),
  important_info: z.string().nullable(),
  main_image: z.string().nullable(),
  show_date: z.string(),
  timezone: z.string(),
  country: z.string(),
  venue: z.string(),
  venue_address: z.string().nullable(),
  type: z.string(),
  status: showStatusSchema,
  paid: z.boolean(),
  parent_show_uid: z.string().nullable(),
  producer: z.string(),
  tags: z.array(z.string()),
  genre: z.string().nullable(),
  icon: z.enum(SHOW_ICONS).nullable(),
  video_url: z.null(),
  has_video: z.boolean(),
  path: z.string().nullable(),
  billboard: z.boolean(),
  visible: z.boolean(),
  settings: publicShowSettingsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Show = z.infer<typeof showSchema>;

export const SHOW_FILTERS = ['ALL', 'PAST', 'CURRENT'] as const;

const flagSchema = z.enum(['0', '1']);

/**
 * Query of GET /shows (000 §7, 001 §7, 002 §7). Absent `filter` means CURRENT
 * (upcoming and running); absent `visible` means only catalogue-visible shows;
 * absent `parent` means top-level shows only (child dates and episodes are
 * listed through their parent). See docs/decisions/0004-show-listing.md.
 */
export const showListQuerySchema = z.object({
  sort: z.enum(['1', '-1']).optional(),
  billboard: flagSchema.optional(),
  filter: z.enum(SHOW_FILTERS).optional(),
  vod: flagSchema.optional(),
  status: delimitedListSchema(SHOW_STATUSES, ',', (unknown) => `Estado desconocido: ${unknown}`),
  parent: z.uuid({ message: 'Identificador de evento inválido' }).optional(),
  producer: z.uuid({ message: 'Identificador de productor inválido' }).optional(),
  visible: z.enum(['1', '0', '-1']).optional(),
  /** Accent- and case-insensitive search over show names and venues. */
  q: z.string().trim().min(1).max(100).optional(),
  /** Comma-separated tags; a show matches when it has any of them. */
  tags: z
    .string()
    .max(300)
    .optional()
    .transform((value) => {
      const tags = (value ?? '')
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean);
      return tags.length > 0 ? tags : undefined;
    }),
});
export type ShowListQuery = z.infer<typeof showListQuerySchema>;
export type ShowListQueryInput = z.input<typeof showListQuerySchema>;

export const showListResponseSchema = listOf(showSchema);
export type ShowListResponse = z.infer<typeof showListResponseSchema>;

/** `{id}` of GET /shows/{id}: the show's `_id` or its vanity `path`. */
export const showParamsSchema = z.object({ id: z.string().min(1).max(200) });
