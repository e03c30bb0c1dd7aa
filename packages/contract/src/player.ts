import { WATCH_CODE_MAX_LENGTH, WATCH_MODES } from '@taquilla/domain';
import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import { ERRORS } from './errors.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { playlistItemSchema, showParamsSchema, showStatusSchema } from './shows.ts';

// Watching a show (001 §4 access modes, §5, §7; 002 §4 player load flow): who may
// play, the playback call that alone hands out video sources, the code check and
// the geo-IP lookup. Reading of the specifications: docs/decisions/0022-watch-access.md.

export const watchModeSchema = z.enum(WATCH_MODES);
export type WatchModeName = z.infer<typeof watchModeSchema>;

/**
 * A code as the player sends it: an access code, a show's password, a ticket's
 * code or (free shows) the user's id. Compared upper-cased, user ids in any case.
 */
export const watchCodeSchema = z
  .string()
  .trim()
  .min(1, { message: 'Ingresa tu código de acceso' })
  .max(WATCH_CODE_MAX_LENGTH, { message: 'Código Inválido' });

/** POST /viewers/codes/validate (001 §7): `{ code, show_uid }`. */
export const validateCodeBodySchema = z.object({
  code: watchCodeSchema,
  show_uid: z.uuid({ message: 'Identificador de evento inválido' }),
});
export type ValidateCodeBody = z.infer<typeof validateCodeBodySchema>;

/**
 * A valid code (the client reads any answer as "valid" and any error as
 * "invalid"): the code as the server keeps it, the show's mode, and until when
 * the code opens the show (null: no end).
 */
export const codeValidationSchema = z.object({
  valid: z.literal(true),
  show_uid: z.string(),
  code: z.string(),
  mode: watchModeSchema,
  expires_on: isoDateTimeSchema.nullable(),
});
export type CodeValidation = z.infer<typeof codeValidationSchema>;

/**
 * The viewer token (decision 0063): what names a viewer without an account who entered
 * a show with its shared password, in that show's chat and polls. Two base64url parts
 * (claims, HMAC signature); only the server can make or read one.
 */
export const VIEWER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43}$/;

export const playbackQuerySchema = z.object({
  /** The code of a no-login or password show (`?code=` of the player URL); session modes need none. */
  code: watchCodeSchema.optional(),
  /**
   * The device token the player got when it entered (`show-access/{show}/codes/{code}`,
   * decision 0026): once another device entered with the code, this one is refused
   * (DEVICE_REPLACED). Without it the call is a new entry's first load.
   */
  device: z.string().min(1).max(100).optional(),
  /**
   * The viewer token this browser got from an earlier playback call of the same show
   * (decision 0063): while it is genuine and current it is renewed, so a reload keeps the
   * same name, mutes and poll answers; otherwise a new one is issued.
   */
  viewer_token: z.string().min(1).max(450).optional(),
});

/**
 * GET /shows/{id}/playback: the video sources, only when access holds (001 §4
 * "Playback source"). `code` is the one the player uses for the single-device
 * channel `show-access/{show}/codes/{code}`. Playlist items keep their
 * `video_url` only while ACTIVE or LIVE (a SOON item shows the soon overlay).
 */
export const playbackSchema = z.object({
  show_uid: z.string(),
  status: showStatusSchema,
  mode: watchModeSchema,
  code: z.string(),
  expires_on: isoDateTimeSchema.nullable(),
  video_url: z.string().nullable(),
  video_url_es: z.string().nullable(),
  video_url_en: z.string().nullable(),
  playlist: z.array(playlistItemSchema),
  /**
   * A viewer without an account who entered with the show's shared password: the signed
   * token that names them in the chat and polls of this show (`setChannel`'s
   * `viewer_token`, decision 0063). Null for everyone else (an account, an access code,
   * a ticket), and when the address has spent its budget of new viewers: the video
   * plays; the chat and polls answer VIEWER_TOKEN_INVALID.
   */
  viewer_token: z.string().nullable(),
});
export type Playback = z.infer<typeof playbackSchema>;

/**
 * GET /geo (001 §3 geo lookup result): where the caller's address is, from the
 * offline database shipped with the API. Private, loopback and unknown
 * addresses have no country (and are never blocked).
 */
export const geoLocationSchema = z.object({
  country_code: z.string().length(2).nullable(),
  country_name: z.string().nullable(),
  city: z.string().nullable(),
  ip: z.string(),
});
export type GeoLocation = z.infer<typeof geoLocationSchema>;

/**
 * Why a ticket holder's access ended (decision 0064), by the status its code's order
 * was left in: what the playback call (403 ACCESS_REVOKED) and the socket's close
 * (4403) say. Each fits a WebSocket close reason (123 bytes).
 */
export const ACCESS_REVOKED_MESSAGES = {
  REFUND: 'Ya no tienes acceso a este evento porque la orden de tu boleto fue reembolsada.',
  CANCELLED: 'Ya no tienes acceso a este evento porque la orden de tu boleto fue anulada.',
} as const;

/** The ACCESS_REVOKED text for an order's status; another status gets the text that fits both. */
export function accessRevokedMessage(orderStatus: string | null | undefined): string {
  if (orderStatus === 'REFUND' || orderStatus === 'CANCELLED') {
    return ACCESS_REVOKED_MESSAGES[orderStatus];
  }
  return ERRORS.ACCESS_REVOKED.message;
}

const PLAYER_TAGS = ['player'] as const;
const WATCH_REFUSALS = [
  'REGION_BLOCKED',
  'ACCESS_CODE_INVALID',
  'TICKET_REQUIRED',
  'ACCESS_REVOKED',
  'EVENT_NOT_STARTED',
  'EVENT_UNAVAILABLE',
  'STREAM_INACTIVE',
  'RATE_LIMITED',
  'DEVICE_REPLACED',
] as const;

export const playerEndpoints = defineEndpoints('', {
  getGeo: {
    method: 'GET',
    path: '/geo',
    summary:
      'País y ciudad de la dirección de quien llama (base de datos local, sin servicios externos)',
    tags: PLAYER_TAGS,
    response: geoLocationSchema,
    status: 200,
    session: 'none',
    errors: [],
  },
  validateCode: {
    method: 'POST',
    path: '/viewers/codes/validate',
    summary:
      'Valida un código para entrar al reproductor de un evento (código de acceso, contraseña, boleto o id de usuario)',
    tags: PLAYER_TAGS,
    body: validateCodeBodySchema,
    response: codeValidationSchema,
    status: 200,
    session: 'optional',
    errors: ['VALIDATION_ERROR', 'SHOW_NOT_FOUND', 'ACCESS_CODE_INVALID', 'RATE_LIMITED'],
  },
  getPlayback: {
    method: 'GET',
    path: '/shows/:id/playback',
    summary:
      'Fuentes de video de un evento para el reproductor, solo con acceso (403 con el texto de la especificación si no)',
    tags: PLAYER_TAGS,
    params: showParamsSchema,
    query: playbackQuerySchema,
    response: playbackSchema,
    status: 200,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    session: 'optional',
    errors: [
      'SHOW_NOT_FOUND',
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'SESSION_EXPIRED',
      ...WATCH_REFUSALS,
    ],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type PlayerEndpoints = typeof playerEndpoints;
