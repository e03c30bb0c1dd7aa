import { adminAccessCodeEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { RawBody, registerEndpoint } from '../../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../shared/admin.access.ts';
import type { AdminAccessCodesService } from './admin-access-codes.service.ts';

/**
 * Access codes in the organiser API, with the /admin guard of their own
 * (401, 440, 403 for a Viewer) before the body is parsed.
 */
export async function registerAdminAccessCodeRoutes(
  app: FastifyInstance,
  codes: AdminAccessCodesService,
): Promise<void> {
  await registerOrganiserScope(app, async (admin) => {
    const e = adminAccessCodeEndpoints;
    registerEndpoint(admin, e.createAccessCodes, async ({ params, body }, request) =>
      codes.create(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, e.listAccessCodes, async ({ params, query }, request) => {
      const ctx = adminContext(request);
      if (query.format !== 'csv') return codes.list(ctx, params.id, query);
      const file = await codes.csv(ctx, params.id);
      return new RawBody('text/csv; charset=utf-8', file.body, {
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'private, no-store',
      });
    });
  });
}
