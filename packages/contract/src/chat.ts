import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { isoDateTimeSchema, listOf } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { watchCodeSchema } from './player.ts';
import { pollSchema } from './polls.ts';

// The chat beside the player (001 §2, §3 "Chat message", "Chat session"; §4 "Chat
// visibility", "Chat and poll behaviour"; §5; §7 mobile chat; ORGANISER-API.md chat).
// Decisions: docs/decisions/0026-chat-polls-devices.md.

export const CHAT_MESSAGE_TYPES = ['message', 'notification'] as const;

/**
 * A chat message as every viewer gets it (001 §3). `type` is `notification` for an
 * organiser's messages (highlighted), `message` otherwise. The username is the one the
 * server knows for the author; the author's account ids stay with the organisers.
 */
export const chatMessageSchema = z.object({
  _id: z.string(),
  show_uid: z.string(),
  username: z.string(),
  type: z.enum(CHAT_MESSAGE_TYPES),
  message: z.string(),
  time: isoDateTimeSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * 001 §4 `init`: what a socket gets when it joins `chats-{show}` or `polls-{show}`
 * (`setChannel`): the last 100 messages oldest first (none on the poll channel), the
 * active poll if any, and whether this viewer already answered it.
 */
export const channelInitSchema = z.object({
  type: z.literal('init'),
  messages: z.array(chatMessageSchema),
  poll: pollSchema.nullable(),
  pollAnswered: z.boolean(),
});
export type ChannelInit = z.infer<typeof channelInitSchema>;

/** An organiser deleted a message: every viewer removes it at once. */
export const chatMessageDeletedSchema = z.object({
  type: z.literal('message-deleted'),
  _id: z.string(),
});
export type ChatMessageDeleted = z.infer<typeof chatMessageDeletedSchema>;

/** Everything `chats-{show}` carries. */
export const chatChannelDataSchema = z.union([
  channelInitSchema,
  chatMessageSchema,
  chatMessageDeletedSchema,
]);
export type ChatChannelData = z.infer<typeof chatChannelDataSchema>;

// ─────────────────────────────── organisers ───────────────────────────────

/** A message as organisers read it: with its author's account and whether it was deleted. */
export const adminChatMessageSchema = chatMessageSchema.extend({
  user_uid: z.string().nullable(),
  viewer_uid: z.string().nullable(),
  deleted_at: isoDateTimeSchema.nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessageSchema>;

export const adminChatMessageParamsSchema = adminShowParamsSchema.extend({
  messageId: z.uuid({ message: 'Identificador de mensaje inválido' }),
});
export const adminChatMuteParamsSchema = adminShowParamsSchema.extend({
  muteId: z.uuid({ message: 'Identificador inválido' }),
});

/** POST /admin/shows/{id}/chat/notifications (ORGANISER-API.md): `{ message }`. */
export const adminChatNotificationBodySchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, { message: 'Escribe el mensaje' })
    .max(500, { message: 'El mensaje tiene como máximo 500 caracteres' }),
});

/**
 * POST /admin/shows/{id}/chat/mutes: the author of a message (`message_uid`, works for
 * viewers who entered with a code too) or an account (`user_uid`). Exactly one.
 */
export const adminChatMuteBodySchema = z
  .strictObject({
    message_uid: z.uuid({ message: 'Identificador de mensaje inválido' }).optional(),
    user_uid: z.uuid({ message: 'Identificador de usuario inválido' }).optional(),
  })
  .refine((body) => (body.message_uid === undefined) !== (body.user_uid === undefined), {
    message: 'Indica message_uid o user_uid (uno de los dos)',
    path: ['message_uid'],
  });
export type AdminChatMuteBody = z.infer<typeof adminChatMuteBodySchema>;

/** A muted viewer of a show: their sends are refused until the mute is removed. */
export const adminChatMuteSchema = z.object({
  _id: z.string(),
  show_uid: z.string(),
  username: z.string(),
  user_uid: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type AdminChatMute = z.infer<typeof adminChatMuteSchema>;

/**
 * GET /admin/shows/{id}/viewers: who is watching now and the chat's counters (001 §3
 * `message_count`, `session_count`). `viewers` counts the codes whose player is
 * connected (`show-access/{show}/connected/{code}`), one per code by the single-device
 * rule; `message_count` the messages not deleted; `session_count` the viewers who
 * opened the chat.
 */
export const showViewersSchema = z.object({
  show_uid: z.string(),
  viewers: z.number().int(),
  message_count: z.number().int(),
  session_count: z.number().int(),
});
export type ShowViewers = z.infer<typeof showViewersSchema>;

// ─────────────────────────────── mobile chat ───────────────────────────────

/**
 * The mobile chat link's `s` (001 §2, §5): exactly three dot-separated parts, a token
 * the server signs that carries the user, the viewer and the username.
 */
export const CHAT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The code a signed-in viewer of a no-login or password show entered with (`?code=`). */
export const chatLinkQuerySchema = z.object({ code: watchCodeSchema.optional() });

/** POST /shows/{id}/chat/link: the link (and its `s`) for the signed-in viewer's phone. */
export const chatLinkSchema = z.object({
  s: z.string(),
  /** The SPA's mobile chat page: `/shows/{id}/chat?s=…`. */
  path: z.string(),
  expires_at: isoDateTimeSchema,
});
export type ChatLink = z.infer<typeof chatLinkSchema>;

/** A missing, malformed or forged `s` is the same refusal (CHAT_LINK_INVALID), never a 422. */
export const chatSessionQuerySchema = z.object({ s: z.string().max(4000).optional() });

/** GET /shows/{id}/chat/session?s=: whose chat the link opens, before the page connects. */
export const chatSessionSchema = z.object({
  show_uid: z.string(),
  username: z.string(),
  expires_at: isoDateTimeSchema,
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

// ──────────────────────────────── endpoints ────────────────────────────────

const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;
const SHOW_ID = { id: 'SHOW_NOT_FOUND' } as const;

export const adminChatEndpoints = defineEndpoints('admin', {
  listChatMessages: {
    method: 'GET',
    path: '/admin/shows/:id/chat/messages',
    summary: 'Los últimos 200 mensajes del chat, con autor y los eliminados',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    response: listOf(adminChatMessageSchema),
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
  sendChatNotification: {
    method: 'POST',
    path: '/admin/shows/:id/chat/notifications',
    summary: 'Publica un aviso (tipo notification) en el chat de un evento',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminChatNotificationBodySchema,
    response: chatMessageSchema,
    status: 201,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'CHAT_CLOSED'],
  },
  deleteChatMessage: {
    method: 'DELETE',
    path: '/admin/shows/:id/chat/messages/:messageId',
    summary: 'Elimina un mensaje del chat: desaparece al instante para todos',
    tags: ['admin'],
    params: adminChatMessageParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND', messageId: 'CHAT_MESSAGE_NOT_FOUND' },
    response: adminChatMessageSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'CHAT_MESSAGE_NOT_FOUND'],
  },
  muteChatViewer: {
    method: 'POST',
    path: '/admin/shows/:id/chat/mutes',
    summary: 'Silencia a un espectador del chat (por un mensaje suyo o por su usuario)',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminChatMuteBodySchema,
    response: adminChatMuteSchema,
    status: 201,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'CHAT_MESSAGE_NOT_FOUND'],
  },
  listChatMutes: {
    method: 'GET',
    path: '/admin/shows/:id/chat/mutes',
    summary: 'Espectadores silenciados en el chat de un evento',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    response: listOf(adminChatMuteSchema),
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
  unmuteChatViewer: {
    method: 'DELETE',
    path: '/admin/shows/:id/chat/mutes/:muteId',
    summary: 'Devuelve la palabra a un espectador silenciado',
    tags: ['admin'],
    params: adminChatMuteParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND', muteId: 'CHAT_MUTE_NOT_FOUND' },
    response: adminChatMuteSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'CHAT_MUTE_NOT_FOUND'],
  },
  getShowViewers: {
    method: 'GET',
    path: '/admin/shows/:id/viewers',
    summary:
      'Espectadores conectados ahora (un dispositivo por código) y contadores del chat (message_count, session_count)',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    response: showViewersSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);

const WATCH_REFUSALS = [
  'REGION_BLOCKED',
  'TICKET_REQUIRED',
  'ACCESS_REVOKED',
  'EVENT_NOT_STARTED',
  'EVENT_UNAVAILABLE',
  'STREAM_INACTIVE',
] as const;

export const chatEndpoints = defineEndpoints('', {
  createChatLink: {
    method: 'POST',
    path: '/shows/:id/chat/link',
    summary:
      'Enlace del chat móvil (/shows/{id}/chat?s=…) para la sesión del espectador, firmado por el servidor',
    tags: ['player'],
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    query: chatLinkQuerySchema,
    response: chatLinkSchema,
    status: 201,
    errors: [
      'UNAUTHORIZED',
      'SESSION_EXPIRED',
      'SHOW_NOT_FOUND',
      'VALIDATION_ERROR',
      'ACCESS_CODE_INVALID',
      'RATE_LIMITED',
      ...WATCH_REFUSALS,
    ],
  },
  getChatSession: {
    method: 'GET',
    path: '/shows/:id/chat/session',
    summary: 'Valida el enlace del chat móvil (s) y dice con qué nombre se chatea',
    tags: ['player'],
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    query: chatSessionQuerySchema,
    response: chatSessionSchema,
    status: 200,
    session: 'none',
    errors: ['SHOW_NOT_FOUND', 'CHAT_LINK_INVALID', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, EndpointDefinition>);
