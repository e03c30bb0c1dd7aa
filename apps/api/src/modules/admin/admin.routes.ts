import {
  adminEndpoints,
  adminMapEndpoints,
  adminPromoCodeEndpoints,
  adminUserEndpoints,
} from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from './shared/admin.access.ts';
import type { AdminMapsService } from './maps/admin-maps.service.ts';
import { registerAdminOrderRoutes } from './orders/admin-orders.routes.ts';
import type { AdminOrdersService } from './orders/admin-orders.service.ts';
import type { AdminPromoCodesService } from './promo/admin-promo-codes.service.ts';
import type { AdminShowsService } from './shows/admin-shows.service.ts';
import type { AdminTicketsService } from './tickets/admin-tickets.service.ts';
import { assertAdmin } from './accounts/admin-users.service.ts';
import type { AdminUsersService } from './accounts/admin-users.service.ts';

/**
 * The organiser API under /admin. The guard runs on every route before the
 * body is even parsed (a Viewer gets 403, not a 422 about its body); the
 * services then check which shows the caller may touch. Accounts and
 * producers are for admins only: their guard also runs before the body.
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  deps: {
    shows: AdminShowsService;
    tickets: AdminTicketsService;
    maps: AdminMapsService;
    users: AdminUsersService;
    promoCodes: AdminPromoCodesService;
    orders: AdminOrdersService;
  },
): Promise<void> {
  const { shows, tickets, maps, users, promoCodes } = deps;
  await registerOrganiserScope(app, async (admin) => {
    const e = adminEndpoints;

    registerEndpoint(admin, e.createShow, async ({ body }, request) =>
      shows.create(adminContext(request), body),
    );
    registerEndpoint(admin, e.listShows, async ({ query }, request) =>
      shows.list(adminContext(request), query),
    );
    registerEndpoint(admin, e.getShow, async ({ params }, request) =>
      shows.get(adminContext(request), params.id),
    );
    registerEndpoint(admin, e.updateShow, async ({ params, body }, request) =>
      shows.update(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, e.deleteShow, async ({ params }, request) =>
      shows.remove(adminContext(request), params.id),
    );
    registerEndpoint(admin, e.setShowStatus, async ({ params, body }, request) =>
      shows.setStatus(adminContext(request), params.id, body.status),
    );

    registerEndpoint(admin, e.listTickets, async ({ params }, request) =>
      tickets.list(adminContext(request), params.id),
    );
    registerEndpoint(admin, e.createTicket, async ({ params, body }, request) =>
      tickets.create(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, e.updateTicket, async ({ params, body }, request) =>
      tickets.update(adminContext(request), params.id, params.ticketId, body),
    );
    registerEndpoint(admin, e.deleteTicket, async ({ params }, request) =>
      tickets.remove(adminContext(request), params.id, params.ticketId),
    );

    registerEndpoint(admin, e.replaceMap, async ({ params, body }, request) =>
      maps.replace(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, adminMapEndpoints.getMap, async ({ params }, request) =>
      maps.get(adminContext(request), params.id),
    );

    const p = adminPromoCodeEndpoints;
    registerEndpoint(admin, p.createPromoCode, async ({ body }, request) =>
      promoCodes.create(adminContext(request), body),
    );
    registerEndpoint(admin, p.listPromoCodes, async ({ query }, request) =>
      promoCodes.list(adminContext(request), query),
    );
    registerEndpoint(admin, p.getPromoCode, async ({ params }, request) =>
      promoCodes.get(adminContext(request), params.id),
    );
    registerEndpoint(admin, p.updatePromoCode, async ({ params, body }, request) =>
      promoCodes.update(adminContext(request), params.id, body),
    );

    registerAdminOrderRoutes(admin, deps.orders);

    await admin.register(async (adminOnly) => {
      adminOnly.addHook('onRequest', async (request) => {
        assertAdmin(adminContext(request));
      });
      const u = adminUserEndpoints;
      registerEndpoint(adminOnly, u.createUser, async ({ body }, request) =>
        users.create(adminContext(request), body),
      );
      registerEndpoint(adminOnly, u.listUsers, async ({ query }, request) =>
        users.list(adminContext(request), query),
      );
      registerEndpoint(adminOnly, u.listProducers, async (_input, request) =>
        users.listProducers(adminContext(request)),
      );
      registerEndpoint(adminOnly, u.updateProducer, async ({ params, body }, request) =>
        users.updateProducer(adminContext(request), params.id, body),
      );
    });
  });
}
