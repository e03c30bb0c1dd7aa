import { adminCheckinEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors.ts';
import { registerEndpoint } from '../../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../shared/admin.access.ts';
import type { AdminCheckinService } from './admin-checkin.service.ts';

/**
 * The door check-in in the organiser API, with the /admin guard of its own
 * (401, 440, 403 for a Viewer) before the body is parsed.
 */
export async function registerAdminCheckinRoutes(
  app: FastifyInstance,
  checkins: AdminCheckinService,
): Promise<void> {
  await registerOrganiserScope(app, async (admin) => {
    const e = adminCheckinEndpoints;
    registerEndpoint(admin, e.checkIn, async ({ body }, request) => {
      const ctx = adminContext(request);
      // The guard above has a live session; the attempts are counted per session.
      if (!request.auth) throw new AppError('UNAUTHORIZED');
      return checkins.checkIn(ctx, request.auth.sessionId, body);
    });
    registerEndpoint(admin, e.getAttendance, async ({ params }, request) =>
      checkins.attendance(adminContext(request), params.id),
    );
  });
}
