import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './infra/db.ts';
import { loggerOptions } from './logger.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createShowsService } from './modules/shows/shows.service.ts';
import { registerShowRoutes } from './modules/shows/shows.routes.ts';
import { createShowChannelsService } from './modules/shows/show-channels.service.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { registerTicketRoutes } from './modules/tickets/tickets.routes.ts';
import { createMapsService } from './modules/maps/maps.service.ts';
import { registerMapRoutes } from './modules/maps/maps.routes.ts';
import { createChannelAccess } from './modules/realtime/realtime.access.ts';
import { registerRealtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAdminShowsService } from './modules/admin/admin-shows.service.ts';
import { createAdminTicketsService } from './modules/admin/admin-tickets.service.ts';
import { createAdminMapsService } from './modules/admin/admin-maps.service.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { RealtimeHub } from './plugins/realtime-hub.ts';
import { createCatalogueCache } from './plugins/catalogue-cache.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';
import type { CatalogueCache } from './plugins/catalogue-cache.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { appendVary } from './plugins/pre-encoded.ts';
import { registerSpa } from './plugins/spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes to realtime channels on every API instance. */
    realtime: RealtimeHub;
    /** Cached catalogue answers; organiser writes call invalidateAll(). */
    catalogueCache: CatalogueCache;
    /** Shared attempt budgets (login, signup, password reset, …) in Redis. */
    rateLimiter: RateLimiter;
  }
}

/** Redis channel prefix: REDIS_NAMESPACE, else the database's name. */
export function redisNamespace(config: Config): string {
  return config.REDIS_NAMESPACE ?? `taquilla:${new URL(config.DATABASE_URL).pathname.slice(1)}`;
}

export interface AppDeps {
  config: Config;
  db: Db;
  redis: Redis;
  /** The clock services read; tests move it. */
  clock?: () => Date;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

/**
 * The composition root: infrastructure is attached once here and handed to
 * services as plain dependencies. It never listens; server.ts does.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const logger = deps.logStream
    ? { ...loggerOptions(config.LOG_LEVEL), stream: deps.logStream }
    : loggerOptions(config.LOG_LEVEL);

  const app = Fastify({
    logger,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Taquilla API',
        description: 'Pasarela de Taquilla: catálogo, compras, acceso y transmisión.',
        version: '0.1.0',
      },
      servers: [{ url: config.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET') appendVary(reply, 'Accept');
  });

  const health = createHealthService({ db: deps.db, redis: deps.redis, log: app.log });
  const catalogueCache = createCatalogueCache({
    redis: deps.redis,
    namespace: redisNamespace(config),
    ttlSeconds: config.CATALOGUE_CACHE_SECONDS,
    log: app.log,
  });
  app.decorate('catalogueCache', catalogueCache);
  app.decorate(
    'rateLimiter',
    createRateLimiter({ redis: deps.redis, namespace: redisNamespace(config) }),
  );
  app.addHook('onClose', async () => catalogueCache.close());

  // Sessions resolve before any route runs (the routes below read request.auth).
  const auth = createAuthService({
    db: deps.db,
    clock,
    sessionTtlHours: config.SESSION_TTL_HOURS,
  });
  registerAuth(app, { auth });

  const shows = createShowsService({ db: deps.db, clock });
  registerHealthRoutes(app, health);
  const channels = createShowChannelsService({ db: deps.db, clock });
  registerShowRoutes(app, { shows, channels, cache: catalogueCache });
  const tickets = createTicketsService({ db: deps.db, clock });
  registerTicketRoutes(app, { tickets, cache: catalogueCache });
  const maps = createMapsService({ db: deps.db, clock, cache: catalogueCache });
  registerMapRoutes(app, { maps });

  const sessionCookie = { secure: config.PUBLIC_URL.startsWith('https:') };
  registerAuthRoutes(app, { auth, cookie: sessionCookie, clock });
  const adminDeps = { db: deps.db, clock, cache: catalogueCache, log: app.log };
  await registerAdminRoutes(app, {
    shows: createAdminShowsService(adminDeps),
    tickets: createAdminTicketsService(adminDeps),
    maps: createAdminMapsService(adminDeps),
  });

  const hub = new RealtimeHub(deps.redis, redisNamespace(config), app.log);
  app.decorate('realtime', hub);
  app.addHook('onClose', () => hub.close());
  await registerRealtimeRoutes(app, { hub, access: createChannelAccess({ db: deps.db }) });

  if (config.WEB_DIST_DIR) await registerSpa(app, config.WEB_DIST_DIR);
  return app;
}
