import { PROMO_DISCOUNT_TYPES } from '@taquilla/domain';
import type { PromoDiscountType } from '@taquilla/domain';
import { z } from 'zod';
import { MAX_AMOUNT, adminAmountSchema } from './admin-fields.ts';
import { isoDateTimeSchema, pageOf, queryWholeNumberSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// Promo codes in the organiser API (ORGANISER-API.md, decision 0010 "Promo
// codes"). A code belongs to one producer; `discount_value` is a whole percent
// (PERCENT) or an amount in quetzales with at most two decimals (FIXED), stored
// as centavos.

/** The most uses a code may be limited to (the column is a 32-bit integer). */
export const MAX_PROMO_USAGE_LIMIT = 1_000_000_000;
export const MAX_PROMO_SHOWS = 500;

/** A promo code as written: trimmed and upper-cased, as buyers type it (000 §5). */
export const adminPromoCodeCodeSchema = z
  .string()
  .trim()
  .min(1, { message: 'Escribe el código' })
  .max(40, { message: 'El código tiene como máximo 40 caracteres' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Usa letras, números, guiones o guiones bajos' })
  .toUpperCase();

export const promoDiscountTypeSchema = z.enum(PROMO_DISCOUNT_TYPES, {
  message: 'Tipo de descuento: PERCENT o FIXED',
});

/**
 * Why `value` is not a valid discount of `type`, or null when it is: PERCENT
 * is a whole percent 1..100, FIXED an amount above zero with at most two
 * decimals. Used by the schemas and, for a PATCH that changes only one of the
 * two, by the API against the stored other half.
 */
export function promoDiscountValueIssue(type: PromoDiscountType, value: number): string | null {
  if (type === 'PERCENT') {
    return Number.isInteger(value) && value >= 1 && value <= 100
      ? null
      : 'Un porcentaje es un número entero de 1 a 100';
  }
  if (!(value > 0)) return 'El monto debe ser mayor que cero';
  return adminAmountSchema.safeParse(value).success
    ? null
    : `Un monto tiene como máximo dos decimales y no pasa de ${MAX_AMOUNT}`;
}

const showUidsSchema = z
  .array(z.uuid({ message: 'Identificador de evento inválido' }))
  .max(MAX_PROMO_SHOWS)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      const key = id.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [index], message: 'Este evento ya está en la lista' });
      }
      seen.add(key);
    });
  });

const promoCodeFields = {
  code: adminPromoCodeCodeSchema,
  discount_type: promoDiscountTypeSchema,
  /** PERCENT: whole percent 1..100; FIXED: quetzales, at most two decimals. */
  discount_value: z.number().max(MAX_AMOUNT),
  /** The shows the code applies to (a date's parent covers the date); empty: every show of the producer. */
  show_uids: showUidsSchema.default([]),
  valid_since: isoDateTimeSchema.nullable().default(null),
  valid_thru: isoDateTimeSchema.nullable().default(null),
  /** How many orders may use it; null: unlimited. */
  usage_limit: z.number().int().min(1).max(MAX_PROMO_USAGE_LIMIT).nullable().default(null),
  active: z.boolean().default(true),
};

type PromoBody = {
  discount_type?: PromoDiscountType | undefined;
  discount_value?: number | undefined;
  valid_since?: string | null | undefined;
  valid_thru?: string | null | undefined;
};

/** The rules across fields that the body alone can decide. */
function promoBodyRules(body: PromoBody, ctx: z.RefinementCtx) {
  if (body.discount_type !== undefined && body.discount_value !== undefined) {
    const issue = promoDiscountValueIssue(body.discount_type, body.discount_value);
    if (issue) ctx.addIssue({ code: 'custom', path: ['discount_value'], message: issue });
  }
  if (
    body.valid_since &&
    body.valid_thru &&
    Date.parse(body.valid_thru) <= Date.parse(body.valid_since)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['valid_thru'],
      message: 'El fin de la vigencia debe ser posterior a su inicio',
    });
  }
}

/** POST /admin/promo-codes. Admins name the `producer`; a producer's own is implied. */
export const adminPromoCodeCreateSchema = z
  .strictObject({
    ...promoCodeFields,
    producer: z.uuid({ message: 'Identificador de productora inválido' }).optional(),
  })
  .superRefine(promoBodyRules);
export type AdminPromoCodeCreate = z.infer<typeof adminPromoCodeCreateSchema>;
export type AdminPromoCodeCreateInput = z.input<typeof adminPromoCodeCreateSchema>;

/**
 * PATCH /admin/promo-codes/{id}: any field but the producer. `show_uids`
 * replaces the list whole. `code` changes only while the code was never
 * applied to a cart or an order (else a 422 naming it); `usage_limit` may not
 * drop below `used_count`.
 */
export const adminPromoCodePatchSchema = z
  .strictObject({
    code: promoCodeFields.code.optional(),
    discount_type: promoCodeFields.discount_type.optional(),
    discount_value: promoCodeFields.discount_value.optional(),
    show_uids: showUidsSchema.optional(),
    valid_since: isoDateTimeSchema.nullable().optional(),
    valid_thru: isoDateTimeSchema.nullable().optional(),
    usage_limit: z.number().int().min(1).max(MAX_PROMO_USAGE_LIMIT).nullable().optional(),
    active: z.boolean().optional(),
  })
  .superRefine(promoBodyRules)
  .refine((body) => Object.keys(body).length > 0, { message: 'No hay cambios que aplicar' });
export type AdminPromoCodePatch = z.infer<typeof adminPromoCodePatchSchema>;
export type AdminPromoCodePatchInput = z.input<typeof adminPromoCodePatchSchema>;

export const adminPromoCodeParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador de código promocional inválido' }),
});

export const ADMIN_PROMO_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PROMO_PAGE_SIZE_MAX = 100;
export const ADMIN_PROMO_PAGE_MAX = 10_000;

export const adminPromoCodeListQuerySchema = z.object({
  /** Case-insensitive search in the code. */
  q: z.string().trim().min(1).max(100).optional(),
  active: z
    .enum(['true', 'false'], { message: 'Usa true o false' })
    .transform((value) => value === 'true')
    .optional(),
  /** Codes that apply to this show: listing it (or its parent), or listing none of its producer's. */
  show_uid: z.uuid({ message: 'Identificador de evento inválido' }).optional(),
  /** Admins only: one producer's codes. */
  producer: z.uuid({ message: 'Identificador de productora inválido' }).optional(),
  /** 1 by default. */
  page: queryWholeNumberSchema(ADMIN_PROMO_PAGE_MAX).optional(),
  /** 25 by default, at most 100. */
  page_size: queryWholeNumberSchema(ADMIN_PROMO_PAGE_SIZE_MAX).optional(),
});
export type AdminPromoCodeListQuery = z.infer<typeof adminPromoCodeListQuerySchema>;

/** A promo code as organisers see it. */
export const adminPromoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discount_type: promoDiscountTypeSchema,
  /** PERCENT: the whole percent; FIXED: an amount in quetzales. */
  discount_value: z.number(),
  /** Empty: every show of the producer. */
  show_uids: z.array(z.string()),
  valid_since: z.string().nullable(),
  valid_thru: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  /** Orders that used it. */
  used_count: z.number().int().min(0),
  /** null when unlimited. */
  uses_left: z.number().int().min(0).nullable(),
  active: z.boolean(),
  producer_uid: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

/** `total`: how many codes match the filters, on every page. */
export const adminPromoCodePageSchema = pageOf(adminPromoCodeSchema);
export type AdminPromoCodePage = z.infer<typeof adminPromoCodePageSchema>;

// ───────────────────────────── endpoint table ─────────────────────────────

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;
const PROMO_ID = { id: 'PROMO_CODE_NOT_FOUND' } as const;

/**
 * Admin or Producer; a producer's request for another producer's code answers
 * 404. Every write is audited. The list is newest first, by pages like the
 * order list (`page`, `page_size`).
 */
export const adminPromoCodeEndpoints = defineEndpoints('admin', {
  createPromoCode: {
    method: 'POST',
    path: '/admin/promo-codes',
    summary: 'Crea un código promocional (las administradoras indican la productora)',
    tags: ADMIN_TAGS,
    body: adminPromoCodeCreateSchema,
    response: adminPromoCodeSchema,
    status: 201,
    errors: [...GUARD, 'VALIDATION_ERROR', 'PROMO_CODE_TAKEN'],
  },
  listPromoCodes: {
    method: 'GET',
    path: '/admin/promo-codes',
    summary: 'Códigos promocionales de quien llama, los más nuevos primero, por páginas',
    tags: ADMIN_TAGS,
    query: adminPromoCodeListQuerySchema,
    response: adminPromoCodePageSchema,
    status: 200,
    errors: [...GUARD, 'VALIDATION_ERROR'],
  },
  getPromoCode: {
    method: 'GET',
    path: '/admin/promo-codes/:id',
    summary: 'Un código promocional propio',
    tags: ADMIN_TAGS,
    params: adminPromoCodeParamsSchema,
    paramNotFound: PROMO_ID,
    response: adminPromoCodeSchema,
    status: 200,
    errors: [...GUARD, 'PROMO_CODE_NOT_FOUND'],
  },
  updatePromoCode: {
    method: 'PATCH',
    path: '/admin/promo-codes/:id',
    summary: 'Cambia un código promocional; show_uids se reemplaza completo',
    tags: ADMIN_TAGS,
    params: adminPromoCodeParamsSchema,
    paramNotFound: PROMO_ID,
    body: adminPromoCodePatchSchema,
    response: adminPromoCodeSchema,
    status: 200,
    errors: [...GUARD, 'PROMO_CODE_NOT_FOUND', 'VALIDATION_ERROR', 'PROMO_CODE_TAKEN'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type AdminPromoCodeEndpoints = typeof adminPromoCodeEndpoints;
