import { TICKET_CODE_ALPHABET } from './ticket-code.ts';
import { loginPath } from './login-redirect.ts';
import { isPaid } from './show-status.ts';
import type { ShowStatus } from './show-status.ts';

// Who may watch a show, and in which statuses (001 §4 access modes, 002 §4 player load
// flow, 000 §4 watch access). The reading of the three documents' status lists is in
// docs/decisions/0022-watch-access.md.

/**
 * How a viewer gets into a show's player:
 * - `nologin`: a code from the show's access codes, no account (001 §4 mode 1);
 * - `password`: the show's password (`settings.security`) or one of its access codes (mode 2);
 * - `free`: a free show without registration; a signed-in user, the user id as code (mode 3);
 * - `ticket`: a paid or registration show; an activated ticket (a viewer-show) (mode 4);
 * - `organiser`: the show's own producer or an admin, checking the stream.
 */
export const WATCH_MODES = ['nologin', 'password', 'free', 'ticket', 'organiser'] as const;
export type WatchMode = (typeof WATCH_MODES)[number];

type StatusInput = ShowStatus | (string & {});

export interface WatchModeInput {
  paid: string | boolean | null | undefined;
  settings: {
    nologin?: boolean | null;
    security?: string | null;
    registration?: boolean | null;
  };
}

/** True when the show is protected by a password (a non-blank `settings.security`). */
export function hasShowPassword(settings: { security?: string | null }): boolean {
  return typeof settings.security === 'string' && settings.security.trim() !== '';
}

/**
 * The mode a show is watched in by everyone but its organisers. No-login wins over
 * everything (000 §5: "Shows with the no-login setting are watchable without login"),
 * then a password, then a free show, and a paid or registration show needs a ticket.
 */
export function watchModeOf(show: WatchModeInput): Exclude<WatchMode, 'organiser'> {
  if (show.settings.nologin === true) return 'nologin';
  if (hasShowPassword(show.settings)) return 'password';
  if (!isPaid(show.paid) && show.settings.registration !== true) return 'free';
  return 'ticket';
}

/** Modes where a typed code (not the session) opens the player. */
export function isCodeMode(mode: WatchMode): boolean {
  return mode === 'nologin' || mode === 'password';
}

const TICKET_PLAYS: ReadonlySet<string> = new Set<ShowStatus>([
  'STARTED',
  'LIVE',
  'REPLAY',
  'TEST',
]);
const CODE_NEVER_PLAYS: ReadonlySet<string> = new Set<ShowStatus>(['NEW', 'CLOSED', 'CANCELLED']);
const GONE: ReadonlySet<string> = new Set<ShowStatus>(['CLOSED', 'CANCELLED']);
const NOT_YET: ReadonlySet<string> = new Set<ShowStatus>(['NEW', 'SOON', 'ACTIVE']);

/**
 * Whether the player plays in `status`: STARTED, LIVE, REPLAY and TEST for ticket
 * holders and signed-in viewers of free shows; a code show (no-login or password)
 * unless NEW, CLOSED or CANCELLED; an organiser's own show always.
 */
export function statusPlays(mode: WatchMode, status: StatusInput): boolean {
  if (mode === 'organiser') return true;
  if (isCodeMode(mode)) return !CODE_NEVER_PLAYS.has(status);
  return TICKET_PLAYS.has(status);
}

/** Why a status does not play, as the player says it (001 §2 cover, §8). */
export type StatusRefusal = 'EVENT_UNAVAILABLE' | 'EVENT_NOT_STARTED' | 'STREAM_INACTIVE';

/**
 * CLOSED and CANCELLED: "Este evento ya no está disponible"; not started yet (NEW, SOON,
 * ACTIVE): "Aún no es posible el ingreso al evento…"; any other (HIDDEN): "La
 * transmisión de este evento no está activa".
 */
export function statusRefusal(status: StatusInput): StatusRefusal {
  if (GONE.has(status)) return 'EVENT_UNAVAILABLE';
  if (NOT_YET.has(status)) return 'EVENT_NOT_STARTED';
  return 'STREAM_INACTIVE';
}

/** Every reason the server refuses a player, by its error code. */
export type WatchRefusal =
  | StatusRefusal
  | 'REGION_BLOCKED'
  | 'ACCESS_CODE_INVALID'
  | 'TICKET_REQUIRED'
  | 'ACCESS_REVOKED'
  | 'UNAUTHORIZED'
  | 'SHOW_NOT_FOUND';

const FREE_SENT_BACK: ReadonlySet<string> = new Set<ShowStatus>([
  'NEW',
  'SOON',
  'CLOSED',
  'CANCELLED',
]);

/**
 * Where the player page sends a visitor the server refused (001 §4 page entry,
 * 002 §4 load flow); null keeps the visitor on the player (code form, cover):
 * - a missing show, a blocked region, CLOSED or CANCELLED: the show page;
 * - a paid or registration show that does not play: the show page;
 * - a free show NEW or SOON: the show page; anonymous: login in signup mode;
 * - no ticket: activation with the code when one was given, else the show page;
 * - a ticket whose order was cancelled or refunded: stays, to say why (decision 0064).
 */
export function playerRedirect(input: {
  refusal: WatchRefusal;
  mode: WatchMode;
  status: StatusInput;
  showId: string;
  code?: string | null;
}): string | null {
  const showPage = `/shows/${input.showId}`;
  switch (input.refusal) {
    case 'SHOW_NOT_FOUND':
    case 'REGION_BLOCKED':
    case 'EVENT_UNAVAILABLE':
      return showPage;
    case 'UNAUTHORIZED':
      return `${loginPath(`${showPage}/player`)}&mode=signup`;
    case 'TICKET_REQUIRED':
      return input.code ? `/activate?code=${encodeURIComponent(input.code)}` : showPage;
    case 'ACCESS_CODE_INVALID':
    case 'ACCESS_REVOKED':
      return null;
    default:
      if (input.mode === 'ticket') return showPage;
      if (input.mode === 'free' && FREE_SENT_BACK.has(input.status)) return showPage;
      return null;
  }
}

/** Generated access codes are longer than ticket codes: they open a show without an account. */
export const ACCESS_CODE_LENGTH = 8;
/** The longest code a viewer may type; a show's password is compared up to this length too. */
export const WATCH_CODE_MAX_LENGTH = 64;

const UNBIASED_BYTE_LIMIT = 256 - (256 % TICKET_CODE_ALPHABET.length);
const MAX_DRAW_ROUNDS = 100;

/** An access code: ACCESS_CODE_LENGTH symbols of the ticket codes' unambiguous alphabet. */
export function generateAccessCode(randomBytes: (size: number) => Uint8Array): string {
  let code = '';
  for (let round = 0; round < MAX_DRAW_ROUNDS; round += 1) {
    for (const byte of randomBytes(ACCESS_CODE_LENGTH * 2)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      code += TICKET_CODE_ALPHABET.charAt(byte % TICKET_CODE_ALPHABET.length);
      if (code.length === ACCESS_CODE_LENGTH) return code;
    }
  }
  throw new Error('The random source kept returning unusable bytes');
}

/** What a viewer typed, as access codes and passwords are compared (001 §5: upper-cased). */
export function normalizeWatchCode(input: string): string {
  return input.trim().toUpperCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id typed or upper-cased by a form is still the user's id (free shows' code). */
export function normalizeUserIdCode(input: string): string | null {
  const trimmed = input.trim();
  return UUID.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** Blocked countries: an ISO 3166-1 alpha-2 code, compared without case; unknown is never blocked. */
export function isCountryBlocked(
  countryCode: string | null | undefined,
  blocked: readonly string[],
): boolean {
  if (!countryCode) return false;
  const code = countryCode.toUpperCase();
  return blocked.some((entry) => entry.toUpperCase() === code);
}
