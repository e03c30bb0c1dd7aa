import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@taquilla/domain';
import { z } from 'zod';
import {
  currentSessionSchema,
  loginResponseSchema,
  roleSchema,
  sessionUserSchema,
  viewerRefSchema,
} from './auth.ts';
import { listOf } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

/**
 * Passwords: at least 8 characters, checked here; the deny-list of common
 * passwords is checked by the server (checkPasswordPolicy in @taquilla/domain,
 * which owns both limits).
 */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

const emailSchema = z.email({ message: 'Correo electrónico inválido' }).max(254);
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    message: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  })
  .max(PASSWORD_MAX_LENGTH);
const idParamsSchema = z.object({ id: z.string().min(1).max(200) });
const messageResponseSchema = z.object({ message: z.string() });

/** POST /auth/users/exists (002 §7): signup aborts when true. Rate-limited per IP. */
export const userExistsBodySchema = z.object({ email: emailSchema });
export const userExistsResponseSchema = z.object({ userExists: z.boolean() });

/**
 * POST /auth/users (002 §3, §7): creates a Viewer account and signs the caller
 * in (sets the session cookie). Self-signup may only ask for ["Viewer"].
 */
export const createUserBodySchema = z.object({
  username: emailSchema.optional(),
  email: emailSchema,
  password: passwordSchema,
  fullname: z.string().trim().min(1, { message: 'El nombre es obligatorio' }).max(200),
  roles: z.array(roleSchema).default(['Viewer']),
});

/** POST /viewers/viewers: the viewer of the caller's own user (`user_uid` must be it). */
export const createViewerBodySchema = z.object({ user_uid: z.string().min(1).max(200) });

/**
 * POST /auth/sessions (002 §7, the last signup step): answers the session of
 * the user proven by the caller's own session; `user_uid` must be that user.
 */
export const createSessionBodySchema = z.object({
  user_uid: z.string().min(1).max(200),
  username: z.string().max(254).optional(),
  role: roleSchema.default('Viewer'),
});

/** PUT /auth/users/{id} (Mis Datos): the full name. */
export const updateUserBodySchema = z.object({
  fullname: z.string().trim().min(1, { message: 'El nombre es obligatorio' }).max(200),
});

/**
 * PUT /users/{id} (Mi Perfil, and the buyer data saved at checkout). The
 * e-mail is read-only: sending a different one is refused (422 on `email`).
 */
export const updateProfileBodySchema = z.object({
  firstname: z.string().trim().min(1, { message: 'El nombre es obligatorio' }).max(100),
  lastname: z.string().trim().min(1, { message: 'El apellido es obligatorio' }).max(100),
  email: emailSchema.optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  address: z.string().trim().max(200).nullable().optional(),
  city: z.string().trim().max(100).nullable().optional(),
  state: z.string().trim().max(100).nullable().optional(),
  country: z.string().trim().length(2, { message: 'País inválido' }).optional(),
  nit: z.string().trim().max(20).nullable().optional(),
  zip: z.string().trim().max(20).nullable().optional(),
});

/** Field messages of the account calls that only the server can decide. */
export const PROFILE_MESSAGES = {
  emailReadOnly: 'El correo no se puede cambiar',
} as const;

/** The full profile (002 §3 user profile fields). */
export const profileSchema = sessionUserSchema.extend({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  nit: z.string().nullable(),
  zip: z.string().nullable(),
  emailVerified: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /auth/password/request: answers the same whether or not the e-mail exists. */
export const passwordRequestBodySchema = z.object({ email: emailSchema });
/** POST /auth/password/reset: a single-use token (1 hour) and the new password. */
export const passwordResetBodySchema = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});

export const verifyEmailParamsSchema = z.object({ token: z.string().min(10).max(200) });

/** The `{ message }` answers of the password and verification calls (002 §2.5, §8). */
export const ACCOUNT_MESSAGES = {
  passwordRequested: 'Solicitud enviada',
  passwordReset: 'Tu contraseña fue restablecida. Ya puedes iniciar sesión.',
  emailVerified: 'Tu correo fue verificado.',
} as const;

/** An order as the account pages list it (002 §3). Amounts are decimal currency units. */
export const accountOrderSchema = z.object({
  _id: z.string(),
  order_number: z.number().int().nullable(),
  createdAt: z.string(),
  status: z.string(),
  total: z.number(),
  currency: z.enum(['GTQ', 'USD']),
  tickets: z.array(
    z.object({
      _id: z.string(),
      show_name: z.string(),
      description: z.string().nullable(),
      quantity: z.number().int(),
    }),
  ),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

/** GET /cart/orders?user={id} or ?email=: only the caller's own orders. */
export const accountOrdersQuerySchema = z
  .object({ user: z.string().max(200).optional(), email: emailSchema.optional() })
  .refine((q) => q.user !== undefined || q.email !== undefined, {
    message: 'Indica user o email',
    path: ['user'],
  });

/**
 * Account calls (002 §7). Each acts only for the user proven by the caller's
 * session; another user's id answers 403 and changes nothing. Signup, login,
 * password requests and resets are rate-limited per IP and per account (429
 * with Retry-After).
 */
export const accountEndpoints = defineEndpoints('', {
  userExists: {
    method: 'POST',
    path: '/auth/users/exists',
    summary: '¿Existe una cuenta con este correo?',
    tags: ['accounts'],
    body: userExistsBodySchema,
    response: userExistsResponseSchema,
    status: 200,
    errors: ['VALIDATION_ERROR', 'RATE_LIMITED'],
  },
  createUser: {
    method: 'POST',
    path: '/auth/users',
    summary: 'Crea una cuenta de espectador e inicia su sesión',
    tags: ['accounts'],
    body: createUserBodySchema,
    response: loginResponseSchema,
    status: 201,
    errors: ['USER_ALREADY_EXISTS', 'FORBIDDEN', 'VALIDATION_ERROR', 'RATE_LIMITED'],
  },
  createViewer: {
    method: 'POST',
    path: '/viewers/viewers',
    summary: 'Crea (o devuelve) el espectador del usuario de la sesión',
    tags: ['accounts'],
    body: createViewerBodySchema,
    response: viewerRefSchema,
    status: 201,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'SESSION_EXPIRED'],
  },
  createSession: {
    method: 'POST',
    path: '/auth/sessions',
    summary: 'La sesión del usuario probado por la sesión actual',
    tags: ['accounts'],
    body: createSessionBodySchema,
    response: currentSessionSchema,
    status: 201,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'SESSION_EXPIRED'],
  },
  getViewerOfUser: {
    method: 'GET',
    path: '/viewers/user/:id',
    summary: 'El espectador de un usuario (solo el propio)',
    tags: ['accounts'],
    params: idParamsSchema,
    response: viewerRefSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'VIEWER_NOT_FOUND'],
  },
  updateUser: {
    method: 'PUT',
    path: '/auth/users/:id',
    summary: 'Cambia el nombre completo (Mis Datos)',
    tags: ['accounts'],
    params: idParamsSchema,
    body: updateUserBodySchema,
    response: profileSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'VALIDATION_ERROR'],
  },
  getProfile: {
    method: 'GET',
    path: '/users/:id',
    summary: 'El perfil propio',
    tags: ['accounts'],
    params: idParamsSchema,
    response: profileSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'FORBIDDEN'],
  },
  updateProfile: {
    method: 'PUT',
    path: '/users/:id',
    summary: 'Actualiza el perfil (Mi Perfil); el correo no cambia',
    tags: ['accounts'],
    params: idParamsSchema,
    body: updateProfileBodySchema,
    response: profileSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'VALIDATION_ERROR'],
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/auth/password/request',
    summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no)',
    tags: ['accounts'],
    body: passwordRequestBodySchema,
    response: messageResponseSchema,
    status: 200,
    errors: ['VALIDATION_ERROR', 'RATE_LIMITED'],
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/password/reset',
    summary: 'Restablece la contraseña con un token de un solo uso y cierra todas las sesiones',
    tags: ['accounts'],
    body: passwordResetBodySchema,
    response: messageResponseSchema,
    status: 200,
    errors: ['RESET_TOKEN_INVALID', 'VALIDATION_ERROR', 'RATE_LIMITED'],
  },
  verifyEmail: {
    method: 'GET',
    path: '/auth/email/verify/:token',
    summary: 'Verifica el correo con un token de un solo uso',
    tags: ['accounts'],
    params: verifyEmailParamsSchema,
    response: messageResponseSchema,
    status: 200,
    errors: ['VERIFY_TOKEN_INVALID', 'RATE_LIMITED'],
  },
  listAccountOrders: {
    method: 'GET',
    path: '/cart/orders',
    summary: 'Las órdenes propias (por usuario o correo)',
    tags: ['accounts'],
    query: accountOrdersQuerySchema,
    response: listOf(accountOrderSchema),
    status: 200,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'VALIDATION_ERROR'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type AccountEndpoints = typeof accountEndpoints;
