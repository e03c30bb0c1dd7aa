import { accountEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import { accountCaller } from './account.access.ts';
import type { ProfileService } from './profile.service.ts';

/** Mis Datos and Mi Perfil: every route needs a live session. */
export async function registerProfileRoutes(
  app: FastifyInstance,
  deps: { profile: ProfileService },
): Promise<void> {
  const { profile } = deps;
  const e = accountEndpoints;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      accountCaller(request);
    });
    registerEndpoint(scope, e.getProfile, async ({ params }, request) =>
      profile.get(accountCaller(request), params.id),
    );
    registerEndpoint(scope, e.updateUser, async ({ params, body }, request) =>
      profile.updateFullname(accountCaller(request), params.id, body.fullname),
    );
    registerEndpoint(scope, e.updateProfile, async ({ params, body }, request) =>
      profile.update(accountCaller(request), params.id, body),
    );
  });
}
