import { adminReportEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { RawBody, registerEndpoint } from '../../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../shared/admin.access.ts';
import type { AdminReportsService } from './admin-reports.service.ts';

/**
 * Sales reports in the organiser API, with the /admin guard of their own
 * (401, 440, 403 for a Viewer); another producer's show is a 404.
 */
export async function registerAdminReportRoutes(
  app: FastifyInstance,
  reports: AdminReportsService,
): Promise<void> {
  await registerOrganiserScope(app, async (admin) => {
    registerEndpoint(
      admin,
      adminReportEndpoints.getSalesReport,
      async ({ params, query }, request) => {
        const ctx = adminContext(request);
        if (query.format !== 'csv') return reports.sales(ctx, params.id, query);
        const file = await reports.salesCsv(ctx, params.id, query);
        return new RawBody('text/csv; charset=utf-8', file.body, {
          'content-disposition': `attachment; filename="${file.filename}"`,
          'cache-control': 'private, no-store',
        });
      },
    );
  });
}
