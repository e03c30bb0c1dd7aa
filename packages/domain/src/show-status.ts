export const SHOW_STATUSES = [
  'NEW',
  'SOON',
  'ACTIVE',
  'STARTED',
  'LIVE',
  'TEST',
  'HIDDEN',
  'REPLAY',
  'CLOSED',
  'CANCELLED',
] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export type ShowBadge = 'BUY' | 'SOON';
export type ShowOverlay = 'EN VIVO' | 'POR DEMANDA';
export type ChannelVariant = 'generic' | 'artist' | 'podcast' | 'series';

export const EVENT_ENDED_MESSAGE = 'Este evento ha terminado';
export const EVENT_NOT_STARTED_MESSAGE =
  'Este evento aún no ha iniciado. Revisa la página 5 minutos antes de la hora del evento para ver la transmisión.';

// Statuses arrive from stored rows and query strings, so every check accepts any string
// and simply answers "no" for one it does not know.
type StatusInput = ShowStatus | (string & {});

const SALES_SHOWN: ReadonlySet<string> = new Set<ShowStatus>([
  'ACTIVE',
  'STARTED',
  'LIVE',
  'REPLAY',
  'HIDDEN',
  'TEST',
]);
const BUY_BADGE: ReadonlySet<string> = new Set<ShowStatus>(['ACTIVE', 'STARTED', 'LIVE', 'TEST']);
const WATCHABLE: ReadonlySet<string> = new Set<ShowStatus>(['STARTED', 'LIVE', 'REPLAY']);
const ENDED: ReadonlySet<string> = new Set<ShowStatus>(['CLOSED', 'CANCELLED']);

const CHANNEL_LISTED: Readonly<Record<ChannelVariant, ReadonlySet<string>>> = {
  generic: new Set<ShowStatus>(['ACTIVE', 'SOON', 'LIVE', 'REPLAY']),
  artist: new Set<ShowStatus>(['ACTIVE', 'SOON', 'LIVE', 'REPLAY', 'TEST']),
  podcast: new Set<ShowStatus>(['ACTIVE', 'SOON', 'LIVE', 'REPLAY', 'TEST']),
  series: new Set<ShowStatus>(['ACTIVE', 'SOON', 'LIVE', 'REPLAY', 'HIDDEN']),
};

// 002 §4 adds TEST "except on the series page"; 001 §2 gives the generic page
// ACTIVE, LIVE, REPLAY only. Generic never lists TEST shows anyway, so TEST is kept to the
// two channels that list it (artist, podcast) and both documents agree.
const CHANNEL_PLAYABLE: Readonly<Record<ChannelVariant, ReadonlySet<string>>> = {
  generic: new Set<ShowStatus>(['ACTIVE', 'LIVE', 'REPLAY']),
  artist: new Set<ShowStatus>(['ACTIVE', 'LIVE', 'REPLAY', 'TEST']),
  podcast: new Set<ShowStatus>(['ACTIVE', 'LIVE', 'REPLAY', 'TEST']),
  series: new Set<ShowStatus>(['ACTIVE', 'LIVE', 'REPLAY']),
};

export function isShowStatus(value: unknown): value is ShowStatus {
  return typeof value === 'string' && (SHOW_STATUSES as readonly string[]).includes(value);
}

/** The wire sends `paid` either as a boolean or as the string "true". */
export function isPaid(paid: string | boolean | null | undefined): boolean {
  if (typeof paid === 'boolean') return paid;
  return typeof paid === 'string' && paid.trim().toLowerCase() === 'true';
}

/** NEW and CLOSED are named as hidden; SOON and CANCELLED are not named and stay hidden too. */
export function areSalesShown(status: StatusInput): boolean {
  return SALES_SHOWN.has(status);
}

export function showBadge(show: {
  status: StatusInput;
  paid: string | boolean | null | undefined;
}): ShowBadge | null {
  if (show.status === 'SOON') return 'SOON';
  if (BUY_BADGE.has(show.status) && isPaid(show.paid)) return 'BUY';
  return null;
}

export function showOverlay(status: StatusInput): ShowOverlay | null {
  if (status === 'LIVE') return 'EN VIVO';
  if (status === 'REPLAY') return 'POR DEMANDA';
  return null;
}

/**
 * 000 §4: "(no-login and not CLOSED or CANCELLED) or (activated ticket or not paid) and
 * the status is STARTED, LIVE or REPLAY". Read with "and" binding tighter than "or":
 *
 *   (nologin && !ended) || ((hasActivatedTicket || !paid) && status in STARTED/LIVE/REPLAY)
 *
 * The no-login branch carries its own status condition (not CLOSED/CANCELLED), so the
 * trailing status list belongs to the ticket branch only. No-login shows are still gated
 * later by the access-code check in the player (001 §4), which is why they may open early.
 */
export function hasWatchAccess(input: {
  status: StatusInput;
  nologin?: boolean | null;
  paid: string | boolean | null | undefined;
  hasActivatedTicket: boolean;
}): boolean {
  if (input.nologin === true && !ENDED.has(input.status)) return true;
  return (input.hasActivatedTicket || !isPaid(input.paid)) && WATCHABLE.has(input.status);
}

/** What the show page says in place of the player when hasWatchAccess is false. */
export function watchDeniedMessage(input: {
  status: StatusInput;
  hasActivatedTicket: boolean;
}): string {
  if (input.status === 'CLOSED' && input.hasActivatedTicket) return EVENT_ENDED_MESSAGE;
  return EVENT_NOT_STARTED_MESSAGE;
}

/** Which child shows a channel page lists (001 §2, 002 §4). */
export function isListedOnChannel(status: StatusInput, variant: ChannelVariant): boolean {
  return CHANNEL_LISTED[variant].has(status);
}

/**
 * Public show answers carry `has_video` instead of their video sources (those come
 * from the playback call, docs/decisions/0022-watch-access.md); an organiser's
 * answer still has `video_url`. Either says the show has something to play.
 */
export function hasPlayOverlay(show: {
  status: StatusInput;
  video_url?: string | null;
  has_video?: boolean;
  variant: ChannelVariant;
}): boolean {
  const hasVideo =
    show.has_video === true || (typeof show.video_url === 'string' && show.video_url.trim() !== '');
  return hasVideo && CHANNEL_PLAYABLE[show.variant].has(show.status);
}
