import { z } from 'zod';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { ROLES } from './roles.ts';

// The roles and cookie names hold no schema: the browser's shell reads them without zod
// (decision 0070).
export * from './roles.ts';

export const roleSchema = z.enum(ROLES);

/**
 * POST /auth/login (002 §7): `username` is the e-mail. `role` is the role the
 * session acts in and must be one of the user's roles. `forceLogin` ends the
 * user's other live sessions instead of answering 409.
 */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  role: roleSchema,
  forceLogin: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The user as the session carries it (002 §3); never the password hash. */
export const sessionUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  fullname: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string(),
  createdAt: z.string(),
  roles: z.array(roleSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * The session as the client holds it (002 §3: `_id`, `user_uid`, `username`),
 * plus the role it acts in and when it ends. The secret token is never in a
 * body: it travels only in the `sid` cookie (or the caller's Bearer header).
 */
export const sessionSchema = z.object({
  _id: z.string(),
  user_uid: z.string(),
  username: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const viewerRefSchema = z.object({ _id: z.string(), user_uid: z.string() });
export type ViewerRef = z.infer<typeof viewerRefSchema>;

export const loginResponseSchema = z.object({ user: sessionUserSchema, session: sessionSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /auth/session and PUT /auth/sessions/{id}/touch. */
export const currentSessionSchema = z.object({
  user: sessionUserSchema,
  session: sessionSchema,
  /** The user's viewer (buyers have one from signup); null for accounts without one. */
  viewer: viewerRefSchema.nullable(),
});
export type CurrentSession = z.infer<typeof currentSessionSchema>;

export const sessionParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * Session calls. A request carries its session in the `sid` cookie or in
 * `Authorization: Bearer <token>`; a session that expired or ended answers
 * 440 where a session is needed, and no session at all answers 401.
 */
export const authEndpoints = defineEndpoints('', {
  login: {
    method: 'POST',
    path: '/auth/login',
    summary: 'Inicia sesión con correo, contraseña y rol; entrega la cookie de sesión',
    tags: ['auth'],
    body: loginBodySchema,
    response: loginResponseSchema,
    status: 200,
    errors: ['INVALID_CREDENTIALS', 'SESSION_ALREADY_ACTIVE', 'VALIDATION_ERROR', 'RATE_LIMITED'],
  },
  getSession: {
    method: 'GET',
    path: '/auth/session',
    summary: 'La sesión actual con su usuario y espectador',
    tags: ['auth'],
    response: currentSessionSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'SESSION_EXPIRED'],
  },
  touchSession: {
    method: 'PUT',
    path: '/auth/sessions/:id/touch',
    summary: 'Extiende la sesión propia; 440 si ya expiró',
    tags: ['auth'],
    params: sessionParamsSchema,
    response: currentSessionSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'SESSION_EXPIRED'],
  },
  logout: {
    method: 'PUT',
    path: '/auth/sessions/:id/logout',
    summary: 'Cierra la sesión propia y borra la cookie; 400 si ya había terminado',
    tags: ['auth'],
    params: sessionParamsSchema,
    response: sessionSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'SESSION_ENDED'],
  },
} as const satisfies Record<string, EndpointDefinition>);

export type AuthEndpoints = typeof authEndpoints;
