import { adminAuditEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../shared/admin.access.ts';
import type { AdminAuditService } from './admin-audit.service.ts';
import { assertAdmin } from '../accounts/admin-users.service.ts';

/**
 * The audit log, for admins only: the organiser guard and then "role is
 * Admin" both run on request, so a Producer gets 403 before anything is read.
 */
export async function registerAdminAuditRoutes(
  app: FastifyInstance,
  audit: AdminAuditService,
): Promise<void> {
  await registerOrganiserScope(app, async (admin) => {
    admin.addHook('onRequest', async (request) => {
      assertAdmin(adminContext(request));
    });
    registerEndpoint(admin, adminAuditEndpoints.listAuditLog, async ({ query }, request) =>
      audit.list(adminContext(request), query),
    );
  });
}
