import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// Player analytics (001 §3 "Player analytics event", §7 POST /stats/shows/{id}/player;
// 002 §7 "Player analytics"). Stored in player_events; docs/decisions/0024-live-control.md.

/** The player reports when it is ready and when the video loaded; the mobile chat when it opens. */
export const PLAYER_STATS_ACTIONS = ['ready', 'loaded', 'mobilechat'] as const;
/** Per client (its user when signed in, else its address) and minute. */
export const PLAYER_STATS_RATE_LIMIT = { limit: 30, windowSeconds: 60 } as const;

const clientId = z.string().max(200).nullable().optional();
const place = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * The event as the specification's player sends it. `show_uid`, `user_uid`,
 * `viewer_uid` and `viewer_show_uid` are accepted and ignored: the show is the
 * path's, the user, viewer and viewer-show come from the session (never from
 * the client). `location` is what the client reports of the geo lookup; the
 * address stored is the one the server sees. Unknown fields are dropped.
 */
export const playerStatsBodySchema = z.object({
  show_uid: clientId,
  /** The browser's session id (the anonymous `sessionID` cookie), when no session is signed in. */
  session_uid: clientId,
  user_uid: clientId,
  viewer_uid: clientId,
  viewer_show_uid: clientId,
  device: place(500),
  location: z
    .object({
      country_code: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, { message: 'Código de país de dos letras' })
        .nullable()
        .optional(),
      country_name: place(100),
      city: place(100),
      ip: place(100),
    })
    .nullable()
    .optional(),
  type: z.literal('player', { message: 'El tipo es player' }).default('player'),
  action: z.enum(PLAYER_STATS_ACTIONS, { message: 'La acción es ready, loaded o mobilechat' }),
  /** The access code the player entered with, if any. */
  code: place(64),
});
export type PlayerStatsBody = z.infer<typeof playerStatsBodySchema>;

export const playerStatsResultSchema = z.object({ _id: z.string() });

export const statsEndpoints = defineEndpoints('', {
  recordPlayerEvent: {
    method: 'POST',
    path: '/stats/shows/:id/player',
    summary: 'Registra un evento de analítica del reproductor (ready, loaded, mobilechat)',
    tags: ['stats'],
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    body: playerStatsBodySchema,
    response: playerStatsResultSchema,
    status: 201,
    session: 'optional',
    errors: ['SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, EndpointDefinition>);
