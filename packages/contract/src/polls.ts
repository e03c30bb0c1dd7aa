import { POLL_MAX_OPTIONS, POLL_MIN_OPTIONS } from '@taquilla/domain';
import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { isoDateTimeSchema, listOf } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { watchCodeSchema } from './player.ts';

// Polls beside the player (001 §3 "Poll", "Poll answer"; §4 "Chat and poll behaviour";
// §7 GET /shows/{showId}/polls/{pollId}/answers/{userId}; ORGANISER-API.md).
// Decisions: docs/decisions/0026-chat-polls-devices.md.

export const POLL_STATUSES = ['DRAFT', 'ACTIVE', 'CLOSED'] as const;
export const pollStatusSchema = z.enum(POLL_STATUSES);
export type PollStatus = z.infer<typeof pollStatusSchema>;

export const pollOptionSchema = z.object({ _id: z.string(), text: z.string() });

/** 001 §3 `results[{id, text, count, percent}]`: percent 0..100 with two decimals. */
export const pollResultSchema = z.object({
  id: z.string(),
  text: z.string(),
  count: z.number().int(),
  percent: z.number(),
});
export type PollResultItem = z.infer<typeof pollResultSchema>;

/**
 * A poll as players and organisers read it (001 §3): its question, options in order,
 * results, `total` answers, and `config.status` (DRAFT until the organiser activates
 * it; players only ever see ACTIVE ones).
 */
export const pollSchema = z.object({
  _id: z.string(),
  show_uid: z.string(),
  question: z.string(),
  options: z.array(pollOptionSchema),
  results: z.array(pollResultSchema),
  total: z.number().int(),
  config: z.object({ status: pollStatusSchema }),
  created_at: isoDateTimeSchema,
});
export type Poll = z.infer<typeof pollSchema>;

/**
 * 001 §3 poll answer. `user_uid` and `viewer_uid` are the respondent's account, null
 * for a viewer who entered with an access code.
 */
export const pollAnswerSchema = z.object({
  _id: z.string(),
  poll_uid: z.string(),
  show_uid: z.string(),
  user_uid: z.string().nullable(),
  viewer_uid: z.string().nullable(),
  username: z.string(),
  option_uid: z.string(),
  option_text: z.string(),
  createdAt: isoDateTimeSchema,
});
export type PollAnswer = z.infer<typeof pollAnswerSchema>;

const pollText = (max: number, empty: string) =>
  z
    .string()
    .trim()
    .min(1, { message: empty })
    .max(max, { message: `Tiene como máximo ${max} caracteres` });

/** POST /admin/shows/{id}/polls: a question and 2 to 10 different options; it starts as DRAFT. */
export const adminPollCreateSchema = z.strictObject({
  question: pollText(300, 'Escribe la pregunta'),
  options: z
    .array(pollText(200, 'Escribe el texto de la opción'))
    .min(POLL_MIN_OPTIONS, { message: `Escribe al menos ${POLL_MIN_OPTIONS} opciones` })
    .max(POLL_MAX_OPTIONS, { message: `Escribe como máximo ${POLL_MAX_OPTIONS} opciones` })
    .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, {
      message: 'Las opciones deben ser distintas',
    }),
});
export type AdminPollCreate = z.infer<typeof adminPollCreateSchema>;

/** PUT /admin/shows/{id}/polls/{pollId}/status (ORGANISER-API.md): `{ status: ACTIVE or CLOSED }`. */
export const adminPollStatusBodySchema = z.strictObject({
  status: z.enum(['ACTIVE', 'CLOSED'], { message: 'El estado es ACTIVE o CLOSED' }),
});
export type AdminPollStatusBody = z.infer<typeof adminPollStatusBodySchema>;

/**
 * POST /shows/{id}/polls/{pollId}/answers: the option chosen. `code` is the access code
 * of a no-login or password show for a caller without a session. Who answers comes
 * from the session or the code, never from the body.
 */
export const pollAnswerBodySchema = z.object({
  option_uid: z.uuid({ message: 'Elige una opción' }),
  code: watchCodeSchema.optional(),
  /** The playback call's viewer token, for a caller who entered with the show's password (0063). */
  viewer_token: z.string().min(1).max(450).optional(),
});
export type PollAnswerBody = z.infer<typeof pollAnswerBodySchema>;

export const pollAnswerResultSchema = z.object({ answer: pollAnswerSchema, poll: pollSchema });
export type PollAnswerResult = z.infer<typeof pollAnswerResultSchema>;

export const adminPollParamsSchema = adminShowParamsSchema.extend({
  pollId: z.uuid({ message: 'Identificador de encuesta inválido' }),
});
export const pollAnswerParamsSchema = adminPollParamsSchema.extend({
  userId: z.uuid({ message: 'Identificador de usuario inválido' }),
});

// ─────────────────────────── realtime (polls-{show}) ───────────────────────────

/** 001 §4: an organiser activated (ACTIVE) or closed (CLOSED) a poll. CLOSED clears it. */
export const pollNotificationSchema = z.object({
  type: z.literal('poll-notification'),
  status: z.enum(['ACTIVE', 'CLOSED']),
  poll: pollSchema,
});
export type PollNotification = z.infer<typeof pollNotificationSchema>;

/** 001 §4: the results as answers arrive (at most a few per second per poll). */
export const pollResultsMessageSchema = z.object({
  type: z.literal('poll-results'),
  poll_uid: z.string(),
  results: z.array(pollResultSchema),
  total: z.number().int(),
});
export type PollResultsMessage = z.infer<typeof pollResultsMessageSchema>;

// ──────────────────────────────── endpoints ────────────────────────────────

const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;
const POLL_IDS = { id: 'SHOW_NOT_FOUND', pollId: 'POLL_NOT_FOUND' } as const;

export const adminPollEndpoints = defineEndpoints('admin', {
  createPoll: {
    method: 'POST',
    path: '/admin/shows/:id/polls',
    summary: 'Crea una encuesta (en borrador) con su pregunta y de 2 a 10 opciones',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    body: adminPollCreateSchema,
    response: pollSchema,
    status: 201,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR'],
  },
  listPolls: {
    method: 'GET',
    path: '/admin/shows/:id/polls',
    summary: 'Encuestas de un evento, las más nuevas primero, con sus resultados',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    response: listOf(pollSchema),
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
  setPollStatus: {
    method: 'PUT',
    path: '/admin/shows/:id/polls/:pollId/status',
    summary:
      'Activa o cierra una encuesta y lo avisa a los reproductores por polls-{id} (una activa a la vez)',
    tags: ['admin'],
    params: adminPollParamsSchema,
    paramNotFound: POLL_IDS,
    body: adminPollStatusBodySchema,
    response: pollSchema,
    status: 200,
    errors: [
      ...GUARD,
      'SHOW_NOT_FOUND',
      'POLL_NOT_FOUND',
      'VALIDATION_ERROR',
      'POLL_ALREADY_ACTIVE',
      'POLLS_DISABLED',
    ],
  },
} as const satisfies Record<string, EndpointDefinition>);

export const pollEndpoints = defineEndpoints('', {
  answerPoll: {
    method: 'POST',
    path: '/shows/:id/polls/:pollId/answers',
    summary:
      'Responde la encuesta activa (una vez por espectador); los resultados salen por polls-{id}',
    tags: ['player'],
    params: adminPollParamsSchema,
    paramNotFound: POLL_IDS,
    body: pollAnswerBodySchema,
    response: pollAnswerResultSchema,
    status: 201,
    session: 'optional',
    errors: [
      'SHOW_NOT_FOUND',
      'POLL_NOT_FOUND',
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'SESSION_EXPIRED',
      'ACCESS_CODE_INVALID',
      'TICKET_REQUIRED',
      'ACCESS_REVOKED',
      'EVENT_NOT_STARTED',
      'EVENT_UNAVAILABLE',
      'STREAM_INACTIVE',
      'REGION_BLOCKED',
      'RATE_LIMITED',
      'POLLS_DISABLED',
      'POLL_NOT_ACTIVE',
      'POLL_OPTION_INVALID',
      'POLL_ALREADY_ANSWERED',
      'VIEWER_TOKEN_INVALID',
    ],
  },
  getOwnPollAnswer: {
    method: 'GET',
    path: '/shows/:id/polls/:pollId/answers/:userId',
    summary:
      'La respuesta del usuario de la sesión a una encuesta (solo la propia: otro usuario es 403)',
    tags: ['player'],
    params: pollAnswerParamsSchema,
    paramNotFound: { ...POLL_IDS, userId: 'FORBIDDEN' },
    response: pollAnswerSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'POLL_NOT_FOUND', 'POLL_ANSWER_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);
