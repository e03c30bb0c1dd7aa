import { CART_SESSION_ID_PATTERN, PROMO_DISCOUNT_TYPES } from '@taquilla/domain';
import { z } from 'zod';
import { currencySchema, isoDateTimeSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { amountSchema, paymentTypeSchema, ticketTypeSchema } from './tickets.ts';

// The cart of 000 §3 and §7: wire names as the specifications write them.

/**
 * `{sessionID}` is the browser's random `sessionID` cookie: the only proof of
 * who owns an anonymous cart, so a short or odd one is refused (422).
 */
export const cartSessionIdSchema = z.string().regex(CART_SESSION_ID_PATTERN, {
  message: 'El identificador del carrito debe tener entre 22 y 128 letras, números, - o _',
});
export const cartParamsSchema = z.object({ sessionID: cartSessionIdSchema });

/** `{section, row, seat, door}` of a cart line (000 §3). */
export const cartLocationSchema = z.object({
  section: z.string().nullable(),
  row: z.string().nullable(),
  seat: z.string().nullable(),
  door: z.string().nullable(),
});

/** One item of a bundle, as many as its multiplier × the line's quantity (000 §9). */
export const cartBundleItemSchema = z.object({
  ticket_uid: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  ticket_type: ticketTypeSchema,
  quantity: z.number().int().min(1),
  location: z.string().nullable(),
  ticket_image: z.string().nullable(),
  qr_color: z.string().nullable(),
});

const usdAmount = amountSchema.nullable();

/** A cart item as stored and sent (000 §3). Amounts are decimal units of the cart's currency. */
export const cartItemSchema = z.object({
  _id: z.string(),
  type: z.literal('TICKET'),
  ticket_uid: z.string(),
  code: z.string(),
  /** The show (or date, función) the places are for. */
  show_uid: z.string(),
  show_name: z.string(),
  show_date: z.string(),
  /** `VENUE` for in-person shows, `online` for virtual ones. */
  show_type: z.string(),
  venue: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  ticket_type: ticketTypeSchema,
  image: z.string().nullable(),
  quantity: z.number().int().min(1),
  price: amountSchema,
  /** The unit price after a quantity discount; 0 when none applies. */
  discount_price: amountSchema,
  fee: amountSchema,
  fee_included: z.boolean(),
  total_price: amountSchema,
  total_fee: amountSchema,
  price_usd: usdAmount,
  discount_price_usd: usdAmount,
  fee_usd: usdAmount,
  total_price_usd: usdAmount,
  total_fee_usd: usdAmount,
  location: cartLocationSchema,
  /** The seat this line holds, for numbered sections; DELETE …/seats takes it. */
  seat_uid: z.string().nullable(),
  bundle_items: z.array(cartBundleItemSchema),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const appliedPromoCodeSchema = z.object({
  promo_code_id: z.string(),
  code: z.string(),
  discount_type: z.enum(PROMO_DISCOUNT_TYPES),
  /** PERCENT: the whole percent (15 means 15 %); FIXED: an amount in quetzales. */
  discount_value: z.number(),
  discount_amount: amountSchema,
  applied_at: isoDateTimeSchema,
});

/** Buyer data kept on the cart for checkout; never a card number or CVV. */
export const cartBuyerSchema = z.strictObject({
  firstname: z.string().trim().max(80).optional(),
  lastname: z.string().trim().max(80).optional(),
  email: z.email({ message: 'Correo electrónico inválido' }).max(254).optional(),
  phone: z.string().trim().max(40).optional(),
  address: z.string().trim().max(200).optional(),
  city: z.string().trim().max(80).optional(),
  state: z.string().trim().max(80).optional(),
  country: z.string().trim().length(2).optional(),
  zip: z.string().trim().max(20).optional(),
  nit: z.string().trim().max(20).optional(),
  custom_fields: z.record(z.string().max(60), z.string().max(500)).optional(),
  save_info: z.boolean().optional(),
});

export const cartPaymentInfoSchema = cartBuyerSchema.extend({
  provider: z.string().nullable(),
});

/** `subtotal` of a cart and of an order, one meaning for both (decision 0055). */
export const saleSubtotalSchema = amountSchema.describe(
  'Precio de los boletos (con los descuentos por cantidad), sin cargos por servicio ni códigos promocionales: total = subtotal + total_fee − total_discount.',
);

/** GET /cart/{sessionID}: the live cart; an expired or absent one answers empty (`_id` null). */
export const cartSchema = z.object({
  _id: z.string().nullable(),
  currency: currencySchema,
  items: z.array(cartItemSchema),
  /** When the holds end: ten minutes after the first one; null while empty. */
  valid_thru: isoDateTimeSchema.nullable(),
  payment_type: paymentTypeSchema.nullable(),
  promo_codes: z.array(appliedPromoCodeSchema),
  price_rules: z.array(z.never()),
  payment_info: cartPaymentInfoSchema.nullable(),
  // One meaning of subtotal for the cart and the order (decision 0055).
  subtotal: saleSubtotalSchema,
  /** Σ total_fee of the items: the service fees. */
  total_fee: amountSchema,
  total_discount: amountSchema,
  total: amountSchema,
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * One line as the client sends it (000 §3 "as sent when adding"). Only the
 * ticket, the show (or date), the quantity and the seat are read: names,
 * prices and places come from the ticket, never from the client.
 */
export const cartItemInputSchema = z.object({
  type: z.literal('TICKET').optional(),
  ticket_uid: z.uuid({ message: 'Identificador de boleto inválido' }),
  show_uid: z.uuid({ message: 'Identificador de evento inválido' }),
  quantity: z.number().int().min(1, { message: 'La cantidad debe ser al menos 1' }).max(100),
  /** A numbered seat (SEATS, TABLE, HTABLE sections): quantity 1. */
  seat: z.uuid({ message: 'Identificador de asiento inválido' }).nullable().optional(),
});

/** POST /cart/{sessionID}/items: `{currency, items[], payment_provider, payment_type?}` (000 §7). */
export const addCartItemsBodySchema = z.object({
  currency: currencySchema.optional(),
  items: z.array(cartItemInputSchema).min(1).max(20),
  payment_provider: z.string().trim().max(40).nullable().optional(),
  payment_type: paymentTypeSchema.nullable().optional(),
});
export type AddCartItemsBody = z.infer<typeof addCartItemsBodySchema>;

/** DELETE /cart/{sessionID}/items: `{items: [ids]}`. */
export const removeCartItemsBodySchema = z.object({ items: z.array(z.uuid()).min(1).max(100) });
/** DELETE /cart/{sessionID}/seats: `{seats: [seat ids]}`. */
export const removeCartSeatsBodySchema = z.object({ seats: z.array(z.uuid()).min(1).max(100) });

/**
 * PUT /cart/{sessionID}/payment: how the buyer will pay and who they are.
 * The 000 §7 field list is not shown; this is what checkout needs. A card
 * number or CVV is never accepted here (unknown fields answer 422): card data
 * goes to the payment provider with the order (issue 9), never to the cart.
 */
export const setCartPaymentBodySchema = z.strictObject({
  payment_type: paymentTypeSchema,
  payment_provider: z.string().trim().max(40).nullable().optional(),
  payment_info: cartBuyerSchema.optional(),
});
export type SetCartPaymentBody = z.infer<typeof setCartPaymentBodySchema>;

/** A promo code as the buyer types it: trimmed and upper-cased (000 §5). */
export const promoCodeInputSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { message: 'Escribe un código promocional' })
  .max(40, { message: 'El código promocional tiene como máximo 40 caracteres' })
  .regex(/^[A-Z0-9_-]+$/, { message: 'El código promocional solo lleva letras, números, - o _' });

/** POST /cart/carts/{sessionID}/promo-codes: `{code}`. */
export const applyPromoCodeBodySchema = z.object({ code: promoCodeInputSchema });
export const promoCodeParamsSchema = z.object({
  sessionID: cartSessionIdSchema,
  code: promoCodeInputSchema,
});

/** POST /cart/promo-codes/validate: `{code, items[] each with show_uid}` (forms without a cart). */
export const validatePromoCodeBodySchema = z.object({
  code: promoCodeInputSchema,
  items: z
    .array(z.object({ show_uid: z.uuid({ message: 'Identificador de evento inválido' }) }).loose())
    .min(1, { message: 'Indica al menos un evento' })
    .max(50),
});
export type ValidatePromoCodeBody = z.infer<typeof validatePromoCodeBodySchema>;

/** The promo code a form may apply (000 §3 Promo code). */
export const promoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discount_type: z.enum(PROMO_DISCOUNT_TYPES),
  /** PERCENT: the rate; FIXED: an amount in quetzales. */
  discount_value: z.number(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

const CART_TAGS = ['cart'] as const;
const CART_ERRORS = ['VALIDATION_ERROR', 'FORBIDDEN'] as const;

export const cartEndpoints = defineEndpoints('', {
  getCart: {
    method: 'GET',
    path: '/cart/:sessionID',
    summary: 'El carrito vigente; uno vencido o inexistente responde vacío',
    tags: CART_TAGS,
    params: cartParamsSchema,
    response: cartSchema,
    status: 200,
    errors: [...CART_ERRORS],
  },
  addCartItems: {
    method: 'POST',
    path: '/cart/:sessionID/items',
    summary: 'Agrega boletos o asientos y los reserva por 10 minutos',
    tags: CART_TAGS,
    params: cartParamsSchema,
    body: addCartItemsBodySchema,
    response: cartSchema,
    status: 200,
    errors: [
      ...CART_ERRORS,
      'TICKET_NOT_FOUND',
      'SEAT_NOT_FOUND',
      'TICKET_NOT_ON_SALE',
      'SEAT_UNAVAILABLE',
      'NOT_ENOUGH_AVAILABLE',
      'SECTION_TYPE_UNSUPPORTED',
      'CART_BUSY',
      'HOLD_LIMIT_REACHED',
      'CART_OTHER_PRODUCER',
    ],
  },
  removeCartItems: {
    method: 'DELETE',
    path: '/cart/:sessionID/items',
    summary: 'Quita líneas del carrito y libera sus reservas',
    tags: CART_TAGS,
    params: cartParamsSchema,
    body: removeCartItemsBodySchema,
    response: cartSchema,
    status: 200,
    errors: [...CART_ERRORS, 'CART_NOT_FOUND'],
  },
  removeCartSeats: {
    method: 'DELETE',
    path: '/cart/:sessionID/seats',
    summary: 'Quita asientos del carrito y los libera',
    tags: CART_TAGS,
    params: cartParamsSchema,
    body: removeCartSeatsBodySchema,
    response: cartSchema,
    status: 200,
    errors: [...CART_ERRORS, 'CART_NOT_FOUND'],
  },
  resetCart: {
    method: 'DELETE',
    // The specifications call `DELETE /cart/{sessionID}/`; the router ignores the trailing slash.
    path: '/cart/:sessionID',
    summary: 'Vacía el carrito y libera todas sus reservas (404 si no hay carrito)',
    tags: CART_TAGS,
    params: cartParamsSchema,
    response: cartSchema,
    status: 200,
    errors: [...CART_ERRORS, 'CART_NOT_FOUND'],
  },
  setCartPayment: {
    method: 'PUT',
    path: '/cart/:sessionID/payment',
    summary: 'Guarda la forma de pago y los datos del comprador (nunca datos de tarjeta)',
    tags: CART_TAGS,
    params: cartParamsSchema,
    body: setCartPaymentBodySchema,
    response: cartSchema,
    status: 200,
    errors: [...CART_ERRORS, 'CART_NOT_FOUND'],
  },
  applyPromoCode: {
    method: 'POST',
    path: '/cart/carts/:sessionID/promo-codes',
    summary: 'Aplica un código promocional al carrito',
    tags: CART_TAGS,
    params: cartParamsSchema,
    body: applyPromoCodeBodySchema,
    response: cartSchema,
    status: 200,
    errors: [
      ...CART_ERRORS,
      'CART_NOT_FOUND',
      'PROMO_CODE_NOT_FOUND',
      'PROMO_CODE_INACTIVE',
      'PROMO_CODE_ALREADY_APPLIED',
      'PROMO_CODE_USAGE_LIMIT_EXCEEDED',
      'PROMO_CODE_EXPIRED',
      'PROMO_CODE_NOT_APPLICABLE',
      'RATE_LIMITED',
    ],
  },
  removePromoCode: {
    method: 'DELETE',
    path: '/cart/carts/:sessionID/promo-codes/:code',
    summary: 'Quita un código promocional del carrito',
    tags: CART_TAGS,
    params: promoCodeParamsSchema,
    response: cartSchema,
    status: 200,
    errors: [...CART_ERRORS, 'CART_NOT_FOUND', 'PROMO_CODE_NOT_FOUND'],
    paramNotFound: { code: 'PROMO_CODE_NOT_FOUND' },
  },
  validatePromoCode: {
    method: 'POST',
    path: '/cart/promo-codes/validate',
    summary: 'Comprueba un código promocional para los eventos dados, sin carrito',
    tags: CART_TAGS,
    body: validatePromoCodeBodySchema,
    response: promoCodeSchema,
    status: 200,
    errors: [
      'VALIDATION_ERROR',
      'PROMO_CODE_NOT_FOUND',
      'PROMO_CODE_INACTIVE',
      'PROMO_CODE_USAGE_LIMIT_EXCEEDED',
      'PROMO_CODE_EXPIRED',
      'PROMO_CODE_NOT_APPLICABLE',
      'RATE_LIMITED',
    ],
  },
} as const satisfies Record<string, EndpointDefinition>);
