import { ORGANISER_ROLES } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import { requireRole } from '../../../plugins/auth.ts';
import { findShowInScope } from './admin-shows.repo.ts';

/** Who may use the organiser API: an admin (everything) or a producer (its own shows). */
export type Organiser =
  { userId: string; role: 'Admin' } | { userId: string; role: 'Producer'; producerId: string };

/** What every organiser service call gets first: the actor, and the request's address for the audit log. */
export interface AdminContext {
  actor: Organiser;
  ip: string | null;
}

/**
 * 401 without a session, 440 for an ended one, 403 for a Viewer (and for a
 * producer account not linked to any producer, which could manage nothing).
 */
export function adminContext(request: FastifyRequest): AdminContext {
  const auth = requireRole(request, ORGANISER_ROLES);
  if (auth.role === 'Admin')
    return { actor: { userId: auth.userId, role: 'Admin' }, ip: request.ip };
  if (!auth.producerId) throw new AppError('FORBIDDEN');
  return {
    actor: { userId: auth.userId, role: 'Producer', producerId: auth.producerId },
    ip: request.ip,
  };
}

/**
 * Registers organiser routes in a scope of their own, whose guard (401, 440, 403,
 * as `adminContext`) runs on request: before a body is parsed or validated.
 */
export async function registerOrganiserScope(
  app: FastifyInstance,
  routes: (admin: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      adminContext(request);
    });
    await routes(admin);
  });
}

/**
 * The shows an actor may see. A producer asking for another producer's show
 * finds nothing (404), so ids of other organisers' shows are never confirmed.
 */
export function showScope(actor: Organiser): Prisma.ShowWhereInput {
  return actor.role === 'Admin' ? {} : { producerId: actor.producerId };
}

/** A show the actor may manage; SHOW_NOT_FOUND (404) otherwise, as for every organiser id. */
export async function ownShow(db: Db | Tx, ctx: AdminContext, id: string) {
  const show = await findShowInScope(db, showScope(ctx.actor), id);
  if (!show) throw new AppError('SHOW_NOT_FOUND');
  return show;
}
