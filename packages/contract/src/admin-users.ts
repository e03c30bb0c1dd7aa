import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@taquilla/domain';
import { z } from 'zod';
import { optionalText, text } from './admin-fields.ts';
import { ORGANISER_ROLES, ROLES, roleSchema } from './auth.ts';
import { listOf, pageOf, queryWholeNumberSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// Organiser accounts (ORGANISER-API.md "Who may call it", decision 0015): only
// admins create producer and admin accounts; buyers sign themselves up.

const emailSchema = z.email({ message: 'Correo electrónico inválido' }).max(254);
const producerIdSchema = z.uuid({ message: 'Identificador de productora inválido' });

/** A producer's slug: lower-case words joined by hyphens, like a show's path. */
export const producerSlugSchema = z
  .string()
  .trim()
  .min(2)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: 'Usa minúsculas, números y guiones (por ejemplo: producciones-quetzal)',
  });

/** A producer created together with its first account. Without `slug`, one is made from `name`. */
export const adminProducerCreateSchema = z.strictObject({
  name: text(120),
  slug: producerSlugSchema.optional(),
  email: emailSchema.nullable().optional(),
  phone: optionalText(40),
});
export type AdminProducerCreate = z.infer<typeof adminProducerCreateSchema>;

/** PATCH /admin/producers/{id}: its name and contact; the slug stays (links may use it). */
export const adminProducerPatchSchema = z.strictObject({
  name: text(120).optional(),
  email: emailSchema.nullable().optional(),
  phone: optionalText(40),
});
export type AdminProducerPatch = z.infer<typeof adminProducerPatchSchema>;
export type AdminProducerPatchInput = z.input<typeof adminProducerPatchSchema>;

export const adminProducerParamsSchema = z.object({ id: producerIdSchema });

/**
 * POST /admin/users. A Producer account names an existing producer
 * (`producer_uid`) or creates one (`producer`), exactly one of the two; an
 * Admin account names neither. Without `password` the person is e-mailed a
 * link to choose one. The server also applies the password rule of signup.
 */
export const adminUserCreateSchema = z.strictObject({
  email: emailSchema,
  fullname: text(120),
  role: z.enum(ORGANISER_ROLES),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, {
      message: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
    })
    .max(PASSWORD_MAX_LENGTH)
    .optional(),
  producer_uid: producerIdSchema.optional(),
  producer: adminProducerCreateSchema.optional(),
});
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;

export const ADMIN_USER_PAGE_SIZE_DEFAULT = 50;
export const ADMIN_USER_PAGE_SIZE_MAX = 200;

export const adminUserListQuerySchema = z.object({
  role: z.enum(ROLES, { message: 'Rol desconocido: Viewer, Producer o Admin' }).optional(),
  /** Case-insensitive search in the e-mail and the full name. */
  q: z.string().trim().min(1).max(100).optional(),
  /** Only the accounts of this producer. */
  producer_uid: producerIdSchema.optional(),
  /** 1 by default. */
  page: queryWholeNumberSchema(10_000).optional(),
  /** 50 by default, at most 200. */
  page_size: queryWholeNumberSchema(ADMIN_USER_PAGE_SIZE_MAX).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminProducerRefSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
});

/** An account as admins see it; never its password hash nor any token. */
export const adminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  fullname: z.string(),
  roles: z.array(roleSchema),
  /** The producer a Producer account manages; null for other accounts. */
  producer: adminProducerRefSchema.nullable(),
  email_verified: z.boolean(),
  created: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminProducerSchema = adminProducerRefSchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created: z.string(),
});
export type AdminProducer = z.infer<typeof adminProducerSchema>;

/** GET /admin/producers: each producer with how many accounts and shows it has. */
export const adminProducerListItemSchema = adminProducerSchema.extend({
  users: z.number().int().min(0),
  shows: z.number().int().min(0),
});
export type AdminProducerListItem = z.infer<typeof adminProducerListItemSchema>;

// ───────────────────────────── endpoint table ─────────────────────────────

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;

/** Admin only: a Producer gets 403 here, like a Viewer on every /admin route. Creations are audited. */
export const adminUserEndpoints = defineEndpoints('admin', {
  createUser: {
    method: 'POST',
    path: '/admin/users',
    summary: 'Crea una cuenta de productora o de administración (solo Admin)',
    tags: ADMIN_TAGS,
    body: adminUserCreateSchema,
    response: adminUserSchema,
    status: 201,
    errors: [...GUARD, 'VALIDATION_ERROR', 'USER_ALREADY_EXISTS', 'PRODUCER_SLUG_TAKEN'],
  },
  listUsers: {
    method: 'GET',
    path: '/admin/users',
    summary:
      'Cuentas, las más nuevas primero, por rol, productora o texto, por páginas (solo Admin)',
    tags: ADMIN_TAGS,
    query: adminUserListQuerySchema,
    response: adminUserPageSchema,
    status: 200,
    errors: [...GUARD, 'VALIDATION_ERROR'],
  },
  listProducers: {
    method: 'GET',
    path: '/admin/producers',
    summary: 'Productoras con sus cuentas y eventos (solo Admin)',
    tags: ADMIN_TAGS,
    response: listOf(adminProducerListItemSchema),
    status: 200,
    errors: [...GUARD],
  },
  updateProducer: {
    method: 'PATCH',
    path: '/admin/producers/:id',
    summary: 'Cambia el nombre o el contacto de una productora (solo Admin)',
    tags: ADMIN_TAGS,
    params: adminProducerParamsSchema,
    paramNotFound: { id: 'PRODUCER_NOT_FOUND' },
    body: adminProducerPatchSchema,
    response: adminProducerSchema,
    status: 200,
    errors: [...GUARD, 'VALIDATION_ERROR', 'PRODUCER_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type AdminUserEndpoints = typeof adminUserEndpoints;
