import type { z } from 'zod';
import { errorResponseSchema } from './errors.ts';
import type { ErrorCode } from './errors.ts';
import { showChannelQuerySchema, showChannelSchema } from './channels.ts';
import { seatStatesBodySchema, seatStatesResponseSchema, venueMapSchema } from './maps.ts';
import {
  ticketCountsResponseSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
} from './tickets.ts';
import { healthResponseSchema } from './health.ts';
import {
  showListQuerySchema,
  showListResponseSchema,
  showParamsSchema,
  showSchema,
} from './shows.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify-style path: `/shows/:id`. */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The status of a successful answer. */
  status: number;
  /** Other non-error answers (303 of a 3-D Secure card payment), by status. */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  errors: readonly ErrorCode[];
  /**
   * Path parameters that name a thing: one that fails its schema (too long, not
   * a UUID) answers this code, as any unknown id would, instead of a 422.
   */
  paramNotFound?: Readonly<Record<string, ErrorCode>>;
  /**
   * How the route uses the caller's session: `none` never reads it (public
   * catalogue reads: the session lookup is skipped even when a cookie comes),
   * `required` answers 401 without one, `optional` (the default) reads it when
   * present. Absent, it is `required` when the route can answer UNAUTHORIZED.
   */
  session?: SessionUse;
  /** Stable name of the call for generated clients; set by defineEndpoints. */
  operationId?: string;
}

export type SessionUse = 'none' | 'optional' | 'required';

export function sessionUseOf(endpoint: EndpointDefinition): SessionUse {
  return endpoint.session ?? (endpoint.errors.includes('UNAUTHORIZED') ? 'required' : 'optional');
}

/**
 * Declares a table of endpoints, naming each call: its operationId is the
 * table's prefix and its key (`admin` + `listShows` → `adminListShows`), so
 * names stay stable and unique across tables.
 */
export function defineEndpoints<const T extends Record<string, EndpointDefinition>>(
  prefix: string,
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly operationId: string } } {
  const named = Object.entries(table).map(([key, endpoint]) => [
    key,
    { ...endpoint, operationId: prefix ? prefix + key[0]?.toUpperCase() + key.slice(1) : key },
  ]);
  return Object.fromEntries(named) as { readonly [K in keyof T]: T[K] & { operationId: string } };
}

const SHOW_ID = { id: 'SHOW_NOT_FOUND' } as const;

/**
 * The endpoint table: the one place where a gateway call is declared. The API
 * registers its routes from it and the web client calls through it.
 */
export const endpoints = defineEndpoints('', {
  healthLive: {
    method: 'GET',
    path: '/health/live',
    summary: 'El proceso está vivo',
    tags: ['health'],
    response: healthResponseSchema,
    status: 200,
    session: 'none',
    errors: [],
  },
  healthReady: {
    method: 'GET',
    path: '/health/ready',
    summary: 'PostgreSQL y Redis responden',
    tags: ['health'],
    response: healthResponseSchema,
    status: 200,
    session: 'none',
    errors: ['SERVICE_UNAVAILABLE'],
  },
  listShows: {
    method: 'GET',
    path: '/shows',
    summary: 'Lista de eventos (cartelera, próximos, pasados, por demanda, fechas hijas)',
    tags: ['shows'],
    query: showListQuerySchema,
    response: showListResponseSchema,
    status: 200,
    session: 'none',
    errors: ['VALIDATION_ERROR'],
  },
  getShow: {
    method: 'GET',
    path: '/shows/:id',
    summary: 'Detalle de un evento por _id o por su ruta (path)',
    tags: ['shows'],
    params: showParamsSchema,
    response: showSchema,
    status: 200,
    paramNotFound: SHOW_ID,
    session: 'none',
    errors: ['SHOW_NOT_FOUND'],
  },
  getShowChannel: {
    method: 'GET',
    path: '/shows/showChannels/:id',
    summary: 'Canal: el evento con sus hijos, cada uno con evento, acceso y boletos',
    tags: ['shows'],
    params: showParamsSchema,
    query: showChannelQuerySchema,
    response: showChannelSchema,
    status: 200,
    paramNotFound: SHOW_ID,
    errors: ['SHOW_NOT_FOUND', 'FORBIDDEN', 'VALIDATION_ERROR'],
  },
  listTickets: {
    method: 'GET',
    path: '/shows/:id/tickets',
    summary: 'Boletos visibles de un evento, con disponibilidad real',
    tags: ['shows'],
    params: showParamsSchema,
    query: ticketListQuerySchema,
    response: ticketListResponseSchema,
    status: 200,
    paramNotFound: SHOW_ID,
    session: 'none',
    errors: ['SHOW_NOT_FOUND', 'VALIDATION_ERROR'],
  },
  getTicketCounts: {
    method: 'GET',
    path: '/shows/:id/tickets/counts',
    summary: 'Disponibilidad real de cada boleto visible, leída al momento (sin caché)',
    tags: ['shows'],
    params: showParamsSchema,
    response: ticketCountsResponseSchema,
    status: 200,
    paramNotFound: SHOW_ID,
    session: 'none',
    errors: ['SHOW_NOT_FOUND', 'VALIDATION_ERROR'],
  },
  getShowMap: {
    method: 'GET',
    path: '/shows/:id/map',
    summary: 'Mapa de butacas del evento (o de su evento padre)',
    tags: ['maps'],
    params: showParamsSchema,
    response: venueMapSchema,
    status: 200,
    paramNotFound: SHOW_ID,
    session: 'none',
    errors: ['SHOW_NOT_FOUND', 'MAP_NOT_FOUND'],
  },
  getSeatStates: {
    method: 'POST',
    path: '/shows/:id/map/seats',
    summary: 'Butacas de una sección con su estado para un carrito',
    tags: ['maps'],
    params: showParamsSchema,
    body: seatStatesBodySchema,
    response: seatStatesResponseSchema,
    status: 200,
    paramNotFound: SHOW_ID,
    session: 'none',
    errors: ['SHOW_NOT_FOUND', 'MAP_NOT_FOUND', 'SECTION_NOT_FOUND', 'VALIDATION_ERROR'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export type EndpointResponse<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
export type EndpointQuery<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType }
  ? z.input<Endpoints[N]['query']>
  : never;
export type EndpointParams<N extends EndpointName> = Endpoints[N] extends { params: z.ZodType }
  ? z.input<Endpoints[N]['params']>
  : never;

export { errorResponseSchema };
export type EndpointBody<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType }
  ? z.input<Endpoints[N]['body']>
  : never;
