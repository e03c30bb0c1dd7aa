import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { isoDateTimeSchema, pageOf, queryWholeNumberSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// Access codes of no-login and password shows in the organiser API
// (ORGANISER-API.md; code in apps/api/src/modules/admin/admin-access-codes.*).
// Codes are eight symbols of the ticket codes' unambiguous alphabet, unique per
// show; each opens the show's player (001 §4 access modes 1 and 2).

/** The most codes one request makes: a large conference, in one transaction. */
export const ACCESS_CODE_BATCH_MAX = 5000;
export const ACCESS_CODE_PAGE_SIZE_DEFAULT = 50;
export const ACCESS_CODE_PAGE_SIZE_MAX = 500;
/** A CSV download holds at most this many codes (newest first). */
export const ACCESS_CODE_CSV_MAX = 100_000;

const quantitySchema = z
  .number({ message: 'Indica cuántos códigos generar' })
  .int({ message: 'Usa un número entero' })
  .min(1, { message: 'Genera al menos un código' })
  .max(ACCESS_CODE_BATCH_MAX, {
    message: `Genera como máximo ${ACCESS_CODE_BATCH_MAX} códigos por solicitud`,
  });

/**
 * POST /admin/shows/{id}/access-codes: how many (`quantity`, or `count` as
 * ORGANISER-API.md names it; one of the two) and until when they open the show
 * (`expires_on`, in the future; absent or null: no end).
 */
export const adminAccessCodeCreateSchema = z
  .strictObject({
    quantity: quantitySchema.optional(),
    count: quantitySchema.optional(),
    expires_on: isoDateTimeSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.quantity === undefined) === (body.count === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: 'Indica cuántos códigos generar en «quantity» (o «count»), solo en uno',
      });
    }
  })
  .transform((body) => ({
    quantity: (body.quantity ?? body.count) as number,
    expires_on: body.expires_on ?? null,
  }));
export type AdminAccessCodeCreate = z.infer<typeof adminAccessCodeCreateSchema>;
export type AdminAccessCodeCreateInput = z.input<typeof adminAccessCodeCreateSchema>;

export const adminAccessCodeSchema = z.object({
  _id: z.string(),
  show_uid: z.string(),
  code: z.string(),
  expires_on: isoDateTimeSchema.nullable(),
  revoked_at: isoDateTimeSchema.nullable(),
  /** False once expired or revoked. */
  active: z.boolean(),
  createdAt: isoDateTimeSchema,
  /**
   * When a player that held this code first reported watching (its first presence
   * record, 001 §7: the server knows the code, the player cannot claim it); null: unused.
   */
  used_at: isoDateTimeSchema.nullable(),
});
export type AdminAccessCode = z.infer<typeof adminAccessCodeSchema>;

export const adminAccessCodeBatchSchema = z.object({ items: z.array(adminAccessCodeSchema) });

/** GET /admin/shows/{id}/access-codes: pages of JSON, or every code as CSV. */
export const adminAccessCodeListQuerySchema = z.object({
  page: queryWholeNumberSchema(100_000).optional(),
  page_size: queryWholeNumberSchema(ACCESS_CODE_PAGE_SIZE_MAX).optional(),
  /** `csv`: a download of every code (`code,expires_on,active,created_at,used_at`), not a page. */
  format: z.enum(['json', 'csv']).optional(),
});
export type AdminAccessCodeListQuery = z.infer<typeof adminAccessCodeListQuerySchema>;

export const adminAccessCodePageSchema = pageOf(adminAccessCodeSchema);
export type AdminAccessCodePage = z.infer<typeof adminAccessCodePageSchema>;

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;
const SHOW_ID = { id: 'SHOW_NOT_FOUND' } as const;

/** Admin or Producer; another producer's show answers 404. */
export const adminAccessCodeEndpoints = defineEndpoints('admin', {
  createAccessCodes: {
    method: 'POST',
    path: '/admin/shows/:id/access-codes',
    summary: 'Genera códigos de acceso únicos para un evento sin inicio de sesión o con contraseña',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    body: adminAccessCodeCreateSchema,
    response: adminAccessCodeBatchSchema,
    status: 201,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR', 'ACCESS_CODES_NOT_APPLICABLE'],
  },
  listAccessCodes: {
    method: 'GET',
    path: '/admin/shows/:id/access-codes',
    summary:
      'Códigos de acceso de un evento, los más nuevos primero, por páginas (o todos en CSV con format=csv)',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: SHOW_ID,
    query: adminAccessCodeListQuerySchema,
    response: adminAccessCodePageSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR'],
  },
} as const satisfies Record<string, EndpointDefinition>);
