import { TICKET_CODE_LENGTH, isWellFormedTicketCode, normalizeTicketCode } from '@taquilla/domain';
import { z } from 'zod';
import { cartLocationSchema } from './cart.ts';
import { viewerShowAccessSchema } from './channels.ts';
import { isoDateTimeSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import { orderSchema } from './orders.ts';
import { showSchema } from './shows.ts';
import { ticketTypeSchema } from './tickets.ts';

// Ticket activation and a viewer's access to a show (000 §2 "Activa tu boleto",
// §3 Viewer and activation, §7 /viewers/viewers/..., §8 Activation; 001 §3 Viewer-show).

/** A ticket code as a person types it (000 §5): trimmed, upper-cased, 6 characters of the alphabet. */
export const ticketCodeInputSchema = z
  .string()
  .max(40)
  .transform(normalizeTicketCode)
  .refine(isWellFormedTicketCode, {
    message: `El código debe tener ${TICKET_CODE_LENGTH} letras o números (sin 0, O, 1, I ni L)`,
  });

const viewerIdSchema = z.uuid({ message: 'Identificador de espectador inválido' });

export const activateCodeParamsSchema = z.object({
  viewerId: viewerIdSchema,
  code: ticketCodeInputSchema,
});

/**
 * The activation body (000 §3): `payment_type` CODE, `payment_info.request_code`,
 * `tickets` (empty), `livestream`, `replay`, `meetngreet`. Accepted loosely (every
 * field optional, unknown fields dropped) but typed; the code of the path is the
 * one activated.
 */
export const activateCodeBodySchema = z.object({
  payment_type: z.string().max(40).optional(),
  payment_info: z.object({ request_code: z.string().max(40).optional() }).optional(),
  tickets: z.array(z.unknown()).max(50).optional(),
  livestream: z.boolean().optional(),
  replay: z.boolean().optional(),
  meetngreet: z.boolean().optional(),
});
export type ActivateCodeBody = z.infer<typeof activateCodeBodySchema>;

/**
 * The activation answer. `livestream`: whether the ticket opens the stream (decision
 * 0058); the client then opens `/shows/{show_uid}/player?activated=1`, else "Mis
 * boletos", where an in-person ticket shows its QR, seat and door.
 */
export const activationResultSchema = z.object({
  _id: z.string(),
  show_uid: z.string(),
  livestream: z.boolean(),
});
export type ActivationResult = z.infer<typeof activationResultSchema>;

export const viewerShowParamsSchema = z.object({
  viewerId: viewerIdSchema,
  showId: z.uuid({ message: 'Identificador de evento inválido' }),
});

/** The caller's viewer-show (001 §3): access while `expires_on` is null or after now. */
export const viewerShowSchema = viewerShowAccessSchema.extend({
  show_uid: z.string(),
  livestream: z.boolean(),
  replay: z.boolean(),
  meetngreet: z.boolean(),
});
export type ViewerShow = z.infer<typeof viewerShowSchema>;

/** GET /viewers/viewers/{viewerId}/shows: at most this many, the newest activations first. */
export const MY_TICKETS_LIMIT = 200;

export const viewerParamsSchema = z.object({ viewerId: viewerIdSchema });

/**
 * What a code admits to at the door: its ticket type, its place (section, row, seat,
 * door; null when it has none, an online ticket's) and its QR image's path.
 */
export const myTicketAdmissionSchema = z.object({
  ticket_type: ticketTypeSchema,
  place: cartLocationSchema.nullable(),
  qrcode: z.string(),
});

/**
 * One activated code of "Mis boletos" (002 §2.1 /user/shows): the viewer-show access
 * (001 §3), when it was activated, whether it opens the stream (`livestream`, decision
 * 0058), what it admits to at the door (null for access that came with no ticket code)
 * and the public show it opens.
 */
export const myTicketSchema = viewerShowAccessSchema.extend({
  createdAt: isoDateTimeSchema,
  livestream: z.boolean(),
  admission: myTicketAdmissionSchema.nullable(),
  show: showSchema,
});
export type MyTicket = z.infer<typeof myTicketSchema>;

export const myTicketsSchema = z.object({ items: z.array(myTicketSchema) });
export type MyTickets = z.infer<typeof myTicketsSchema>;

/**
 * The older viewer purchase payload (000 §3, the old test card page): a card,
 * one ticket of the path's show and the viewing options. Card data goes to the
 * payment provider and is never stored.
 */
export const buyForViewerBodySchema = z.object({
  payment_type: z.literal('CREDIT_CARD').optional(),
  payment_info: z.object({
    cc_name: z.string().trim().max(120).optional(),
    cc_number: z.string().max(30),
    cc_exp: z.string().max(7),
    cc_cvv2: z.string().max(4),
  }),
  ticket: z.object({
    ticket_id: z.uuid({ message: 'Identificador de boleto inválido' }),
    fullname: z.string().trim().max(200).optional(),
  }),
  livestream: z.boolean().optional(),
  replay: z.boolean().optional(),
  meetngreet: z.boolean().optional(),
});
export type BuyForViewerBody = z.infer<typeof buyForViewerBodySchema>;

export const buyForViewerResultSchema = activationResultSchema.extend({ order_uid: z.string() });
export type BuyForViewerResult = z.infer<typeof buyForViewerResultSchema>;

const ACTIVATION_TAGS = ['activation'] as const;
const NOT_YOURS = { viewerId: 'FORBIDDEN' } as const;

export const activationEndpoints = defineEndpoints('', {
  activateCode: {
    method: 'POST',
    path: '/viewers/viewers/:viewerId/activate/:code',
    summary:
      'Activa un código de boleto para el espectador de la sesión (409 con show_uid si ya tiene acceso a ese evento)',
    tags: ACTIVATION_TAGS,
    params: activateCodeParamsSchema,
    body: activateCodeBodySchema,
    response: activationResultSchema,
    status: 200,
    paramNotFound: NOT_YOURS,
    errors: [
      'UNAUTHORIZED',
      'FORBIDDEN',
      'VALIDATION_ERROR',
      'TICKET_CODE_NOT_FOUND',
      'TICKET_CODE_VOIDED',
      'CODE_ALREADY_USED',
      'ALREADY_ACTIVATED',
      'RATE_LIMITED',
    ],
  },
  listViewerShows: {
    method: 'GET',
    path: '/viewers/viewers/:viewerId/shows',
    summary: `Los boletos activados del espectador de la sesión con su evento, los más recientes primero (hasta ${MY_TICKETS_LIMIT})`,
    tags: ACTIVATION_TAGS,
    params: viewerParamsSchema,
    response: myTicketsSchema,
    status: 200,
    paramNotFound: NOT_YOURS,
    errors: ['UNAUTHORIZED', 'FORBIDDEN'],
  },
  getViewerShow: {
    method: 'GET',
    path: '/viewers/viewers/:viewerId/shows/:showId',
    summary: 'El acceso del espectador de la sesión a un evento (su boleto activado)',
    tags: ACTIVATION_TAGS,
    params: viewerShowParamsSchema,
    response: viewerShowSchema,
    status: 200,
    paramNotFound: { ...NOT_YOURS, showId: 'VIEWER_SHOW_NOT_FOUND' },
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'VIEWER_SHOW_NOT_FOUND'],
  },
  buyForViewer: {
    method: 'POST',
    path: '/viewers/viewers/:viewerId/shows/:showId',
    summary:
      'Compra anterior con tarjeta de un boleto para el espectador de la sesión, con acceso inmediato (303 con 3-D Secure)',
    tags: ACTIVATION_TAGS,
    params: viewerShowParamsSchema,
    body: buyForViewerBodySchema,
    response: buyForViewerResultSchema,
    status: 200,
    otherResponses: { 303: orderSchema },
    paramNotFound: { ...NOT_YOURS, showId: 'SHOW_NOT_FOUND' },
    errors: [
      'UNAUTHORIZED',
      'FORBIDDEN',
      'VALIDATION_ERROR',
      'SHOW_NOT_FOUND',
      'TICKET_NOT_FOUND',
      'TICKET_NOT_ON_SALE',
      'NOT_ENOUGH_AVAILABLE',
      'HOLD_LIMIT_REACHED',
      'CART_BUSY',
      'PAYMENT_TYPE_NOT_ACCEPTED',
      'ALREADY_ACTIVATED',
      'CARD_DECLINED',
      'PAYMENT_FAILED',
    ],
  },
});
