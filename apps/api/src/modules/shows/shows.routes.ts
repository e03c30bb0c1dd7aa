import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { ShowChannelsService } from './show-channels.service.ts';
import type { ShowsService } from './shows.service.ts';

export function registerShowRoutes(
  app: FastifyInstance,
  deps: { shows: ShowsService; channels: ShowChannelsService; cache: CatalogueCache },
): void {
  const { shows, channels, cache } = deps;
  registerEndpoint(app, endpoints.listShows, ({ query }) =>
    cache.getEncoded(`shows:${JSON.stringify(query)}`, () => shows.listShows(query)),
  );
  registerEndpoint(app, endpoints.getShow, ({ params }) =>
    cache.getEncoded(`show:${params.id}`, () => shows.getShow(params.id)),
  );
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
    return cache.getEncoded(`channel:${params.id}`, () => channels.getShowChannel(input));
  });
}
