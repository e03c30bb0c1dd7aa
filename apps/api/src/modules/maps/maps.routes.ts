import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { PreSerialized, registerEndpoint } from '../../plugins/routes.ts';
import type { MapsService } from './maps.service.ts';

export function registerMapRoutes(app: FastifyInstance, deps: { maps: MapsService }): void {
  const { maps } = deps;
  registerEndpoint(app, endpoints.getShowMap, ({ params }) => maps.getShowMap(params.id));
  // Seat states come from a snapshot renewed by every announced seat change.
  registerEndpoint(app, endpoints.getSeatStates, async ({ params, body }) => {
    const answer = await maps.getSeatStates(params.id, body);
    return typeof answer === 'string' ? new PreSerialized(answer) : answer;
  });
}
