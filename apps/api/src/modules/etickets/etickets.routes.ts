import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { openApiOperation } from '../../plugins/openapi.ts';
import { eticketsEndpoints } from '@taquilla/contract';
import type { TicketQrImages } from './etickets.qr-images.ts';

/**
 * The image answers for a year and never changes: the same code and colour
 * always draw the same PNG, so browsers, the CDN and mail clients keep it.
 */
const QR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GET /etickets/qr/:code. Registered by hand rather than through
 * registerEndpoint, which answers JSON only; the contract entry still gives
 * the schemas, the operation id and the documented errors.
 *
 * Only an issued code draws (decision 0055): a malformed code, or one nobody
 * was issued, answers 404 TICKET_CODE_NOT_FOUND, as the contract says; a bad
 * colour answers 422. An image already cached stays valid: it carries nothing
 * but the code, and the door refuses a voided code whatever its picture.
 */
export function registerETicketRoutes(
  app: FastifyInstance,
  deps: { images: TicketQrImages },
): void {
  const endpoint = eticketsEndpoints.getTicketQr;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { public: true, paramNotFound: endpoint.paramNotFound },
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...openApiOperation(endpoint, 'none'),
      params: endpoint.params,
      querystring: endpoint.query,
      response: {
        [endpoint.status]: {
          description: 'PNG del código QR: codifica solo el código de 6 caracteres, en mayúsculas',
          content: { [endpoint.mediaType]: { schema: endpoint.response } },
        },
      },
    },
    handler: async (request, reply) => {
      const { code } = request.params as z.output<typeof endpoint.params>;
      const { color } = request.query as z.output<typeof endpoint.query>;
      const png = await deps.images.draw(request.ip, code, color);
      return reply.header('cache-control', QR_CACHE_CONTROL).type(endpoint.mediaType).send(png);
    },
  });
}
