import { ROLES } from '@taquilla/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireRole } from '../../plugins/auth.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/**
 * The caller of an account call: any role, as long as the session is live
 * (401 without one, 440 for an expired or ended one). Account routes run it
 * on request, so an anonymous caller learns nothing from body validation.
 */
export function accountCaller(request: FastifyRequest): AuthContext {
  return requireRole(request, ROLES);
}

/**
 * Account calls act only for the session's own user (ARCHITECTURE §7): an id
 * in a path, a query or a body (`user_uid`) that names anyone else answers 403
 * before anything is read or written, whether or not that user exists.
 */
export function assertOwnUser(caller: AuthContext, userId: string): void {
  if (caller.userId !== userId) throw new AppError('FORBIDDEN');
}
