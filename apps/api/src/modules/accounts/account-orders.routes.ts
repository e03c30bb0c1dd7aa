import { accountEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import { accountCaller } from './account.access.ts';
import type { AccountOrdersService } from './account-orders.service.ts';

export async function registerAccountOrderRoutes(
  app: FastifyInstance,
  deps: { orders: AccountOrdersService },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      accountCaller(request);
    });
    registerEndpoint(scope, accountEndpoints.listAccountOrders, async ({ query }, request) =>
      deps.orders.list(accountCaller(request), query),
    );
  });
}
