import { adminOrderEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../plugins/routes.ts';
import { adminContext } from '../shared/admin.access.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';

/** The organiser's orders, inside the /admin scope (its guard has already run). */
export function registerAdminOrderRoutes(admin: FastifyInstance, orders: AdminOrdersService): void {
  const e = adminOrderEndpoints;
  registerEndpoint(admin, e.listOrders, async ({ query }, request) =>
    orders.list(adminContext(request), query),
  );
  registerEndpoint(admin, e.getOrder, async ({ params }, request) =>
    orders.get(adminContext(request), params.id),
  );
  registerEndpoint(admin, e.confirmDeposit, async ({ params }, request) =>
    orders.confirmDeposit(adminContext(request), params.id),
  );
  registerEndpoint(admin, e.rejectDeposit, async ({ params, body }, request) =>
    orders.rejectDeposit(adminContext(request), params.id, body.reason),
  );
  registerEndpoint(admin, e.cancelOrder, async ({ params, body }, request) =>
    orders.cancel(adminContext(request), params.id, body.reason),
  );
  registerEndpoint(admin, e.refundOrder, async ({ params, body }, request) =>
    orders.refund(adminContext(request), params.id, body.reason),
  );
  registerEndpoint(admin, e.resendOrderTickets, async ({ params }, request) =>
    orders.resendTickets(adminContext(request), params.id),
  );
}
