import { playerEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { GeoLocator } from './geo.lookup.ts';

/**
 * GET /geo: the caller's address as the gateway sees it (`request.ip`: the
 * socket's peer, or the client named by X-Forwarded-For only through the
 * TRUST_PROXY_HOPS proxies the deployment trusts), located offline.
 */
export function registerGeoRoutes(app: FastifyInstance, deps: { geo: GeoLocator }): void {
  registerEndpoint(app, playerEndpoints.getGeo, async (_input, request, reply) => {
    // One person's location: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return deps.geo.locate(request.ip);
  });
}
