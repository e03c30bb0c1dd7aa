import { CURTAIN_TYPES, SHOW_EVENT_STATUSES } from '@taquilla/domain';
import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { isoDateTimeSchema, listOf } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { showEventSchema } from './realtime.ts';
import { showStatusSchema } from './shows.ts';

// Live control of a show and live-video channels (001 §3 "Show event",
// "Live-video channel status"; §4 "Live control events", "Live video service";
// ORGANISER-API.md). Reading and design: docs/decisions/0024-live-control.md.

/**
 * A video the player can load: an absolute http(s) address, or a path of this
 * site (`/media/demo/taquilla-demo.m3u8`) that works wherever the gateway runs.
 */
export const mediaUrlSchema = z
  .string()
  .trim()
  .min(1, { message: 'Indica la dirección del video' })
  .max(2000, { message: 'La dirección tiene como máximo 2000 caracteres' })
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), {
    message: 'Usa una dirección http(s) o una ruta del sitio que empiece con /',
  });

/** What a curtain shows (001 §2 "Curtain screen"): a message card, or a video looped. */
export const curtainMetadataSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('static'),
      message1: z
        .string()
        .trim()
        .min(1, { message: 'Escribe el mensaje principal del telón' })
        .max(200, { message: 'El mensaje principal tiene como máximo 200 caracteres' }),
      message2: z
        .string()
        .trim()
        .max(500, { message: 'El segundo mensaje tiene como máximo 500 caracteres' })
        .optional(),
    }),
    z.strictObject({
      type: z.literal('video'),
      video_url: mediaUrlSchema,
      player: z
        .enum(['jwplayer', 'generic'], { message: 'Reproductor: jwplayer o generic' })
        .optional(),
      /** The source's MIME type when its address does not tell (`application/x-mpegURL`, `video/mp4`). */
      media_type: z
        .string()
        .trim()
        .regex(/^[a-z]+\/[A-Za-z0-9.+-]+$/, { message: 'Usa un tipo MIME como video/mp4' })
        .max(100)
        .optional(),
    }),
  ],
  { message: 'El telón es «static» (un mensaje) o «video» (un video en bucle)' },
);
export type CurtainMetadata = z.infer<typeof curtainMetadataSchema>;
export { CURTAIN_TYPES };

/**
 * POST /admin/shows/{id}/events (ORGANISER-API.md): `{ status, metadata? }`.
 * Only a curtain carries metadata, and it must.
 */
export const adminShowEventBodySchema = z
  .strictObject({
    status: z.enum(SHOW_EVENT_STATUSES, {
      message: 'El evento es start, restart, issues, curtain o end',
    }),
    metadata: curtainMetadataSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'curtain' && !body.metadata) {
      ctx.addIssue({
        code: 'custom',
        path: ['metadata'],
        message: 'El telón necesita un mensaje (type static) o un video (type video)',
      });
    }
    if (body.status !== 'curtain' && body.metadata) {
      ctx.addIssue({
        code: 'custom',
        path: ['metadata'],
        message: 'Solo el telón (curtain) lleva metadata',
      });
    }
  });
export type AdminShowEventBody = z.infer<typeof adminShowEventBodySchema>;

/**
 * The answer to an organiser's event: the message as published, the show's
 * status after it (start puts a waiting show LIVE, end closes it or leaves it
 * on demand), and whether the message reached the realtime fan-out (false:
 * the state is stored and late players get it, but players already watching
 * did not hear it; send it again).
 */
export const adminShowEventResultSchema = z.object({
  show_uid: z.string(),
  show_status: showStatusSchema,
  event: showEventSchema,
  published: z.boolean(),
});
export type AdminShowEventResult = z.infer<typeof adminShowEventResultSchema>;

/**
 * GET /shows/{id}/events/current: what a player that joins late applies first:
 * the last event that changed what players show (issues never does), or null.
 * A player subscribes to `show-events/{id}` before asking, and keeps whichever
 * of the two is newer by `data.created_at`.
 */
export const showLiveStateSchema = z.object({
  show_uid: z.string(),
  event: showEventSchema.nullable(),
});
export type ShowLiveState = z.infer<typeof showLiveStateSchema>;

// ─────────────────────────────── live channels ───────────────────────────────

export const LIVE_CHANNEL_STATUSES = ['idle', 'active'] as const;
export const liveChannelStatusSchema = z.enum(LIVE_CHANNEL_STATUSES, {
  message: 'El estado del canal es idle o active',
});

/**
 * GET /live/channels/{channelId}.json (001 §3, §7), polled by the player every
 * 10 s. `current_event` names what is on the air (a media server's stream
 * path, or what the organiser set); null when idle.
 */
export const liveChannelSchema = z.object({
  status: liveChannelStatusSchema,
  current_event: z.string().nullable(),
});
export type LiveChannel = z.infer<typeof liveChannelSchema>;

export const liveChannelParamsSchema = z.object({
  channelId: z.uuid({ message: 'Identificador de canal inválido' }),
});
export const adminLiveChannelParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador de canal inválido' }),
});

/** A channel in the organiser API, with what a media server needs to report on it. */
export const adminLiveChannelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  show_uid: z.string().nullable(),
  status: liveChannelStatusSchema,
  current_event: z.string().nullable(),
  updated_at: isoDateTimeSchema,
  webhooks: z.object({
    /** The MediaMTX path to publish to: its runOnReady / runOnNotReady report this channel. */
    mediamtx_path: z.string(),
    /** The signed URL to paste in Owncast's webhooks; null without LIVE_WEBHOOK_SECRET. */
    owncast_url: z.string().nullable(),
  }),
});
export type AdminLiveChannel = z.infer<typeof adminLiveChannelSchema>;

/** POST /admin/live/channels. A producer's channel belongs to one of its shows; an admin's may belong to none. */
export const adminLiveChannelCreateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Escribe el nombre del canal' })
    .max(120, { message: 'El nombre tiene como máximo 120 caracteres' }),
  show_uid: z.uuid({ message: 'Identificador de evento inválido' }).nullable().optional(),
});
export type AdminLiveChannelCreate = z.infer<typeof adminLiveChannelCreateSchema>;

/** PUT /admin/live/channels/{id}: the whole status; an idle channel has no current event. */
export const adminLiveChannelUpdateSchema = z
  .strictObject({
    status: liveChannelStatusSchema,
    current_event: z
      .string()
      .trim()
      .min(1, { message: 'Escribe qué se transmite o usa null' })
      .max(500, { message: 'Tiene como máximo 500 caracteres' })
      .nullable()
      .default(null),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'idle' && body.current_event !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['current_event'],
        message: 'Un canal inactivo (idle) no transmite ningún evento',
      });
    }
  });
export type AdminLiveChannelUpdate = z.infer<typeof adminLiveChannelUpdateSchema>;

// ────────────────────────── media server webhooks ──────────────────────────

export const LIVE_WEBHOOK_PROVIDERS = ['mediamtx', 'owncast'] as const;
export type LiveWebhookProvider = (typeof LIVE_WEBHOOK_PROVIDERS)[number];
/** Headers of a MediaMTX call: unix seconds, and `sha256=` + hex HMAC of `${timestamp}.${body}`. */
export const LIVE_WEBHOOK_TIMESTAMP_HEADER = 'x-taquilla-timestamp';
export const LIVE_WEBHOOK_SIGNATURE_HEADER = 'x-taquilla-signature';
/** How far a call's time may be from the server's; the same call is refused a second time. */
export const LIVE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** What MediaMTX's runOnReady / runOnNotReady send (the shell lines are in decision 0024). */
export const mediamtxWebhookBodySchema = z.object({
  event: z.enum(['ready', 'not_ready'], { message: 'El aviso es ready o not_ready' }),
  /** MTX_PATH: the channel is its last segment (`live/<channel id>`). */
  path: z.string().min(1).max(300),
});
export type MediamtxWebhookBody = z.infer<typeof mediamtxWebhookBodySchema>;

/** An Owncast webhook: its `type`, and data whose shape depends on it. */
export const owncastWebhookBodySchema = z.object({
  type: z.string().min(1).max(100),
  eventData: z.unknown().optional(),
});

/** The data of Owncast's stream events (STREAM_STARTED, STREAM_STOPPED); other types are acknowledged and ignored. */
export const owncastStreamEventDataSchema = z.object({
  /** A new random id per event: a second delivery of it is a replay. */
  id: z.string().min(1).max(100),
  /** Go's RFC 3339 time with nanoseconds (`2027-05-19T19:00:00.123456789-06:00`). */
  timestamp: z.string().min(1).max(100),
  streamTitle: z.string().max(500).optional(),
});

/** Owncast cannot sign its calls: the URL carries the channel and its signature instead. */
export const owncastWebhookQuerySchema = z.object({
  channel: z.uuid({ message: 'Identificador de canal inválido' }),
  signature: z.string().regex(/^[0-9a-f]{64}$/, { message: 'Firma inválida' }),
});

/** A webhook's answer: the channel as it is now, or null for an Owncast event that is not about the stream. */
export const liveWebhookResultSchema = z.object({
  received: z.literal(true),
  channel: liveChannelSchema.nullable(),
});
export type LiveWebhookResult = z.infer<typeof liveWebhookResultSchema>;

// ──────────────────────────────── endpoints ────────────────────────────────

const LIVE_TAGS = ['live'] as const;
const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;
const SHOW_ID = { id: 'SHOW_NOT_FOUND' } as const;

export const liveEndpoints = defineEndpoints('', {
  getCurrentShowEvent: {
    method: 'GET',
    path: '/shows/:id/events/current',
    summary:
      'El último evento en vivo que cambió lo que muestra el reproductor (para quien entra tarde), o null',
    tags: LIVE_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    response: showLiveStateSchema,
    status: 200,
    session: 'none',
    errors: ['SHOW_NOT_FOUND'],
  },
  getLiveChannel: {
    method: 'GET',
    path: '/live/channels/:channelId.json',
    summary: 'Estado de un canal de video en vivo (idle o active) y lo que transmite',
    tags: LIVE_TAGS,
    params: liveChannelParamsSchema,
    paramNotFound: { channelId: 'LIVE_CHANNEL_NOT_FOUND' },
    response: liveChannelSchema,
    status: 200,
    session: 'none',
    errors: ['LIVE_CHANNEL_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export const adminLiveEndpoints = defineEndpoints('admin', {
  createShowEvent: {
    method: 'POST',
    path: '/admin/shows/:id/events',
    summary:
      'Envía un evento en vivo (start, restart, issues, curtain, end) a los reproductores por show-events/{id}',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminShowEventBodySchema,
    response: adminShowEventResultSchema,
    status: 201,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'LIVE_EVENT_NOT_ALLOWED'],
  },
  createLiveChannel: {
    method: 'POST',
    path: '/admin/live/channels',
    summary: 'Crea un canal de video en vivo (inactivo), de un evento propio',
    tags: ADMIN_TAGS,
    body: adminLiveChannelCreateSchema,
    response: adminLiveChannelSchema,
    status: 201,
    errors: [...GUARD, 'VALIDATION_ERROR'],
  },
  listLiveChannels: {
    method: 'GET',
    path: '/admin/live/channels',
    summary: 'Canales de video en vivo de los eventos propios, los más nuevos primero',
    tags: ADMIN_TAGS,
    response: listOf(adminLiveChannelSchema),
    status: 200,
    errors: [...GUARD],
  },
  updateLiveChannel: {
    method: 'PUT',
    path: '/admin/live/channels/:id',
    summary: 'Fija el estado de un canal (idle o active) y lo que transmite',
    tags: ADMIN_TAGS,
    params: adminLiveChannelParamsSchema,
    paramNotFound: { id: 'LIVE_CHANNEL_NOT_FOUND' },
    body: adminLiveChannelUpdateSchema,
    response: adminLiveChannelSchema,
    status: 200,
    errors: [...GUARD, 'LIVE_CHANNEL_NOT_FOUND', 'VALIDATION_ERROR'],
  },
  deleteLiveChannel: {
    method: 'DELETE',
    path: '/admin/live/channels/:id',
    summary:
      'Elimina un canal de video en vivo; no mientras su evento está en el aire (empezado, en vivo o en prueba)',
    tags: ADMIN_TAGS,
    params: adminLiveChannelParamsSchema,
    paramNotFound: { id: 'LIVE_CHANNEL_NOT_FOUND' },
    response: adminLiveChannelSchema,
    status: 200,
    errors: [...GUARD, 'LIVE_CHANNEL_NOT_FOUND', 'LIVE_CHANNEL_IN_USE'],
  },
} as const satisfies Record<string, EndpointDefinition>);
