import { isListedOnChannel, hasPlayOverlay } from './show-status.ts';
import type { ChannelVariant, ShowStatus } from './show-status.ts';

/**
 * Landing templates (issue 12, 002 §1, §2.8, 001 §2): the branded pages of the
 * specifications are a few data-driven templates an organiser picks per show
 * (`settings.landing.template`) and fills from the console. See
 * docs/decisions/0036-landing-templates.md.
 */
export const LANDING_TEMPLATES = [
  /** Generic show landing: registration form or ticket list, "Entrar" when LIVE. */
  'show',
  /** Producer page: one row per visible show of the show's producer, "Seleccionar". */
  'producer',
  /** Free registration page: the registration form first. */
  'registration',
  /** Generic channel of child episodes. */
  'channel',
  /** Series page (HIDDEN children listed too). */
  'series',
  /** Podcast channel: season tabs, the latest by default. */
  'podcast',
  /** Artist channel: header images, social links, tiers, watch or activate. */
  'artist',
  /** Film festival home: its films, each at /{festival}/{film}. */
  'festival',
  /** Film page: poster, credits, trailer, ticket box, other films, "Ver película". */
  'film',
  /** Comedy festival: its child shows, each linking to /shows/{id}. */
  'lineup',
  /** Cast biographies. */
  'cast',
  /** Promo video and gallery, a watch link when LIVE or REPLAY (the Christmas page). */
  'gallery',
  /** Seminar: header, welcome, video, speakers, code-entry player, material download. */
  'seminar',
  /** Telethon: buy online, look codes up by DPI, enter link. */
  'telethon',
  /** Free album download: tracks and a zip, each click redeemed. */
  'album',
] as const;
export type LandingTemplate = (typeof LANDING_TEMPLATES)[number];

type StatusInput = ShowStatus | (string & {});

/** Which channel rule lists a template's children; null when it lists none. */
const CHILD_LIST: Readonly<Record<LandingTemplate, ChannelVariant | null>> = {
  show: null,
  producer: null,
  registration: null,
  channel: 'generic',
  series: 'series',
  podcast: 'podcast',
  artist: 'artist',
  festival: 'generic',
  film: null,
  lineup: 'generic',
  cast: null,
  gallery: null,
  seminar: null,
  telethon: null,
  album: null,
};

export function isLandingTemplate(value: unknown): value is LandingTemplate {
  return typeof value === 'string' && (LANDING_TEMPLATES as readonly string[]).includes(value);
}

/** The template a show's page renders: its setting, else the generic show landing. */
export function landingTemplateOf(settings: { landing?: { template?: unknown } | null }) {
  const template = settings.landing?.template;
  return isLandingTemplate(template) ? template : 'show';
}

/** Whether a template lists child shows (channels, festivals). */
export function listsChildren(template: LandingTemplate): boolean {
  return CHILD_LIST[template] !== null;
}

/** 001 §2, 002 §4: which children a template lists, by status. */
export function isListedOnLanding(template: LandingTemplate, status: StatusInput): boolean {
  const variant = CHILD_LIST[template];
  return variant !== null && isListedOnChannel(status, variant);
}

/** 001 §2, 002 §4: whether a listed child shows the play overlay (and its play link). */
export function hasLandingPlayOverlay(
  template: LandingTemplate,
  show: { status: StatusInput; video_url?: string | null; has_video?: boolean },
): boolean {
  const variant = CHILD_LIST[template];
  return variant !== null && hasPlayOverlay({ ...show, variant });
}

/** Producer page (001 §2, 002 §2.8): only these statuses are listed. */
const PRODUCER_LISTED: ReadonlySet<string> = new Set<ShowStatus>([
  'ACTIVE',
  'SOON',
  'LIVE',
  'REPLAY',
]);
export function isListedOnProducerPage(status: StatusInput): boolean {
  return PRODUCER_LISTED.has(status);
}

export const ENTRY_TOO_EARLY_MESSAGE =
  'Aún no es posible el ingreso al evento. Por favor, recarga la página 5 minutos antes del evento y vuelve a intentar.';
export const NO_TICKET_MESSAGE =
  'Solicita tu boleto para poder ingresar. Si ya tienes tu boleto activado, por favor inicia sesión para continuar.';

const ENTRY_OPEN: ReadonlySet<string> = new Set<ShowStatus>(['STARTED', 'LIVE', 'REPLAY']);

/**
 * 002 §4 "Landing and film pages allow the play link only when the status is
 * STARTED, LIVE or REPLAY": what pressing a landing's watch link does. Too early,
 * the entry alert (whatever the ticket); then without a ticket (paid show), the other.
 */
export type LandingEntry = { kind: 'enter' } | { kind: 'alert'; message: string };

export function landingEntry(input: {
  status: StatusInput;
  /** An activated ticket (a viewer-show), or the show is free. */
  hasAccess: boolean;
}): LandingEntry {
  if (!ENTRY_OPEN.has(input.status)) return { kind: 'alert', message: ENTRY_TOO_EARLY_MESSAGE };
  if (!input.hasAccess) return { kind: 'alert', message: NO_TICKET_MESSAGE };
  return { kind: 'enter' };
}

/** A generic landing shows "Entrar" for a LIVE show (002 §2.8). */
export function showsEnterButton(status: StatusInput): boolean {
  return status === 'LIVE';
}

/** A film page is hidden when its show is CLOSED (002 §4). */
export function isFilmPageShown(status: StatusInput): boolean {
  return status !== 'CLOSED';
}

/** The gallery (Christmas) page's watch link shows when LIVE or REPLAY (002 §2.8). */
export function showsWatchLink(status: StatusInput): boolean {
  return status === 'LIVE' || status === 'REPLAY';
}

/** Podcast seasons of the children, newest last; the page opens on the latest (002 §9). */
export function podcastSeasons(children: readonly { settings: { season?: number | null } }[]) {
  const seasons = new Set<number>();
  for (const child of children) {
    const season = child.settings.season;
    if (typeof season === 'number' && Number.isInteger(season)) seasons.add(season);
  }
  return [...seasons].sort((a, b) => a - b);
}

export function defaultPodcastSeason(seasons: readonly number[]): number | null {
  return seasons.length > 0 ? Math.max(...seasons) : null;
}

/**
 * First path segments the SPA or the gateway own: a vanity path may not take
 * them, or it would shadow a page or an API call (one port, decision 0005).
 */
export const RESERVED_PATHS: readonly string[] = [
  'account',
  'activate',
  'admin',
  'api',
  'assets',
  'auth',
  'cart',
  'chat',
  'chatextract',
  'cookies',
  'docs',
  'email',
  'etickets',
  'geo',
  'health',
  'help',
  'images',
  'live',
  'login',
  'logout',
  'media',
  'metrics',
  'orders',
  'password',
  'payments',
  'player',
  'realtime',
  'shows',
  'signup',
  'static',
  'stats',
  'storage',
  'user',
  'users',
  'viewers',
  'webhooks',
];

export function isReservedPath(path: string): boolean {
  return RESERVED_PATHS.includes(path.trim().toLowerCase());
}

/** DPI (Guatemala's national ID): 13 digits between 1111111111111 and 9999999999999 (002 §5). */
export const DPI_LENGTH = 13;
export function isValidDpi(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const n = Number(value);
  return n >= 1111111111111 && n <= 9999999999999;
}
