import { SHOW_EVENT_STATUSES } from '@taquilla/domain';
import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { ERRORS } from './errors.ts';
import { ticketCountSchema } from './tickets.ts';

// The path and the close codes hold no schema: the browser's shell reads them without zod
// (decision 0070).
export * from './realtime-closes.ts';

/** Live control events of a show (001 §4), published on `show-events/{show}`. */
export { SHOW_EVENT_STATUSES };

export const showEventMetadataSchema = z.object({
  type: z.enum(['static', 'video']).optional(),
  message1: z.string().optional(),
  message2: z.string().optional(),
  video_url: z.string().optional(),
  player: z.string().optional(),
  media_type: z.string().optional(),
});

export const showEventSchema = z.object({
  event: z.literal('statusChange'),
  data: z.object({
    type: z.literal('status'),
    status: z.enum(SHOW_EVENT_STATUSES),
    metadata: showEventMetadataSchema.optional(),
    /** When the organiser sent it: a player keeps the newer of this and GET …/events/current. */
    created_at: isoDateTimeSchema,
  }),
});
export type ShowEvent = z.infer<typeof showEventSchema>;

/**
 * Channel families of the specifications. `show-events/{show}` and
 * `show-seats/{show}` are public for every public show; chats and polls need
 * watch access from a country the show does not block; a device channel
 * `show-access/{show}/codes/{code}` only the code's holder (an access code as
 * issued, a ticket's code, or a free show's user id as the session has it);
 * a cart's 3-D Secure channel only the browser that owns the cart
 * (docs/decisions/0022-watch-access.md).
 */
export const CHANNEL_PATTERNS = {
  showEvents: /^show-events\/([0-9a-f-]{36})$/,
  chat: /^chats-([0-9a-f-]{36})$/,
  polls: /^polls-([0-9a-f-]{36})$/,
  showAccess: /^show-access\/([0-9a-f-]{36})\/codes\/([A-Za-z0-9-]{1,64})$/,
  cart3ds: /^cart\/([0-9a-f-]{36})\/3ds$/,
  /** Public and read-only: every seat change of a show (a date) as it happens. */
  showSeats: /^show-seats\/([0-9a-f-]{36})$/,
} as const;

/**
 * What `cart/{cartId}/3ds` carries (000 §4 Card payment): the end of a 3-D
 * Secure challenge. APPROVED leads to the order page; REJECTED shows `message`.
 */
export const threeDsResultSchema = z.object({
  event: z.literal('3ds'),
  status: z.enum(['APPROVED', 'REJECTED']),
  order_uid: z.string(),
  message: z.string().optional(),
});
export type ThreeDsResult = z.infer<typeof threeDsResultSchema>;

/**
 * What `show-seats/{showId}` carries (issue 8): the seats of one section that
 * changed: `held` and `sold` read as unavailable, `released` as available
 * again. No cart id travels on this public channel: a map knows its own
 * holds from its cart and shows those as reserved.
 */
export const SEAT_CHANGE_KINDS = ['held', 'released', 'sold'] as const;
export const seatChangeSchema = z.object({
  event: z.literal('seats'),
  show_uid: z.string(),
  changes: z.array(
    z.object({
      seat_uid: z.string(),
      section_uid: z.string(),
      change: z.enum(SEAT_CHANGE_KINDS),
    }),
  ),
});
export type SeatChangeMessage = z.infer<typeof seatChangeSchema>;

/**
 * Also on `show-seats/{showId}` (decision 0079): real_available of the visible tickets of
 * that show's list (a función's: its own per-date numbers; a parent's: the best of its
 * dates), read after holds, releases or sales changed it. A show touched many times in a
 * short window is read and sent once for all of them.
 */
export const ticketCountMessageSchema = z.object({
  event: z.literal('tickets'),
  show_uid: z.string(),
  tickets: z.array(ticketCountSchema),
});
export type TicketCountMessage = z.infer<typeof ticketCountMessageSchema>;

const channelId = z.string().min(1).max(200);
/** Fields of the specification's actions the server never believes (it knows who the socket is). */
const ignored = z.string().max(500).nullable().optional();

export const realtimeClientMessageSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('subscribe'),
    channel: channelId,
    /**
     * The access code (or password) of a no-login or password show, for its
     * `chats-` and `polls-` channels: a socket without a session proves watch
     * access with it. Session modes ignore it.
     */
    code: z.string().min(1).max(64).optional(),
    /**
     * On `show-access/{show}/codes/{code}`: the device token this player got before a
     * reconnect. The same token is kept while no other device entered since; else the
     * answer is `device-replaced`. Without it, subscribing enters (a new token).
     */
    device: z.string().min(1).max(100).optional(),
  }),
  z.object({ action: z.literal('unsubscribe'), channel: channelId }),
  z.object({ action: z.literal('ping') }),
  /**
   * 001 §7 setChannel: joins `chats-{show}` or `polls-{show}` and answers `init`.
   * `show_uid`, `user_uid` and `username` are accepted and ignored (the username is the
   * one the server knows); `code` as for subscribe; `s` the mobile chat link's token,
   * which makes the socket its user in that show's chat.
   */
  z.object({
    action: z.literal('setChannel'),
    channel_id: channelId,
    show_uid: ignored,
    user_uid: ignored,
    username: ignored,
    code: z.string().min(1).max(64).optional(),
    s: z.string().min(1).max(4000).optional(),
    /**
     * The playback call's viewer token (decision 0063): a viewer without an account who
     * entered with the show's shared password chats and answers polls as the person it
     * names; without a genuine one of this show, setChannel answers VIEWER_TOKEN_INVALID.
     */
    viewer_token: z.string().min(1).max(450).optional(),
  }),
  /** 001 §7 sendMessage: only `data.message` is read; the rest comes from the socket's identity. */
  z.object({
    action: z.literal('sendMessage'),
    channel_id: channelId,
    data: z.object({
      message: z.string(),
      user_uid: ignored,
      viewer_uid: ignored,
      show_uid: ignored,
      username: ignored,
      type: ignored,
    }),
  }),
  /** 001 §7 sendPollAnswer: `data.poll_uid` and `data.option_uid` are read, nothing else. */
  z.object({
    action: z.literal('sendPollAnswer'),
    channel_id: channelId,
    data: z.object({
      poll_uid: z.string().min(1).max(100),
      option_uid: z.string().min(1).max(100),
      show_uid: ignored,
      user_uid: ignored,
      viewer_uid: ignored,
      username: ignored,
      option_text: ignored,
    }),
  }),
  /**
   * 001 §7 presence, every 180000 ms: a record for the device channel this socket
   * entered (`show-access/{show}/codes/{code}`), with the identity the server knows.
   */
  z.object({ action: z.literal('sendPresence'), channel_id: channelId }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export const REALTIME_ERRORS = {
  INVALID_MESSAGE: 'Mensaje inválido',
  CHANNEL_UNKNOWN: 'Canal desconocido',
  CHANNEL_FORBIDDEN: 'No tienes acceso a este canal',
  REGION_BLOCKED:
    'Este contenido esta restringido para tu región / This content is restricted for your region',
  RATE_LIMITED: 'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
  TOO_MANY_SUBSCRIPTIONS: 'Demasiadas suscripciones en esta conexión',
  // Actions (decision 0026): the HTTP calls' texts where they share a refusal.
  CHANNEL_NOT_JOINED: 'Únete al canal con setChannel antes de enviar',
  CHAT_MESSAGE_INVALID: 'Escribe un mensaje de 1 a 500 caracteres',
  CHAT_SENDING_TOO_FAST: 'Estás enviando mensajes muy rápido. Espera unos segundos.',
  DEVICE_NOT_ENTERED: 'Entra al reproductor antes de enviar tu presencia',
  CHAT_CLOSED: ERRORS.CHAT_CLOSED.message,
  CHAT_MUTED: ERRORS.CHAT_MUTED.message,
  CHAT_LINK_INVALID: ERRORS.CHAT_LINK_INVALID.message,
  POLL_NOT_FOUND: ERRORS.POLL_NOT_FOUND.message,
  POLL_NOT_ACTIVE: ERRORS.POLL_NOT_ACTIVE.message,
  POLL_OPTION_INVALID: ERRORS.POLL_OPTION_INVALID.message,
  POLL_ALREADY_ANSWERED: ERRORS.POLL_ALREADY_ANSWERED.message,
  POLLS_DISABLED: 'Las encuestas no están activadas en este evento',
  DEVICE_REPLACED: ERRORS.DEVICE_REPLACED.message,
  ACCESS_REVOKED: ERRORS.ACCESS_REVOKED.message,
  VIEWER_TOKEN_INVALID: ERRORS.VIEWER_TOKEN_INVALID.message,
} as const;
export type RealtimeErrorCode = keyof typeof REALTIME_ERRORS;

export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: z.string() }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('message'), channel: z.string(), data: z.unknown() }),
  z.object({
    type: z.literal('error'),
    error: z.enum(Object.keys(REALTIME_ERRORS) as [RealtimeErrorCode, ...RealtimeErrorCode[]]),
    message: z.string(),
    channel: z.string().optional(),
  }),
  z.object({ type: z.literal('pong') }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;

export function isRealtimeErrorCode(code: string): code is RealtimeErrorCode {
  return Object.hasOwn(REALTIME_ERRORS, code);
}
