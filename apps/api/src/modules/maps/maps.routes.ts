import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { PreSerialized, registerEndpoint } from '../../plugins/routes.ts';
import type { MapsService } from './maps.service.ts';

export function registerMapRoutes(app: FastifyInstance, deps: { maps: MapsService }): void {
  const { maps } = deps;
  registerEndpoint(app, endpoints.getShowMap, ({ params }) => maps.getShowMap(params.id));
  // Seat states are never cached: a seat picked a moment ago must show so.
  registerEndpoint(app, endpoints.getSeatStates, async ({ params, body }) => {
    return new PreSerialized(await maps.getSeatStatesJson(params.id, body));
  });
}
