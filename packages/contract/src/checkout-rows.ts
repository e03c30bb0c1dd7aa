import { z } from 'zod';

/*
 * Shapes the database answers to the API itself (decision 0076, issue 23): the JSON a
 * statement builds is parsed by these schemas at the repository, so its TypeScript type
 * is derived from the check that runs, never kept by hand beside it. Not part of the
 * gateway: no client sees them.
 */

const amount = z.number().int();

/** A cart line as checkout needs it: amounts in both currencies, its ticket's rules. */
export const checkoutLineRowSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  seatId: z.string().nullable(),
  quantity: z.number().int().positive(),
  totalPrice: amount,
  totalFee: amount,
  totalPriceUsd: amount.nullable(),
  totalFeeUsd: amount.nullable(),
  /** The payment types its ticket takes. */
  paymentTypes: z.array(z.string()),
  /** Its ticket sells by date (decision 0008: `tickets.sold` is not used). */
  dated: z.boolean(),
});
export type CheckoutLineRow = z.infer<typeof checkoutLineRowSchema>;

/** `orders.read-checkout-cart`: the cart as checkout prices it, read without a lock. */
export const checkoutCartRowSchema = z.object({
  id: z.string(),
  sessionKey: z.string(),
  userId: z.string().nullable(),
  status: z.enum(['OPEN', 'CHECKED_OUT', 'EXPIRED']),
  currency: z.enum(['GTQ', 'USD']),
  /** JSON's timestamp text, as a date. */
  validThru: z.coerce.date().nullable(),
  items: z.array(checkoutLineRowSchema),
  promoCodes: z.array(z.object({ promoCodeId: z.string(), discountAmount: amount })),
  /** What it was priced from (`taquilla_cart_fingerprint`): checked again under the lock. */
  fingerprint: z.string(),
  /** Its lines' shows, for the buyer rules (NIT, custom fields) and the proof link. */
  shows: z.array(
    z.object({ id: z.string(), parentId: z.string().nullable(), settings: z.unknown() }),
  ),
});
export type CheckoutCartRow = z.infer<typeof checkoutCartRowSchema>;
