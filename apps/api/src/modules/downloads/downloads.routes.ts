import { CART_SESSION_COOKIE, adminDownloadEndpoints, downloadEndpoints } from '@taquilla/contract';
import type { DownloadRedeemQuery } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { openApiOperation, redirectResponse } from '../../plugins/openapi.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../admin/shared/admin.access.ts';
import type { DownloadsService } from './downloads.service.ts';

/**
 * GET /etickets/downloads/redeem, registered by hand: a link (a navigation)
 * gets a 302 to the file, while a caller asking for JSON (the page's own call
 * on a click, 001 §7) gets `{ file }` and fetches nothing more. A redirect
 * followed by fetch() would download the whole file a second time.
 */
function registerRedeem(app: FastifyInstance, downloads: DownloadsService): void {
  const endpoint = downloadEndpoints.redeemDownload;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...openApiOperation(endpoint, 'optional'),
      ...redirectResponse(
        'Descarga contada: redirige al archivo (a un enlace, sin Accept: application/json)',
        'El archivo: una ruta de este sitio o una dirección de este sitio o de su almacenamiento',
      ),
      querystring: endpoint.query,
      response: { [endpoint.status]: endpoint.response },
    },
    handler: async (request, reply) => {
      const { filename } = request.query as DownloadRedeemQuery;
      const { location } = await downloads.redeem(filename, {
        userId: request.auth?.userId ?? null,
        browserSession: request.cookies[CART_SESSION_COOKIE]?.slice(0, 200) ?? null,
        ip: request.ip,
      });
      reply.header('cache-control', 'no-store');
      if ((request.headers.accept ?? '').includes('application/json')) {
        return reply.status(endpoint.status).send({ file: location });
      }
      return reply.redirect(location, 302);
    },
  });
}

export async function registerDownloadRoutes(
  app: FastifyInstance,
  deps: { downloads: DownloadsService },
): Promise<void> {
  registerRedeem(app, deps.downloads);
  // The console's counts, with the /admin guard (401, 440, 403 for a Viewer).
  await registerOrganiserScope(app, (admin) => {
    registerEndpoint(admin, adminDownloadEndpoints.listShowDownloads, ({ params }, request) =>
      deps.downloads.countsOfShow(adminContext(request), params.id),
    );
  });
}
