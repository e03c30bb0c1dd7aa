import { z } from 'zod';
import { currencySchema, delimitedListSchema, listOf } from './common.ts';

export const PAYMENT_TYPES = [
  'CREDIT_CARD',
  'REGISTRATION',
  'BANK_DEPOSIT',
  'ACCOUNT_BANK_DEPOSIT',
] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const TICKET_TYPES = [
  'GENERAL',
  'ONLINE',
  'VENUE_SEAT',
  'VENUE_TABLE_SEAT',
  'VENUE_OPEN',
] as const;
export const ticketTypeSchema = z.enum(TICKET_TYPES);

/** Amounts on the wire are decimal currency units (150, 99.5); stored as centavos. */
export const amountSchema = z.number().nonnegative().multipleOf(0.01);

export const priceRuleSchema = z.object({
  rule_type: z.literal('quantity_discount'),
  quantity_min: z.number().int().min(1),
  item_discount_price: amountSchema,
  item_discount_price_usd: amountSchema.nullable().optional(),
});

export const bundleItemSchema = z.object({
  _id: z.string(),
  code: z.string(),
  fullname: z.string(),
  note: z.string().nullable(),
  type: ticketTypeSchema,
  /** Units of this item per unit of the bundle (the specifications spell it `ammount`). */
  ammount: z.number().int().min(1),
  location: z.string().nullable(),
  ticket_image: z.string().nullable(),
  qr_color: z.string().nullable(),
});

export const showDateOptionSchema = z.object({
  /** The child show (función) id. */
  value: z.string(),
  label: z.string(),
});

/** A ticket for sale as GET /shows/{showId}/tickets answers it (000 §3). */
export const ticketSchema = z.object({
  _id: z.string(),
  ticket_id: z.string().nullable(),
  show_uid: z.string(),
  code: z.string(),
  fullname: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  type: ticketTypeSchema,
  currency: currencySchema,
  price: amountSchema,
  price_text: z.string(),
  price_usd: amountSchema.nullable(),
  price_usd_text: z.string().nullable(),
  fee: amountSchema,
  fee_usd: amountSchema.nullable(),
  fee_included: z.boolean(),
  payment_type: z.array(paymentTypeSchema),
  visible: z.boolean(),
  valid_since: z.string().nullable(),
  valid_thru: z.string().nullable(),
  /** capacity − sold − live holds (an expired hold never counts). */
  real_available: z.number().int().min(0),
  price_rules: z.array(priceRuleSchema),
  bundle: z.array(bundleItemSchema),
  show_dates: z.array(showDateOptionSchema),
  location: z.string().nullable(),
  ticket_image: z.string().nullable(),
  qr_color: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** `paymentType` is a pipe-separated list: `CREDIT_CARD|REGISTRATION`. */
export const ticketListQuerySchema = z.object({
  paymentType: delimitedListSchema(
    PAYMENT_TYPES,
    '|',
    (unknown) => `Tipo de pago desconocido: ${unknown}`,
  ),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketListResponseSchema = listOf(ticketSchema);

/** A ticket's real_available alone: what a live page keeps current (decision 0079). */
export const ticketCountSchema = z.object({
  ticket_uid: z.string(),
  real_available: z.number().int().min(0),
});
export type TicketCount = z.infer<typeof ticketCountSchema>;

/**
 * GET /shows/{showId}/tickets/counts: real_available of every visible ticket of the
 * show's list (a date's for a función), read at the moment of the request, never cached.
 */
export const ticketCountsResponseSchema = z.object({ tickets: z.array(ticketCountSchema) });
export type TicketCountsResponse = z.infer<typeof ticketCountsResponseSchema>;
