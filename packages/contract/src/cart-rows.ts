import { z } from 'zod';
import { REPORT_PAYMENT_TYPES } from './admin-reports.ts';
import { currencySchema } from './common.ts';
import { lineAmountsSchema } from './inventory-rows.ts';
import { ticketTypeSchema } from './tickets.ts';

/*
 * The cart as the database answers it to the API (decisions 0076, 0078): parsed by this
 * schema at the repository, so its type is the check's. Not part of the gateway.
 */

const amount = z.number().int();

/** A cart line as `taquilla_cart_view` answers it: what the buyer holds, priced in both currencies. */
export const cartLineRowSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  code: z.string(),
  showId: z.string(),
  showName: z.string(),
  showDate: z.coerce.date(),
  showType: z.string(),
  venue: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  ticketType: ticketTypeSchema,
  image: z.string().nullable(),
  quantity: z.number().int().positive(),
  ...lineAmountsSchema.shape,
  /** Where it lets its holder in (section, row, seat, door). */
  location: z.record(z.string(), z.unknown()).nullable(),
  seatId: z.string().nullable(),
  bundleItems: z.array(z.record(z.string(), z.unknown())),
});
export type CartLineRow = z.infer<typeof cartLineRowSchema>;

/** `taquilla_cart_view` (`cart/sql/taquilla_cart_view.sql`): the cart as answered and as promo pricing reads it. */
export const cartViewRowSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  currency: currencySchema,
  validThru: z.coerce.date().nullable(),
  paymentType: z.enum(REPORT_PAYMENT_TYPES).nullable(),
  paymentInfo: z.unknown(),
  paymentProvider: z.string().nullable(),
  items: z.array(cartLineRowSchema),
  promoCodes: z.array(
    z.object({
      id: z.string(),
      promoCodeId: z.string(),
      discountAmount: amount,
      appliedAt: z.coerce.date(),
      promoCode: z.object({
        code: z.string(),
        discountType: z.enum(['PERCENT', 'FIXED']),
        discountValue: amount,
      }),
    }),
  ),
});
export type CartViewRow = z.infer<typeof cartViewRowSchema>;
