import { z } from 'zod';
import { currencySchema, isoDateTimeSchema } from './common.ts';
import { MAX_CAPACITY, adminAmountSchema, optionalText, text } from './admin-fields.ts';
import { bundleItemSchema, paymentTypeSchema, ticketSchema, ticketTypeSchema } from './tickets.ts';

// Tickets in the organiser API: a Ticket (000 §3) plus its capacity; amounts are
// decimals with at most two decimals, stored as centavos.

export const adminPriceRuleWriteSchema = z.strictObject({
  rule_type: z.literal('quantity_discount').default('quantity_discount'),
  quantity_min: z.number().int().min(1).max(1000),
  item_discount_price: adminAmountSchema,
  item_discount_price_usd: adminAmountSchema.nullable().optional(),
});

export const adminBundleItemWriteSchema = z.strictObject({
  /** The ticket of the same show this item stands for, when it is one. */
  ticket_uid: z.uuid({ message: 'Identificador de boleto inválido' }).nullable().optional(),
  code: text(40),
  fullname: text(200),
  note: optionalText(500),
  type: ticketTypeSchema.default('GENERAL'),
  ammount: z.number().int().min(1).max(100).default(1),
  location: optionalText(200),
  ticket_image: optionalText(2000),
  qr_color: optionalText(30),
});

/** 000 §3 show_dates: child dates (funciones) of the show this ticket is valid for. */
export const adminShowDateWriteSchema = z.strictObject({
  value: z.uuid({ message: 'Identificador de fecha inválido' }),
  label: text(200),
});

const ticketFields = {
  ticket_id: optionalText(60),
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'Usa letras, números, guiones o guiones bajos' })
    .transform((value) => value.toUpperCase()),
  fullname: text(200),
  description: optionalText(5000),
  note: optionalText(1000),
  type: ticketTypeSchema.optional(),
  /** Defaults to the show's settings.currency. */
  currency: currencySchema.optional(),
  price: adminAmountSchema,
  price_usd: adminAmountSchema.nullable().optional(),
  fee: adminAmountSchema.optional(),
  fee_usd: adminAmountSchema.nullable().optional(),
  fee_included: z.boolean().optional(),
  payment_type: z.array(paymentTypeSchema).min(1).max(4),
  visible: z.boolean().optional(),
  valid_since: isoDateTimeSchema.nullable().optional(),
  valid_thru: isoDateTimeSchema.nullable().optional(),
  /** How many may be sold. */
  capacity: z.number().int().min(0).max(MAX_CAPACITY),
  price_rules: z.array(adminPriceRuleWriteSchema).max(20).optional(),
  bundle: z.array(adminBundleItemWriteSchema).max(20).optional(),
  show_dates: z.array(adminShowDateWriteSchema).max(200).optional(),
  location: optionalText(200),
  ticket_image: optionalText(2000),
  qr_color: optionalText(30),
  /** Order among the show's tickets; new tickets go last. */
  position: z.number().int().min(0).max(10_000).optional(),
};

function validWindow(
  body: { valid_since?: string | null; valid_thru?: string | null },
  ctx: z.RefinementCtx,
) {
  if (
    body.valid_since &&
    body.valid_thru &&
    Date.parse(body.valid_thru) < Date.parse(body.valid_since)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['valid_thru'],
      message: 'El fin de la venta debe ser posterior a su inicio',
    });
  }
}

/** POST /admin/shows/{id}/tickets: a Ticket (000 §3) plus its `capacity`. */
export const adminTicketCreateSchema = z.strictObject(ticketFields).superRefine(validWindow);
export type AdminTicketCreate = z.infer<typeof adminTicketCreateSchema>;
export type AdminTicketCreateInput = z.input<typeof adminTicketCreateSchema>;

/** PATCH …/tickets/{ticketId}: any field; lists (price_rules, bundle, show_dates) are replaced whole. */
export const adminTicketPatchSchema = z
  .strictObject(ticketFields)
  .partial()
  .superRefine(validWindow)
  .refine((body) => Object.keys(body).length > 0, { message: 'No hay cambios que aplicar' });
export type AdminTicketPatch = z.infer<typeof adminTicketPatchSchema>;
export type AdminTicketPatchInput = z.input<typeof adminTicketPatchSchema>;

/** A bundle item as organisers see it: the public shape plus the ticket it stands for. */
export const adminBundleItemSchema = bundleItemSchema.extend({
  ticket_uid: z.string().nullable(),
});

/** A ticket as organisers see it: the public shape plus its stock. */
export const adminTicketSchema = ticketSchema.extend({
  /** With each item's ticket_uid, so an editor can send the list back whole. */
  bundle: z.array(adminBundleItemSchema),
  capacity: z.number().int().min(0),
  /** Units in orders. */
  sold: z.number().int().min(0),
  /** Units in open carts whose ten minutes have not passed. */
  held: z.number().int().min(0),
  position: z.number().int(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;
