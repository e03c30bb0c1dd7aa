import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { ShowsService } from './shows.service.ts';

export function registerShowRoutes(app: FastifyInstance, shows: ShowsService): void {
  registerEndpoint(app, endpoints.listShows, ({ query }) => shows.listShows(query));
  registerEndpoint(app, endpoints.getShow, ({ params }) => shows.getShow(params.id));
}
