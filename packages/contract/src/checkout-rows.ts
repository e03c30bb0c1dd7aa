import { ORDER_STATUSES } from '@taquilla/domain';
import { z } from 'zod';
import { currencySchema } from './common.ts';
import { REPORT_PAYMENT_TYPES } from './admin-reports.ts';
import { ticketTypeSchema } from './tickets.ts';

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

const when = z.coerce.date();

/**
 * `taquilla_order_view` (`orders/sql/taquilla_order_view.sql`): the order with everything
 * its page shows, its timestamps as dates. The organiser's order detail reads the same
 * fields through the ORM (`ORDER_VIEW_INCLUDE`), whose rows satisfy this type too.
 */
export const orderViewRowSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  userId: z.string().nullable(),
  cartId: z.string().nullable(),
  email: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentType: z.enum(REPORT_PAYMENT_TYPES),
  currency: currencySchema,
  subtotal: amount,
  totalFee: amount,
  totalDiscount: amount,
  total: amount,
  paymentInfo: z.unknown(),
  paymentResponse: z.unknown(),
  ccBrand: z.string().nullable(),
  ccLast4: z.string().nullable(),
  createdAt: when,
  updatedAt: when,
  items: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      ticketId: z.string(),
      showId: z.string(),
      seatId: z.string().nullable(),
      code: z.string(),
      showName: z.string(),
      showDate: when,
      description: z.string().nullable(),
      ticketType: ticketTypeSchema,
      quantity: z.number().int(),
      price: amount,
      discountPrice: amount,
      fee: amount,
      totalPrice: amount,
      totalFee: amount,
      location: z.unknown(),
      bundleItems: z.unknown(),
    }),
  ),
  codes: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      orderItemId: z.string(),
      code: z.string(),
      ticketType: ticketTypeSchema,
      activatedAt: when.nullable(),
      createdAt: when,
    }),
  ),
  changeLog: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      action: z.string(),
      reason: z.string().nullable(),
      fromStatus: z.enum(ORDER_STATUSES).nullable(),
      toStatus: z.enum(ORDER_STATUSES).nullable(),
      actorUserId: z.string().nullable(),
      createdAt: when,
    }),
  ),
  promoCodes: z.array(
    z.object({
      id: z.string(),
      promoCodeId: z.string(),
      cartId: z.string().nullable(),
      orderId: z.string().nullable(),
      discountAmount: amount,
      appliedAt: when,
      promoCode: z.object({ code: z.string() }),
    }),
  ),
  cart: z.object({ sessionKey: z.string() }).nullable(),
});
export type OrderViewRow = z.infer<typeof orderViewRowSchema>;
