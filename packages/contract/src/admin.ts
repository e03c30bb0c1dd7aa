import { SHOW_STATUSES, isReservedPath } from '@taquilla/domain';
import { z } from 'zod';
import {
  delimitedListSchema,
  isoDateTimeSchema,
  listOf,
  pageOf,
  queryWholeNumberSchema,
} from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import {
  UUID_PATTERN,
  adminShowParamsSchema,
  adminTicketParamsSchema,
  optionalText,
  text,
} from './admin-fields.ts';
import { adminMapSchema, adminMapWriteSchema } from './admin-maps.ts';
import {
  adminTicketCreateSchema,
  adminTicketPatchSchema,
  adminTicketSchema,
} from './admin-tickets.ts';
import {
  SHOW_ICONS,
  SHOW_TYPES,
  showSchema,
  showSettingsSchema,
  showStatusSchema,
} from './shows.ts';

export {
  adminAmountSchema,
  adminShowParamsSchema,
  adminTicketParamsSchema,
} from './admin-fields.ts';
export * from './admin-tickets.ts';
export * from './admin-maps.ts';

// The organiser API (docs ORGANISER-API.md, decision 0010). Field names are the
// specifications' own; amounts are decimal currency units with at most two
// decimals, stored as integer minor units.

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Settings as written: every key of showSettingsSchema, and no other (a typo is a 422). */
export const showSettingsWriteSchema = z.strictObject(showSettingsSchema.shape);

/** A vanity path (002 §2.2): lower-case words joined by hyphens, never a UUID. */
export const showPathSchema = z
  .string()
  .trim()
  .min(2)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: 'Usa minúsculas, números y guiones (por ejemplo: concierto-2027)',
  })
  .refine((value) => !UUID_PATTERN.test(value), {
    message: 'La ruta no puede tener la forma de un identificador',
  })
  .refine((value) => !isReservedPath(value), {
    message: 'Esa ruta es de una página del sitio; elige otra',
  });

/** The writable fields of a show (000 §3, 001 §3, 002 §3). */
const showFields = {
  fullname: text(300),
  subtitle: optionalText(300),
  description: optionalText(20_000),
  description2: optionalText(20_000),
  important_info: optionalText(20_000),
  main_image: optionalText(2000),
  show_date: isoDateTimeSchema,
  timezone: z
    .string()
    .trim()
    .max(60)
    .refine(isTimeZone, { message: 'Zona horaria desconocida' })
    .optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { message: 'Código de país de dos letras (GT)' })
    .optional(),
  venue: text(300),
  venue_address: optionalText(500),
  type: z.enum(SHOW_TYPES).optional(),
  /** The specifications send `paid` as a boolean or as the string "true". */
  paid: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
  parent_show_uid: z.uuid({ message: 'Identificador de evento inválido' }).nullable().optional(),
  tags: z.array(text(60)).max(30).optional(),
  genre: optionalText(120),
  icon: z.enum(SHOW_ICONS).nullable().optional(),
  video_url: optionalText(2000),
  path: showPathSchema.nullable().optional(),
  billboard: z.boolean().optional(),
  visible: z.boolean().optional(),
};

/** POST /admin/shows. Admins name the `producer`; a producer's own is implied. */
export const adminShowCreateSchema = z.strictObject({
  ...showFields,
  status: showStatusSchema.optional(),
  producer: z.uuid({ message: 'Identificador de productora inválido' }).optional(),
  settings: showSettingsWriteSchema.optional(),
});
export type AdminShowCreate = z.infer<typeof adminShowCreateSchema>;
export type AdminShowCreateInput = z.input<typeof adminShowCreateSchema>;

/**
 * PATCH /admin/shows/{id}: any writable field. `settings` is merged into the
 * stored settings key by key (`null` removes a key) and the result must pass
 * showSettingsSchema with no unknown key. The status changes through
 * PUT /admin/shows/{id}/status.
 */
export const adminShowPatchSchema = z
  .strictObject({
    ...showFields,
    fullname: showFields.fullname.optional(),
    show_date: showFields.show_date.optional(),
    venue: showFields.venue.optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'No hay cambios que aplicar' });
export type AdminShowPatch = z.infer<typeof adminShowPatchSchema>;
export type AdminShowPatchInput = z.input<typeof adminShowPatchSchema>;

export const adminShowStatusBodySchema = z.strictObject({ status: showStatusSchema });

export const ADMIN_SHOW_PAGE_SIZE_DEFAULT = 25;
/** A show picker (an order filter, a promo code's shows) may still ask for every show at once. */
export const ADMIN_SHOW_PAGE_SIZE_MAX = 500;
export const ADMIN_SHOW_PAGE_MAX = 10_000;

export const adminShowListQuerySchema = z.object({
  /** One status or a comma list; NEW (drafts) included. Absent: every status. */
  status: delimitedListSchema(SHOW_STATUSES, ',', (unknown) => `Estado desconocido: ${unknown}`),
  /** Case-insensitive search in the name and the venue. */
  q: z.string().trim().min(1).max(100).optional(),
  /** Admins only: one producer's shows. */
  producer: z.uuid({ message: 'Identificador de productora inválido' }).optional(),
  /** Child dates of one show. */
  parent: z.uuid({ message: 'Identificador de evento inválido' }).optional(),
  /** 1 by default. */
  page: queryWholeNumberSchema(ADMIN_SHOW_PAGE_MAX).optional(),
  /** 25 by default, at most 500. */
  page_size: queryWholeNumberSchema(ADMIN_SHOW_PAGE_SIZE_MAX).optional(),
});
export type AdminShowListQuery = z.infer<typeof adminShowListQuerySchema>;

/**
 * An organiser's view of a show: the public shape, drafts included, with the
 * video sources and the settings as stored (password and playlist videos too).
 */
export const adminShowSchema = showSchema.extend({
  video_url: z.string().nullable(),
  settings: showSettingsSchema,
});
export type AdminShow = z.infer<typeof adminShowSchema>;

/** GET /admin/shows: latest show date first; `total` counts every match, on every page. */
export const adminShowPageSchema = pageOf(adminShowSchema);
export type AdminShowPage = z.infer<typeof adminShowPageSchema>;

// ───────────────────────────── endpoint table ─────────────────────────────

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;

/**
 * The organiser API. Every route needs a session acting as Admin or Producer
 * (a Viewer gets 403); a producer's request for another producer's show or
 * ticket answers 404, never 403. Every write is audited.
 */
const SHOW_ID = { id: 'SHOW_NOT_FOUND' } as const;
const TICKET_IDS = { id: 'SHOW_NOT_FOUND', ticketId: 'TICKET_NOT_FOUND' } as const;

export const adminEndpoints = defineEndpoints('admin', {
  createShow: {
    method: 'POST',
    path: '/admin/shows',
    summary: 'Crea un evento (las administradoras indican la productora)',
    tags: ADMIN_TAGS,
    body: adminShowCreateSchema,
    response: adminShowSchema,
    status: 201,
    errors: [...GUARD, 'VALIDATION_ERROR', 'SHOW_PATH_TAKEN'],
  },
  listShows: {
    method: 'GET',
    path: '/admin/shows',
    summary: 'Eventos de quien llama, en cualquier estado, por páginas',
    tags: ADMIN_TAGS,
    query: adminShowListQuerySchema,
    response: adminShowPageSchema,
    status: 200,
    errors: [...GUARD, 'VALIDATION_ERROR'],
  },
  getShow: {
    method: 'GET',
    path: '/admin/shows/:id',
    summary: 'Un evento propio, en cualquier estado',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    response: adminShowSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
  updateShow: {
    method: 'PATCH',
    path: '/admin/shows/:id',
    summary: 'Cambia campos de un evento; settings se combinan con los guardados',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminShowPatchSchema,
    response: adminShowSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'SHOW_PATH_TAKEN'],
  },
  deleteShow: {
    method: 'DELETE',
    path: '/admin/shows/:id',
    summary: 'Elimina un evento sin órdenes ni fechas',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    response: adminShowSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'SHOW_HAS_ORDERS', 'SHOW_HAS_DATES', 'INVENTORY_HELD'],
  },
  setShowStatus: {
    method: 'PUT',
    path: '/admin/shows/:id/status',
    summary: 'Cambia el estado de un evento (NEW … CANCELLED)',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminShowStatusBodySchema,
    response: adminShowSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR'],
  },
  listTickets: {
    method: 'GET',
    path: '/admin/shows/:id/tickets',
    summary: 'Boletos de un evento, visibles o no, con capacidad, vendidos y reservados',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    response: listOf(adminTicketSchema),
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
  createTicket: {
    method: 'POST',
    path: '/admin/shows/:id/tickets',
    summary: 'Crea un boleto con su capacidad',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminTicketCreateSchema,
    response: adminTicketSchema,
    status: 201,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'TICKET_CODE_TAKEN'],
  },
  updateTicket: {
    method: 'PATCH',
    path: '/admin/shows/:id/tickets/:ticketId',
    summary: 'Cambia un boleto; la capacidad no baja de vendidos más reservados',
    tags: ADMIN_TAGS,
    params: adminTicketParamsSchema,
    paramNotFound: TICKET_IDS,
    body: adminTicketPatchSchema,
    response: adminTicketSchema,
    status: 200,
    errors: [
      ...GUARD,
      'SHOW_NOT_FOUND',
      'TICKET_NOT_FOUND',
      'VALIDATION_ERROR',
      'TICKET_CODE_TAKEN',
      'CAPACITY_BELOW_COMMITTED',
    ],
  },
  deleteTicket: {
    method: 'DELETE',
    path: '/admin/shows/:id/tickets/:ticketId',
    summary: 'Elimina un boleto sin ventas ni reservas vigentes',
    tags: ADMIN_TAGS,
    params: adminTicketParamsSchema,
    paramNotFound: TICKET_IDS,
    response: adminTicketSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'TICKET_NOT_FOUND', 'TICKET_HAS_SALES', 'INVENTORY_HELD'],
  },
  replaceMap: {
    method: 'PUT',
    path: '/admin/shows/:id/map',
    summary: 'Reemplaza el mapa de butacas y genera sus butacas',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminMapWriteSchema,
    response: adminMapSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'MAP_LOCKED'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type AdminEndpoints = typeof adminEndpoints;
