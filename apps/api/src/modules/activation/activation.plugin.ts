import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createViewerPurchaseService } from './activation.purchase.ts';
import { registerActivationRoutes } from './activation.routes.ts';
import { createActivationService } from './activation.service.ts';

/** Ticket activation, the viewer-show read and the older viewer purchase, at the composition root. */
export async function registerActivation(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: () => Date;
    cart: Pick<CartService, 'addItems' | 'reset'>;
    orders: Pick<OrdersService, 'create'>;
  },
): Promise<void> {
  await registerActivationRoutes(app, {
    activation: createActivationService({
      db: deps.db,
      clock: deps.clock,
      rateLimiter: app.rateLimiter,
    }),
    purchases: createViewerPurchaseService(deps),
  });
}
