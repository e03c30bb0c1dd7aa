import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { PreSerialized, registerEndpoint } from '../../plugins/routes.ts';
import type { ShowsService } from './shows.service.ts';

export function registerShowRoutes(
  app: FastifyInstance,
  deps: { shows: ShowsService; cache: CatalogueCache },
): void {
  const { shows, cache } = deps;
  registerEndpoint(app, endpoints.listShows, async ({ query }) => {
    const json = await cache.getJson(`shows:${JSON.stringify(query)}`, () =>
      shows.listShows(query),
    );
    return new PreSerialized(json);
  });
  registerEndpoint(app, endpoints.getShow, async ({ params }) => {
    const json = await cache.getJson(`show:${params.id}`, () => shows.getShow(params.id));
    return new PreSerialized(json);
  });
}
