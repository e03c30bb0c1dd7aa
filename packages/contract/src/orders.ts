import { z } from 'zod';
import {
  cartBundleItemSchema,
  cartLocationSchema,
  cartSessionIdSchema,
  saleSubtotalSchema,
} from './cart.ts';
import { currencySchema, isoDateTimeSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import { REFERRAL_PATTERN } from './referral.ts';
import { amountSchema, ticketTypeSchema } from './tickets.ts';

// Checkout and orders (000 §3 Order, Order creation payload; §7 POST /cart/orders).

/** The ways to pay an order (000 §3); CODE is activation's, never a way to buy. */
export const ORDER_PAYMENT_TYPES = [
  'CREDIT_CARD',
  'BANK_DEPOSIT',
  'ACCOUNT_BANK_DEPOSIT',
  'REGISTRATION',
] as const;
export const orderPaymentTypeSchema = z.enum(ORDER_PAYMENT_TYPES);
export type OrderPaymentType = z.infer<typeof orderPaymentTypeSchema>;

const text = (max: number) => z.string().trim().max(max);

// The cookie and pattern hold no schema: the browser's shell reads them without zod
// (decision 0070).
export * from './referral.ts';

/** The referral (referral.ts), trimmed, as the order carries it. */
export const referralSchema = z.string().trim().regex(REFERRAL_PATTERN, {
  message: 'El referido debe tener de 1 a 64 letras, números, guiones o guiones bajos',
});

/**
 * `payment_info` of the order creation payload: the union of the card,
 * deposit and registration field lists of 000 §3. Which fields are required
 * depends on the payment type and is checked by the service, so that a
 * missing field is named in Spanish. Card data (`cc_number`, `cc_cvv2`) goes
 * to the payment provider and is never stored, logged or answered.
 */
export const orderPaymentInfoSchema = z.object({
  firstname: text(80).optional(),
  lastname: text(80).optional(),
  email: z.email({ message: 'Correo electrónico inválido' }).max(254),
  phone: text(40).optional(),
  address: text(200).optional(),
  city: text(80).optional(),
  state: text(80).optional(),
  country: text(2).optional(),
  zip: text(20).optional(),
  nit: text(20).optional(),
  reference: text(80).optional(),
  /** BANK_DEPOSIT: the `link` that GET /cart/orders/uploadUrl gave for the proof. */
  file_info: z.string().max(1000).optional(),
  currency: currencySchema.optional(),
  /** The total the buyer saw; a different server total answers ORDER_TOTAL_CHANGED. */
  total: z.number().nonnegative().optional(),
  sessionId: z.string().max(128).optional(),
  provider: text(40).nullable().optional(),
  custom_fields: z.record(z.string().max(60), z.string().max(500)).optional(),
  save_info: z.boolean().optional(),
  cc_name: text(120).optional(),
  cc_number: z.string().max(30).optional(),
  cc_exp: z.string().max(7).optional(),
  cc_cvv2: z.string().max(4).optional(),
  /**
   * PAYMENT_PROVIDER=stripe: the PaymentMethod id (`pm_…`) Stripe.js made in the
   * browser, sent instead of the cc_* fields (the card number never reaches us).
   */
  payment_method: z.string().max(200).optional(),
  /** The visitor's referral cookie, when it holds one. */
  referral: referralSchema.optional(),
});
export type OrderPaymentInfo = z.infer<typeof orderPaymentInfoSchema>;

/** POST /cart/orders: `{user_uid, payment_type, currency, payment_info, session_id, cart_uid}`. */
export const createOrderBodySchema = z.object({
  /** Never trusted over the session: a signed-in caller's orders are always its own. */
  user_uid: z.string().max(64).nullable().optional(),
  payment_type: orderPaymentTypeSchema,
  currency: currencySchema.optional(),
  payment_info: orderPaymentInfoSchema,
  session_id: cartSessionIdSchema,
  cart_uid: z.uuid({ message: 'Identificador de carrito inválido' }),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderTicketSchema = z.object({
  _id: z.string(),
  ticket_uid: z.string(),
  code: z.string(),
  show_uid: z.string(),
  show_name: z.string(),
  show_date: isoDateTimeSchema,
  description: z.string().nullable(),
  ticket_type: ticketTypeSchema,
  quantity: z.number().int(),
  price: amountSchema,
  discount_price: amountSchema,
  fee: amountSchema,
  total_price: amountSchema,
  total_fee: amountSchema,
  location: cartLocationSchema.nullable(),
  bundle_items: z.array(cartBundleItemSchema),
});

export const orderCodeSchema = z.object({
  _id: z.string(),
  order_ticket_uid: z.string(),
  code: z.string(),
  /** The QR image of the code (GET /etickets/qr/{code}). */
  qrcode: z.string(),
  ticket_type: ticketTypeSchema,
});

/** The order (000 §3). Card data is the last four digits only. */
export const orderSchema = z.object({
  _id: z.string(),
  order_number: z.number().int(),
  createdAt: isoDateTimeSchema,
  status: z.string(),
  payment_type: orderPaymentTypeSchema,
  currency: currencySchema,
  tickets: z.array(orderTicketSchema),
  codes: z.array(orderCodeSchema),
  subtotal: saleSubtotalSchema,
  total_fee: amountSchema,
  total_discount: amountSchema,
  total: amountSchema,
  promo_codes: z.array(z.object({ code: z.string(), discount_amount: amountSchema })),
  payment_info: z.object({
    email: z.string(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    reference: z.string().nullable(),
    /** "**** 4242": only the last four digits are kept. */
    cc_number: z.string().nullable(),
    cc_brand: z.string().nullable(),
  }),
  payment_response: z
    .object({
      authorization: z.string().nullable(),
      transaction_id: z.string().nullable(),
      response_text: z.string().nullable(),
      /** 3-D Secure: the challenge page to open; the result arrives on `cart/{cartId}/3ds`. */
      redirect: z.string().optional(),
    })
    .nullable(),
  change_log: z.array(
    z.object({ action: z.string(), reason: z.string().nullable(), createdAt: isoDateTimeSchema }),
  ),
  /** The cart the order came from: its `cart/{cartId}/3ds` channel carries 3-D Secure results. */
  cart_uid: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** What anyone but the order's owner, its browser session or its e-mailed link reads. */
export const orderLoginPromptSchema = z.object({
  _id: z.string(),
  status: z.string(),
  /**
   * The order's e-mail, masked (`a•••@gmail.com`, `maskEmail`; decision 0066):
   * enough for its buyer to know which account to sign in with, never the address.
   */
  email: z.string(),
});

export const orderParamsSchema = z.object({ id: z.uuid() });
export const orderViewQuerySchema = z.object({
  /** The signed link of the order e-mail. */
  t: z.string().max(200).optional(),
});

/** POST /viewers/orders/{id}/resendTickets (000 §8 Resend). */
export const resendTicketsResultSchema = z.object({ message: z.string() });
export const RESEND_TICKETS_MESSAGE =
  'Tus boletos fueron reenviados al correo registrado en la orden';

const ORDER_TAGS = ['orders'] as const;

export const orderEndpoints = defineEndpoints('', {
  createOrder: {
    method: 'POST',
    path: '/cart/orders',
    summary:
      'Convierte el carrito en una orden: tarjeta (303 con 3-D Secure, 402 si se deniega), depósito o registro gratuito',
    tags: ORDER_TAGS,
    body: createOrderBodySchema,
    response: orderSchema,
    status: 200,
    otherResponses: { 303: orderSchema },
    errors: [
      'VALIDATION_ERROR',
      'FORBIDDEN',
      'CART_NOT_FOUND',
      'CART_EXPIRED',
      'CART_EMPTY',
      'CART_BUSY',
      'ORDER_IN_PROGRESS',
      'ORDER_TOTAL_CHANGED',
      'PAYMENT_TYPE_NOT_ACCEPTED',
      'PROMO_CODE_USAGE_LIMIT_EXCEEDED',
      'CART_OTHER_PRODUCER',
      'IDEMPOTENCY_KEY_REUSED',
      'CARD_DECLINED',
      'PAYMENT_FAILED',
      'PROOF_LINK_INVALID',
      'PROOF_ALREADY_USED',
      'UPLOAD_INVALID_TYPE',
      'UPLOAD_TOO_LARGE',
    ],
  },
  getOrder: {
    method: 'GET',
    path: '/viewers/orders/:id',
    summary:
      'La orden completa para su dueño, la sesión del navegador que la hizo o el enlace firmado del correo; a cualquier otro solo {_id, status, email} con el correo enmascarado (a•••@gmail.com)',
    tags: ORDER_TAGS,
    params: orderParamsSchema,
    query: orderViewQuerySchema,
    response: z.union([orderSchema, orderLoginPromptSchema]),
    status: 200,
    errors: ['ORDER_NOT_FOUND', 'RATE_LIMITED'],
    paramNotFound: { id: 'ORDER_NOT_FOUND' },
  },
  resendTickets: {
    method: 'POST',
    path: '/viewers/orders/:id/resendTickets',
    summary:
      'Reenvía el correo con los boletos de una orden aprobada (a su dueño, su navegador o su enlace firmado)',
    tags: ORDER_TAGS,
    params: orderParamsSchema,
    query: orderViewQuerySchema,
    response: resendTicketsResultSchema,
    status: 200,
    errors: ['ORDER_NOT_FOUND', 'ORDER_NOT_APPROVED', 'RATE_LIMITED'],
    paramNotFound: { id: 'ORDER_NOT_FOUND' },
  },
});
