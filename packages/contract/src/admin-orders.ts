import { ORDER_STATUSES } from '@taquilla/domain';
import { z } from 'zod';
import {
  currencySchema,
  delimitedListSchema,
  isoDateTimeSchema,
  pageOf,
  queryWholeNumberSchema,
} from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import {
  ORDER_PAYMENT_TYPES,
  orderCodeSchema,
  orderPaymentTypeSchema,
  orderSchema,
  orderTicketSchema,
  resendTicketsResultSchema,
} from './orders.ts';
import { amountSchema } from './tickets.ts';

// Orders in the organiser API (ORGANISER-API.md; code in admin-orders.*). A
// producer sees the orders with a line of one of its shows (or of a date of
// one); an admin every order. Status changes are the organiser's decisions on
// a deposit, a cancellation and a card refund; each writes the order's
// change_log and the audit log.

export const ADMIN_ORDER_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_ORDER_PAGE_SIZE_MAX = 100;
/** Past this page an offset scan costs more than it is worth: narrow the filters instead. */
export const ADMIN_ORDER_PAGE_MAX = 10_000;

/**
 * A bound of `from` / `to`: a calendar day `2027-03-10` (in Guatemala time,
 * the whole day) or an exact ISO 8601 instant.
 */
export const adminOrderDateBoundSchema = z.union([z.iso.date(), isoDateTimeSchema], {
  message: 'Usa una fecha AAAA-MM-DD o una fecha y hora ISO 8601',
});

/** GET /admin/orders: every filter optional; lists are newest first. */
export const adminOrderListQuerySchema = z.object({
  /** One status or several separated by commas (`WAITING_CONFIRMATION,PENDING`). */
  status: delimitedListSchema(ORDER_STATUSES, ',', (unknown) => `Estado desconocido: ${unknown}`),
  /** Orders with a line of this show, or of one of its dates. */
  show_uid: z.uuid({ message: 'Identificador de evento inválido' }).optional(),
  payment_type: delimitedListSchema(
    ORDER_PAYMENT_TYPES,
    ',',
    (unknown) => `Forma de pago desconocida: ${unknown}`,
  ),
  /**
   * The order number (`1234` or `#1234`), part of the e-mail, the buyer's
   * names (any case, any accents) or a ticket code of the order.
   */
  q: z.string().trim().min(1).max(100).optional(),
  /** Placed from this day (inclusive) or instant. */
  from: adminOrderDateBoundSchema.optional(),
  /** Placed up to this day (inclusive, the whole day) or instant (inclusive). */
  to: adminOrderDateBoundSchema.optional(),
  /** `newest` first (the default) or `oldest` first (the deposit review queue). */
  sort: z.enum(['newest', 'oldest'], { message: 'Usa newest u oldest' }).optional(),
  /** 1 by default. */
  page: queryWholeNumberSchema(ADMIN_ORDER_PAGE_MAX).optional(),
  /** 25 by default, at most 100. */
  page_size: queryWholeNumberSchema(ADMIN_ORDER_PAGE_SIZE_MAX).optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** One line of the organiser's order list. */
export const adminOrderListItemSchema = z.object({
  _id: z.string(),
  order_number: z.number().int(),
  createdAt: isoDateTimeSchema,
  status: z.string(),
  payment_type: orderPaymentTypeSchema,
  currency: currencySchema,
  total: amountSchema,
  email: z.string(),
  /** "Nombre Apellido" as the buyer wrote them; null when the form had none. */
  buyer_name: z.string().nullable(),
  /** The names of the order's shows (dates by their own name), without repeats. */
  show_names: z.array(z.string()),
  /** Places bought: the sum of the lines' quantities. */
  quantity: z.number().int(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

/** `total`: how many orders match the filters, on every page. */
export const adminOrderPageSchema = pageOf(adminOrderListItemSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

const nullableText = z.string().nullable();

/** What the buyer wrote in the checkout form (000 §3 payment_info), never card data. */
export const adminOrderBuyerSchema = z.object({
  firstname: nullableText,
  lastname: nullableText,
  email: z.string(),
  phone: nullableText,
  address: nullableText,
  city: nullableText,
  state: nullableText,
  country: nullableText,
  zip: nullableText,
  nit: nullableText,
  /** The bank deposit's reference number. */
  reference: nullableText,
  custom_fields: z.record(z.string(), z.string()),
  /** The referral the buyer's browser carried (002 §3), if any. */
  referral: nullableText,
});

/**
 * A change_log entry with who made it (the buyer, an organiser, or nobody: the
 * system). `action` is the stored code ("Order created"); `action_label` what a
 * person reads ("Orden creada").
 */
export const adminOrderChangeSchema = z.object({
  action: z.string(),
  action_label: z.string(),
  reason: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  actor: z.object({ _id: z.string(), fullname: z.string(), email: z.string() }).nullable(),
});

/** GET /admin/orders/{id} and the answer of every decision: the 000 §3 Order and more. */
export const adminOrderSchema = orderSchema.extend({
  tickets: z.array(
    orderTicketSchema.extend({
      /** The ticket's name ("Platea VIP"); `description` is its description. */
      ticket_name: z.string(),
      /** What each unit cost: the quantity rule's price when it applied, else `price`. */
      unit_price: amountSchema,
    }),
  ),
  /** The buyer's account; null for a guest checkout. */
  user_uid: z.string().nullable(),
  /** A signed URL of the deposit proof, valid 10 minutes; null without a proof. */
  proof_url: z.string().nullable(),
  buyer: adminOrderBuyerSchema,
  codes: z.array(
    orderCodeSchema.extend({
      activated_at: isoDateTimeSchema.nullable(),
      /** When the code was admitted at the door; null while it was not. */
      checked_in_at: isoDateTimeSchema.nullable(),
      /** When the order's cancel or refund voided the code; null while it admits. */
      voided_at: isoDateTimeSchema.nullable(),
    }),
  ),
  change_log: z.array(adminOrderChangeSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const ADMIN_ORDER_REASON_MIN = 3;
export const ADMIN_ORDER_REASON_MAX = 500;

/** The body of a rejection, a cancellation or a refund: why, shown to the buyer. */
export const adminOrderReasonSchema = z.strictObject({
  reason: z
    .string({ message: 'Escribe el motivo' })
    .trim()
    .min(ADMIN_ORDER_REASON_MIN, {
      message: `El motivo debe tener al menos ${ADMIN_ORDER_REASON_MIN} caracteres`,
    })
    .max(ADMIN_ORDER_REASON_MAX, {
      message: `El motivo tiene como máximo ${ADMIN_ORDER_REASON_MAX} caracteres`,
    }),
});
export type AdminOrderReason = z.infer<typeof adminOrderReasonSchema>;

/** POST /admin/orders/{id}/resend: the tickets e-mail again, to the order's address. */
export const ADMIN_RESEND_TICKETS_MESSAGE = 'Los boletos se reenviaron al correo de la orden';

export const adminOrderParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador de orden inválido' }),
});

// ───────────────────────────── endpoint table ─────────────────────────────

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;
const ORDER_ID = { id: 'ORDER_NOT_FOUND' } as const;

/**
 * Admin or Producer; another producer's order answers 404. A decision on an
 * order in another status answers 409 ORDER_STATUS_CONFLICT naming the status
 * it is in (two organisers deciding at once: one wins, the other gets 409).
 */
export const adminOrderEndpoints = defineEndpoints('admin', {
  listOrders: {
    method: 'GET',
    path: '/admin/orders',
    summary: 'Órdenes de los eventos de quien llama, las más nuevas primero, por páginas',
    tags: ADMIN_TAGS,
    query: adminOrderListQuerySchema,
    response: adminOrderPageSchema,
    status: 200,
    errors: [...GUARD, 'VALIDATION_ERROR'],
  },
  getOrder: {
    method: 'GET',
    path: '/admin/orders/:id',
    summary: 'Una orden con sus datos de compra, comprobante, códigos e historial',
    tags: ADMIN_TAGS,
    params: adminOrderParamsSchema,
    paramNotFound: ORDER_ID,
    response: adminOrderSchema,
    status: 200,
    errors: [...GUARD, 'ORDER_NOT_FOUND'],
  },
  confirmDeposit: {
    method: 'POST',
    path: '/admin/orders/:id/deposit/confirm',
    summary: 'Confirma el depósito de una orden que espera aprobación y emite sus boletos',
    tags: ADMIN_TAGS,
    params: adminOrderParamsSchema,
    paramNotFound: ORDER_ID,
    response: adminOrderSchema,
    status: 200,
    errors: [...GUARD, 'ORDER_NOT_FOUND', 'ORDER_STATUS_CONFLICT'],
  },
  rejectDeposit: {
    method: 'POST',
    path: '/admin/orders/:id/deposit/reject',
    summary: 'Rechaza el depósito: libera los lugares y avisa al comprador con el motivo',
    tags: ADMIN_TAGS,
    params: adminOrderParamsSchema,
    paramNotFound: ORDER_ID,
    body: adminOrderReasonSchema,
    response: adminOrderSchema,
    status: 200,
    errors: [...GUARD, 'ORDER_NOT_FOUND', 'VALIDATION_ERROR', 'ORDER_STATUS_CONFLICT'],
  },
  cancelOrder: {
    method: 'POST',
    path: '/admin/orders/:id/cancel',
    summary: 'Anula una orden: libera los lugares, invalida sus códigos y avisa al comprador',
    tags: ADMIN_TAGS,
    params: adminOrderParamsSchema,
    paramNotFound: ORDER_ID,
    body: adminOrderReasonSchema,
    response: adminOrderSchema,
    status: 200,
    errors: [...GUARD, 'ORDER_NOT_FOUND', 'VALIDATION_ERROR', 'ORDER_STATUS_CONFLICT'],
  },
  refundOrder: {
    method: 'POST',
    path: '/admin/orders/:id/refund',
    summary: 'Reembolsa una orden pagada con tarjeta y la anula como reembolsada',
    tags: ADMIN_TAGS,
    params: adminOrderParamsSchema,
    paramNotFound: ORDER_ID,
    body: adminOrderReasonSchema,
    response: adminOrderSchema,
    status: 200,
    errors: [
      ...GUARD,
      'ORDER_NOT_FOUND',
      'VALIDATION_ERROR',
      'ORDER_STATUS_CONFLICT',
      'ORDER_NOT_REFUNDABLE',
      'REFUND_FAILED',
    ],
  },
  resendOrderTickets: {
    method: 'POST',
    path: '/admin/orders/:id/resend',
    summary: 'Reenvía el correo con los boletos de una orden aprobada al correo de la orden',
    tags: ADMIN_TAGS,
    params: adminOrderParamsSchema,
    paramNotFound: ORDER_ID,
    response: resendTicketsResultSchema,
    status: 200,
    errors: [...GUARD, 'ORDER_NOT_FOUND', 'ORDER_NOT_APPROVED', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type AdminOrderEndpoints = typeof adminOrderEndpoints;
