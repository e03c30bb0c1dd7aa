import { z } from 'zod';
import { currencySchema } from './common.ts';
import { paymentTypeSchema, ticketTypeSchema } from './tickets.ts';

/*
 * What the API sends to and reads from the inventory's database functions (decision 0078,
 * issue 23), as checkout-rows.ts is for checkout: the types come from these schemas. Not
 * part of the gateway: no client sees them.
 */

const amount = z.number().int();

/** A cart line's amounts, in minor units, in quetzales and (when its ticket has them) dollars. */
export const lineAmountsSchema = z.object({
  price: amount,
  discountPrice: amount,
  fee: amount,
  feeIncluded: z.boolean(),
  totalPrice: amount,
  totalFee: amount,
  priceUsd: amount.nullable(),
  discountPriceUsd: amount.nullable(),
  feeUsd: amount.nullable(),
  totalPriceUsd: amount.nullable(),
  totalFeeUsd: amount.nullable(),
});

/** A line's amounts for one total quantity (the line's, plus what the cart already has of it). */
export const holdPriceSchema = lineAmountsSchema.extend({
  bundleItems: z.array(z.record(z.string(), z.unknown())),
});
export type HoldPrice = z.infer<typeof holdPriceSchema>;

/**
 * One line of a hold, checked and priced before the call (`inventory/hold-lines.ts`):
 * `taquilla_hold` decides what needs the cart or the stock.
 */
export const holdLineSchema = z.object({
  /** Its place in the request (`items.{index}` in a refusal). */
  index: z.number().int().nonnegative(),
  ticket: z.string(),
  /** The show (or date) it is for. */
  show: z.string(),
  /** The ticket's own show: a seat must be of its map. */
  ticketShow: z.string(),
  seat: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** Units of this ticket and show one cart may hold (the show's `max_ticket_quantity`). */
  max: z.number().int().positive(),
  /** An open section's limit per cart, on top of `max`. */
  openMax: z.number().int().positive().optional(),
  /** Sold by date (decision 0008): sales are counted from order lines, not `tickets.sold`. */
  dated: z.boolean(),
  code: z.string(),
  showName: z.string(),
  showDate: z.string(),
  showType: z.string(),
  venue: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  ticketType: ticketTypeSchema,
  image: z.string().nullable(),
  /** Where it lets its holder in, for a line without a seat (a seat's is read with it). */
  location: z.record(z.string(), z.unknown()),
  /** `prices[n - 1]`: the line's amounts when the cart holds n units of it. */
  prices: z.array(holdPriceSchema).min(1),
});
export type HoldLine = z.infer<typeof holdLineSchema>;

/** `taquilla_hold`'s one argument. */
export const holdRequestSchema = z.object({
  session: z.string(),
  client: z.string(),
  user: z.string().nullable(),
  /** ISO timestamps. */
  now: z.string(),
  expiresAt: z.string(),
  currency: currencySchema,
  /** Places the client may hold at once across its carts, and how many this adds. */
  cap: z.number().int().nonnegative(),
  adding: z.number().int().positive(),
  lockTimeout: z.string(),
  /** Order statuses whose places are free again (RELEASED_ORDER_STATUSES). */
  released: z.array(z.string()),
  paymentType: paymentTypeSchema.optional(),
  paymentProvider: z.string().optional(),
  /** In ticket-id order: the order the ticket locks are taken in. */
  lines: z.array(holdLineSchema).min(1),
});
export type HoldRequest = z.infer<typeof holdRequestSchema>;

/** A seat a hold took or a sale sold, to announce on `show-seats/{show}` once committed. */
export const heldSeatSchema = z.object({
  showId: z.string(),
  seatId: z.string(),
  sectionId: z.string(),
});
export type HeldSeat = z.infer<typeof heldSeatSchema>;

/** `taquilla_hold`'s answer: the cart, whether its ten minutes start now, and the seats held. */
export const holdResultRowSchema = z.object({
  cartId: z.string(),
  startsTimer: z.boolean(),
  expiresAt: z.coerce.date(),
  heldSeats: z.array(heldSeatSchema),
});
export type HoldResultRow = z.infer<typeof holdResultRowSchema>;

/**
 * `taquilla_release`'s answer: the cart, the seats its removed lines held, and the shows
 * (dates) of those lines, whose ticket counts changed (decision 0079).
 */
export const releaseResultRowSchema = z.object({
  cartId: z.string(),
  released: z.array(heldSeatSchema),
  shows: z.array(z.string()),
});
export type ReleaseResultRow = z.infer<typeof releaseResultRowSchema>;

/** What `taquilla_reset` answers: the closed cart, its currency, the seats released. */
export const resetResultRowSchema = releaseResultRowSchema.extend({ currency: currencySchema });
export type ResetResultRow = z.infer<typeof resetResultRowSchema>;

/** What `taquilla_return_places` answers: seats now free, and the shows of the order's lines. */
export const returnResultRowSchema = releaseResultRowSchema.omit({ cartId: true });
export type ReturnResultRow = z.infer<typeof returnResultRowSchema>;
