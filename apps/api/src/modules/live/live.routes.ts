import { adminLiveEndpoints, liveEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../admin/shared/admin.access.ts';
import type { LiveChannelsService } from './live-channels.service.ts';
import type { LiveEventsService } from './live-events.service.ts';

/**
 * Browsers and CDNs may keep a channel's status as long as the in-process
 * cache does: the player polls every 10 s (001 §4), so a change shows within
 * one or two polls.
 */
const CHANNEL_CACHE_CONTROL = 'public, max-age=5';

/** The public reads of live control and live channels, and their organiser API. */
export async function registerLiveRoutes(
  app: FastifyInstance,
  deps: { events: LiveEventsService; channels: LiveChannelsService; cache: CatalogueCache },
): Promise<void> {
  const { events, channels, cache } = deps;
  const pub = liveEndpoints;
  // Every player of a show asks this on load: cached like the catalogue, and
  // cleared on every instance by each event (writeCatalogue).
  registerEndpoint(app, pub.getCurrentShowEvent, ({ params }) =>
    cache.getEncoded(`live-state:${params.id}`, () => events.current(params.id)),
  );
  registerEndpoint(app, pub.getLiveChannel, async ({ params }, _request, reply) => {
    const answer = await cache.getEncoded(`live-channel:${params.channelId}`, () =>
      channels.publicStatus(params.channelId),
    );
    reply.header('cache-control', CHANNEL_CACHE_CONTROL);
    return answer;
  });

  // The organiser API, with the /admin guard of its own (401, 440, 403) before the body is parsed.
  await registerOrganiserScope(app, async (admin) => {
    const e = adminLiveEndpoints;
    registerEndpoint(admin, e.createShowEvent, async ({ params, body }, request) =>
      events.send(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, e.createLiveChannel, async ({ body }, request) =>
      channels.create(adminContext(request), body),
    );
    registerEndpoint(admin, e.listLiveChannels, async (_input, request) =>
      channels.list(adminContext(request)),
    );
    registerEndpoint(admin, e.updateLiveChannel, async ({ params, body }, request) =>
      channels.update(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, e.deleteLiveChannel, async ({ params }, request) =>
      channels.remove(adminContext(request), params.id),
    );
  });
}
