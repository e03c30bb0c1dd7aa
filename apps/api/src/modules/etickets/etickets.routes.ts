import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { openApiOperation } from '../../plugins/openapi.ts';
import type { RateLimitRule } from '../../plugins/rate-limit.ts';
import { eticketsEndpoints } from '@taquilla/contract';
import { drawTicketQr } from './etickets.qr.ts';

/**
 * The image answers for a year and never changes: the same code and colour
 * always draw the same PNG, so browsers, the CDN and mail clients keep it.
 */
const QR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Drawings per address and minute (decision 0050). Nothing is looked up, so
 * there is nothing to guess; the budget caps the CPU one script can spend on
 * drawing. A ticket page shows a handful and caches them for a year.
 */
export const QR_DRAWINGS: RateLimitRule = { limit: 300, windowSeconds: 60 };

/**
 * GET /etickets/qr/:code. Registered by hand rather than through
 * registerEndpoint, which answers JSON only; the contract entry still gives
 * the schemas, the operation id and the documented errors.
 *
 * Any well-formed code draws, issued or not: the image carries nothing but
 * the code the caller already typed into the URL, so looking it up would
 * reveal nothing to protect and would only cost a query per image. It would
 * also make the answer depend on the database, which an immutable cache
 * entry cannot. A malformed code answers 404 TICKET_CODE_NOT_FOUND, as the
 * contract's `paramNotFound` says; a bad colour answers 422.
 */
export function registerETicketRoutes(app: FastifyInstance): void {
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
      await app.rateLimiter.consume([{ key: `qr:ip:${request.ip}`, rule: QR_DRAWINGS }]);
      const { code } = request.params as z.output<typeof endpoint.params>;
      const { color } = request.query as z.output<typeof endpoint.query>;
      const png = drawTicketQr(code, color);
      return reply.header('cache-control', QR_CACHE_CONTROL).type(endpoint.mediaType).send(png);
    },
  });
}
