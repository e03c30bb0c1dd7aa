import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { PreSerialized, registerEndpoint } from '../../plugins/routes.ts';
import type { ShowChannelsService } from './show-channels.service.ts';
import type { ShowsService } from './shows.service.ts';

export function registerShowRoutes(
  app: FastifyInstance,
  deps: { shows: ShowsService; channels: ShowChannelsService; cache: CatalogueCache },
): void {
  const { shows, channels, cache } = deps;
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
  registerEndpoint(app, endpoints.getShowChannel, async ({ params, query }, request) => {
    const input = {
      idOrPath: params.id,
      viewerId: query.viewer ?? null,
      // The session (plugins/auth.ts); absent or anonymous means no viewer of one's own.
      callerViewerId: request.auth?.viewerId ?? null,
    };
    // A viewer's access is private: only the anonymous answer is shared through the
    // cache (docs/decisions/0008-ticket-availability.md).
    if (input.viewerId !== null) return channels.getShowChannel(input);
    const json = await cache.getJson(`channel:${params.id}`, () => channels.getShowChannel(input));
    return new PreSerialized(json);
  });
}
