import { ROLES, activationEndpoints } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireRole } from '../../plugins/auth.ts';
import { WithStatus, registerEndpoint } from '../../plugins/routes.ts';
import type { ViewerPurchaseService } from './activation.purchase.ts';
import type { ActivationCaller, ActivationService } from './activation.service.ts';

/** Any live session (401 without one, 440 for an expired one); the viewer is checked by the service. */
function callerOf(request: FastifyRequest): ActivationCaller {
  const auth = requireRole(request, ROLES);
  return { userId: auth.userId, viewerId: auth.viewerId, ip: request.ip };
}

export async function registerActivationRoutes(
  app: FastifyInstance,
  deps: { activation: ActivationService; purchases: ViewerPurchaseService },
): Promise<void> {
  const e = activationEndpoints;
  await app.register(async (scope) => {
    // On request: an anonymous caller learns nothing from the validation of the path or body.
    scope.addHook('onRequest', async (request) => {
      callerOf(request);
    });
    registerEndpoint(scope, e.activateCode, ({ params, body }, request) =>
      deps.activation.activateCode(callerOf(request), params.viewerId, params.code, body),
    );
    registerEndpoint(scope, e.listViewerShows, ({ params }, request) =>
      deps.activation.listViewerShows(callerOf(request), params.viewerId),
    );
    registerEndpoint(scope, e.getViewerShow, ({ params }, request) =>
      deps.activation.getViewerShow(callerOf(request), params.viewerId, params.showId),
    );
    registerEndpoint(scope, e.buyForViewer, async ({ params, body }, request) => {
      const answer = await deps.purchases.buyForViewer(
        callerOf(request),
        params.viewerId,
        params.showId,
        body,
      );
      return answer.status === 200 ? answer.body : new WithStatus(answer.status, answer.body);
    });
  });
}
