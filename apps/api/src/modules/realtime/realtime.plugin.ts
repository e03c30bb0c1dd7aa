import type { FastifyInstance } from 'fastify';
import { derivedSecret } from '../../config.ts';
import type { PlatformDeps } from '../../infra/platform.ts';
import { RealtimeHub } from '../../plugins/realtime-hub.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createChatAdminService } from '../chat/chat-admin.service.ts';
import { createChatLinkService } from '../chat/chat-link.service.ts';
import { createParticipantResolver } from '../chat/chat-participant.ts';
import { registerChatRoutes } from '../chat/chat.routes.ts';
import { createChatService } from '../chat/chat.service.ts';
import type { DeviceStore } from '../devices/device-store.ts';
import { createDevicesService } from '../devices/devices.service.ts';
import type { WatchAccess } from '../player/player.service.ts';
import type { ViewerTokens } from '../player/viewer-token.ts';
import { createPollsAdminService } from '../polls/polls-admin.service.ts';
import { registerPollRoutes } from '../polls/polls.routes.ts';
import { createPollsService } from '../polls/polls.service.ts';
import { createChannelAccess } from './realtime.access.ts';
import { createRevocableSockets } from './realtime.revocations.ts';
import type { RevocableSockets } from './realtime.revocations.ts';
import { createAddressConnections } from './realtime.limits.ts';
import { createChannelLookups } from './realtime.unknown-channels.ts';
import { registerRealtimeRoutes } from './realtime.routes.ts';
import { createSessionSockets } from './realtime.sessions.ts';
import type { SessionSockets } from './realtime.sessions.ts';

/** Windows of the shared per-address budgets (decision 0063); the limits are settings. */
const CHAT_ADDRESS_WINDOW_SECONDS = 10;
const POLL_ADDRESS_WINDOW_SECONDS = 60;
const UNKNOWN_CHANNELS_WINDOW_SECONDS = 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sockets by the session that authenticated them (decision 0052). */
    realtimeSessions: SessionSockets;
    /** This instance's sockets watching with a ticket, by viewer and show (decision 0064). */
    realtimeAccess: RevocableSockets;
  }
}

/**
 * The realtime hub and what travels on it, at the composition root (ARCHITECTURE §5;
 * decisions 0022, 0026): the hub with its cross-instance fan-out, the channels'
 * authorisation, the chat (with the mobile chat link and the organisers' moderation),
 * polls, and one device per code with presence.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: PlatformDeps & {
    auth: AuthService;
    watch: WatchAccess;
    viewerTokens: ViewerTokens;
    deviceStore: DeviceStore;
  },
): Promise<void> {
  const { config, db, clock, watch, viewerTokens, deviceStore } = deps;
  const hub = new RealtimeHub(deps.redis, deps.namespace, app.log);
  app.decorate('realtime', hub);
  app.addHook('onClose', () => hub.close());
  // A session that ends closes its sockets on every instance (decision 0052).
  const sessions = createSessionSockets({
    hub,
    db,
    clock,
    log: app.log,
    sweepMs: config.REALTIME_SESSION_SWEEP_SECONDS * 1000,
  });
  await sessions.start();
  app.decorate('realtimeSessions', sessions);
  app.addHook('onClose', () => sessions.close());
  // A cancel or refund closes the sockets its voided tickets watch with (decision 0064).
  const revocations = createRevocableSockets({
    hub,
    db,
    log: app.log,
    sweepMs: config.REALTIME_ACCESS_SWEEP_SECONDS * 1000,
  });
  await revocations.start();
  app.decorate('realtimeAccess', revocations);
  app.addHook('onClose', () => revocations.close());
  const publish = (channel: string, data: unknown) => hub.publish(channel, data);
  const log = app.log;

  const chat = createChatService({
    db,
    clock,
    redis: deps.redis,
    namespace: deps.namespace,
    rateLimiter: app.rateLimiter,
    messagesPerAddress: {
      limit: config.CHAT_MESSAGES_PER_IP,
      windowSeconds: CHAT_ADDRESS_WINDOW_SECONDS,
    },
    publish,
    log,
  });
  const participants = createParticipantResolver({ db, watch, viewerTokens });
  const polls = createPollsService({
    db,
    clock,
    publish,
    log,
    participants,
    rateLimiter: app.rateLimiter,
    answersPerAddress: {
      limit: config.POLL_ANSWERS_PER_IP,
      windowSeconds: POLL_ADDRESS_WINDOW_SECONDS,
    },
  });
  app.addHook('onClose', async () => polls.close());
  const links = createChatLinkService({
    db,
    clock,
    watch,
    secret: config.CHAT_LINK_SECRET ?? derivedSecret(config, 'taquilla:chat-link:'),
    rateLimiter: app.rateLimiter,
  });

  await registerChatRoutes(app, {
    admin: createChatAdminService({ db, clock, chat, devices: deviceStore, publish, log }),
    links,
  });
  await registerPollRoutes(app, {
    polls,
    admin: createPollsAdminService({ db, clock, publish, log }),
  });
  await registerRealtimeRoutes(app, {
    db,
    clock,
    hub,
    access: createChannelAccess({
      db,
      watch,
      lookups: createChannelLookups({
        db,
        rateLimiter: app.rateLimiter,
        unknownPerAddress: {
          limit: config.REALTIME_UNKNOWN_CHANNELS_PER_IP,
          windowSeconds: UNKNOWN_CHANNELS_WINDOW_SECONDS,
        },
      }),
    }),
    chat,
    polls,
    links,
    devices: createDevicesService({ db, clock, store: deviceStore }),
    deviceStore,
    auth: deps.auth,
    sessions,
    revocations,
    viewerTokens,
    connections: createAddressConnections(config.REALTIME_CONNECTIONS_PER_IP),
    actions: {
      burst: config.REALTIME_ACTIONS_BURST,
      perSecond: config.REALTIME_ACTIONS_PER_SECOND,
    },
  });
}
