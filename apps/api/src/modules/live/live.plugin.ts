import type { FastifyInstance } from 'fastify';
import type { PlatformDeps } from '../../infra/platform.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { publishRealtime } from '../../plugins/realtime-hub.ts';
import { createLiveChannelsService } from './live-channels.service.ts';
import { createLiveEventsService } from './live-events.service.ts';
import { registerLiveRoutes } from './live.routes.ts';
import { registerLiveWebhookRoutes } from './live-webhooks.routes.ts';
import { createLiveWebhooks } from './live-webhooks.service.ts';
import { owncastWebhookUrl } from './live-webhooks.signature.ts';

/**
 * Live control and live channels at the composition root
 * (docs/decisions/0024-live-control.md). Events reach the realtime fan-out
 * through Redis directly, so this needs no hub of its own; the webhook routes
 * exist only with LIVE_WEBHOOK_SECRET.
 */
export async function registerLive(
  app: FastifyInstance,
  deps: PlatformDeps & { cache: CatalogueCache },
): Promise<void> {
  const { config } = deps;
  const secret = config.LIVE_WEBHOOK_SECRET ?? null;
  const adminDeps = { db: deps.db, clock: deps.clock, cache: deps.cache, log: app.log };
  const events = createLiveEventsService({
    ...adminDeps,
    publish: (channel, data) => publishRealtime(deps.redis, deps.namespace, channel, data),
  });
  const channels = createLiveChannelsService({
    ...adminDeps,
    owncastUrl: (id) => (secret ? owncastWebhookUrl(config.PUBLIC_URL, secret, id) : null),
  });
  await registerLiveRoutes(app, { events, channels, cache: deps.cache });
  if (secret) {
    const webhooks = createLiveWebhooks({
      secret,
      redis: deps.redis,
      namespace: deps.namespace,
      clock: deps.clock,
      channels,
    });
    await registerLiveWebhookRoutes(app, webhooks);
  } else {
    app.log.debug('LIVE_WEBHOOK_SECRET not set: no media server webhooks');
  }
}
