import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { derivedSecret, redisNamespace } from './config.ts';
import type { Config } from './config.ts';
import type { Db } from './infra/db.ts';
import { loggerOptions } from './logger.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createShowsService } from './modules/shows/shows.service.ts';
import { registerShowRoutes } from './modules/shows/shows.routes.ts';
import { createShowChannelsService } from './modules/shows/show-channels.service.ts';
import { createShowRedirects } from './modules/shows/show-redirects.service.ts';
import { registerSeoRoutes, registerShareCardRoutes } from './modules/seo/seo.routes.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { createShareCardService } from './modules/seo/share-card.service.ts';
import { createTelethonService } from './modules/telethon/telethon.service.ts';
import { registerTelethonRoutes } from './modules/telethon/telethon.routes.ts';
import { createDownloadsService } from './modules/downloads/downloads.service.ts';
import { registerDownloadRoutes } from './modules/downloads/downloads.routes.ts';
import { createTicketsService, loadTicketsForShows } from './modules/tickets/tickets.service.ts';
import { registerTicketRoutes } from './modules/tickets/tickets.routes.ts';
import { createMapsService } from './modules/maps/maps.service.ts';
import { registerMapRoutes } from './modules/maps/maps.routes.ts';
import { registerRealtime } from './modules/realtime/realtime.plugin.ts';
import { createDeviceStore } from './modules/devices/device-store.ts';
import { createDeviceCheck } from './modules/devices/device-key.ts';
import { registerLive } from './modules/live/live.plugin.ts';
import { registerDemoMedia } from './modules/media/media.routes.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { registerStatsRoutes } from './modules/stats/stats.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginDevices } from './modules/auth/login-device.ts';
import { createSessionEndings } from './modules/auth/session-endings.ts';
import { createAccessRevocations } from './modules/orders/access-revocations.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { bullConnection } from './infra/queues.ts';
import { createQueueMailer } from './modules/mail/mail.queue.ts';
import type { Mailer } from './modules/mail/mail.types.ts';
import { createEmailVerificationService } from './modules/accounts/email-verification.service.ts';
import { registerEmailVerificationRoutes } from './modules/accounts/email-verification.routes.ts';
import { createPasswordResetService } from './modules/accounts/password-reset.service.ts';
import { registerPasswordResetRoutes } from './modules/accounts/password-reset.routes.ts';
import { createSignupService } from './modules/accounts/signup.service.ts';
import { registerSignupRoutes } from './modules/accounts/signup.routes.ts';
import { createProfileService } from './modules/accounts/profile.service.ts';
import { registerProfileRoutes } from './modules/accounts/profile.routes.ts';
import { createAccountOrdersService } from './modules/accounts/account-orders.service.ts';
import { registerAccountOrderRoutes } from './modules/accounts/account-orders.routes.ts';
import { createAdminShowsService } from './modules/admin/shows/admin-shows.service.ts';
import { createAdminTicketsService } from './modules/admin/tickets/admin-tickets.service.ts';
import { createAdminMapsService } from './modules/admin/maps/admin-maps.service.ts';
import { createAdminUsersService } from './modules/admin/accounts/admin-users.service.ts';
import { createAdminPromoCodesService } from './modules/admin/promo/admin-promo-codes.service.ts';
import { createAdminOrdersService } from './modules/admin/orders/admin-orders.service.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminShowImagesService } from './modules/admin/shows/admin-show-images.service.ts';
import { registerAdminShowImageRoutes } from './modules/admin/shows/admin-show-images.routes.ts';
import { createAdminReportsService } from './modules/admin/reports/admin-reports.service.ts';
import { registerAdminReportRoutes } from './modules/admin/reports/admin-reports.routes.ts';
import { createAdminAuditService } from './modules/admin/audit/admin-audit.service.ts';
import { registerAdminAuditRoutes } from './modules/admin/audit/admin-audit.routes.ts';
import { createAdminCheckinService } from './modules/admin/door/admin-checkin.service.ts';
import { registerAdminCheckinRoutes } from './modules/admin/door/admin-checkin.routes.ts';
import { createCartClaims } from './modules/cart/cart-claim.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { registerCartRoutes } from './modules/cart/cart.routes.ts';
import { createTicketQrImages } from './modules/etickets/etickets.qr-images.ts';
import { registerETicketRoutes } from './modules/etickets/etickets.routes.ts';
import { createCartPromoService } from './modules/cart/cart-promo.service.ts';
import { createCartExpiryScheduler } from './modules/inventory/inventory-expiry.queue.ts';
import { createObjectStorage, registerStorageRoutes } from './modules/storage/storage.ts';
import { storagePublicBases } from './modules/storage/storage.bases.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { registerPayments } from './modules/payments/payments.plugin.ts';
import { registerOrders } from './modules/orders/orders.plugin.ts';
import { createPg } from './infra/pg.ts';
import type { PlatformDeps } from './infra/platform.ts';
import { registerActivation } from './modules/activation/activation.plugin.ts';
import { registerPlayer } from './modules/player/player.plugin.ts';
import { createTicketsQueue } from './modules/etickets/etickets.queue.ts';
import { createSeatChanges } from './modules/maps/seat-changes.ts';
import { createTicketCounts } from './modules/tickets/ticket-counts.ts';
import { registerAuth } from './plugins/auth.ts';
import type { RealtimeHub } from './plugins/realtime-hub.ts';
import { createCatalogueCache } from './plugins/catalogue-cache.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';
import type { CatalogueCache } from './plugins/catalogue-cache.ts';
import { frameworkErrorOptions, registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { appendVary } from './plugins/pre-encoded.ts';
import { registerSpa } from './plugins/spa.ts';
import { createPageData } from './modules/pages/page-data.service.ts';
import { createPagePreloads } from './modules/pages/page-preloads.ts';
import { createChunkPreloads, readViteManifest } from './plugins/spa-chunks.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { genReqId, registerRequestIds } from './plugins/request-ids.ts';
import { registerTracing } from './plugins/tracing.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { docsPageHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { serverTimeoutOptions } from './plugins/server-timeouts.ts';
import { createRedirectTargets } from './plugins/redirect-targets.ts';
import { createAllowedOrigins } from './plugins/allowed-origins.ts';
import { registerOriginChecks } from './plugins/origin-checks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes to realtime channels on every API instance. */
    realtime: RealtimeHub;
    /** Cached catalogue answers; organiser writes call invalidateAll(). */
    catalogueCache: CatalogueCache;
    /** Shared attempt budgets (login, signup, password reset, …) in Redis. */
    rateLimiter: RateLimiter;
    /** Enqueues e-mails on the `mail` queue; call only after the transaction commits. */
    mailer: Mailer;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  redis: Redis;
  /** The clock services read; tests move it. */
  clock?: () => Date;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Where e-mails go; by default the `mail` BullMQ queue of this deployment's namespace. */
  mailer?: Mailer;
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
    // The caller's X-Request-Id when well formed, else a UUID (decision 0044).
    genReqId,
    requestIdHeader: false,
    // Trust the first TRUST_PROXY_HOPS hops of X-Forwarded-For (0: none).
    trustProxy:
      config.TRUST_PROXY_HOPS > 0
        ? (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS
        : false,
    bodyLimit: 1024 * 1024,
    // A slow or stalled client is cut off; WebSockets and slow uploads are not (decision 0066).
    ...serverTimeoutOptions(config),
    // A request still arriving while the app closes is served (decision 0047), not
    // refused with Fastify's English 503: the pools close only after the listener.
    return503OnClosing: false,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: frameworkErrorOptions.maxParamLength,
    },
    frameworkErrors: frameworkErrorOptions.frameworkErrors,
    clientErrorHandler: frameworkErrorOptions.clientErrorHandler,
  });
  // The gateway speaks JSON: a text/plain body is refused with 415, not parsed as a string.
  // First hook: what follows runs inside the request's id (decision 0044).
  registerRequestIds(app);
  // Then a span per request when traces are on (decision 0049).
  registerTracing(app);
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);

  await app.register(fastifyCookie);
  // Helmet's headers on every answer; the SPA's pages add their CSP (decision 0043).
  const pageHeaders = await registerSecurityHeaders(app, { config });
  await registerOpenApi(app, { docsHeaders: docsPageHeaders(config) });

  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET') appendVary(reply, 'Accept');
  });

  const namespace = redisNamespace(config);
  const platform: PlatformDeps = { config, db: deps.db, redis: deps.redis, namespace, clock };
  const health = createHealthService({ db: deps.db, redis: deps.redis, log: app.log });
  const catalogueCache = createCatalogueCache({
    redis: deps.redis,
    namespace,
    ttlSeconds: config.CATALOGUE_CACHE_SECONDS,
    log: app.log,
  });
  app.decorate('catalogueCache', catalogueCache);
  const rateLimiter = createRateLimiter({ redis: deps.redis, namespace });
  app.decorate('rateLimiter', rateLimiter);
  app.addHook('onClose', async () => catalogueCache.close());
  if (deps.mailer) {
    app.decorate('mailer', deps.mailer);
  } else {
    const queueMailer = createQueueMailer({
      connection: bullConnection(config.REDIS_URL),
      prefix: namespace,
    });
    app.decorate('mailer', queueMailer);
    app.addHook('onClose', () => queueMailer.close());
  }

  // Sessions resolve before any route runs (the routes below read request.auth).
  // An ended session's realtime sockets close on every instance (decision 0052).
  const sessionEndings = createSessionEndings({ redis: deps.redis, namespace, log: app.log });
  const auth = createAuthService({
    db: deps.db,
    clock,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    rateLimiter,
    devices: createLoginDevices({
      secret: config.LOGIN_DEVICE_SECRET ?? derivedSecret(config, 'taquilla:login-device:'),
      clock,
    }),
    endings: sessionEndings,
    // Signing in makes the browser's anonymous cart the user's (decision 0055).
    carts: createCartClaims({ db: deps.db, log: app.log }),
  });
  // A 302 to an address the API did not write goes only to this site or its storage (0066).
  const redirectTargets = createRedirectTargets(config.PUBLIC_URL, storagePublicBases(config));
  const seo = createSeoService({ db: deps.db, clock, config, cache: catalogueCache });
  // Before the auth hook: page navigations the SPA answers never query a session.
  if (config.WEB_DIST_DIR) {
    const manifest = readViteManifest(config.WEB_DIST_DIR);
    const chunks = manifest ? createChunkPreloads(manifest) : null;
    await registerSpa(app, config.WEB_DIST_DIR, {
      redirects: createShowRedirects({ db: deps.db }),
      pageHeaders,
      // Each page's own head for sharing and search (decision 0069).
      contributors: [
        (request) => seo.pageAdditions(request.url),
        // A show page's route, template and picture, fetched beside the entry (0074).
        ...(chunks ? [createPagePreloads({ chunks, showOfPage: seo.showOfPage })] : []),
      ],
      pageData: createPageData({
        inject: (call) => app.inject(call),
        budgetMs: config.PAGE_DATA_BUDGET_MS,
        cache: catalogueCache,
      }),
    });
  }
  registerAuth(app, { auth });
  // Cookie writes and realtime sockets from other sites' pages: 403 (decision 0043).
  registerOriginChecks(app, { origins: createAllowedOrigins(config) });

  const shows = createShowsService({ db: deps.db, clock });
  registerHealthRoutes(app, health);
  // Prometheus /metrics and the HTTP histograms (decision 0044).
  registerMetrics(app, {
    db: deps.db,
    clock,
    redisUrl: config.REDIS_URL,
    prefix: namespace,
    realtime: () => (app.hasDecorator('realtime') ? app.realtime.stats() : undefined),
    cacheSeconds: config.METRICS_CACHE_SECONDS,
    token: config.METRICS_TOKEN,
  });
  const channels = createShowChannelsService({
    db: deps.db,
    clock,
    ticketsOf: (shows, now) => loadTicketsForShows(deps.db, shows, { now }),
  });
  registerShowRoutes(app, { shows, channels, cache: catalogueCache });
  registerSeoRoutes(app, { seo });
  const tickets = createTicketsService({ db: deps.db, clock });
  registerTicketRoutes(app, { tickets, cache: catalogueCache });
  // Ticket counts go out on the seats' channels, coalesced per show (decision 0079).
  const ticketCounts = createTicketCounts({
    db: deps.db,
    redis: deps.redis,
    namespace,
    clock,
    log: app.log,
  });
  app.addHook('onClose', () => ticketCounts.close());
  const seatChanges = createSeatChanges({
    redis: deps.redis,
    namespace,
    log: app.log,
    ticketCounts,
  });
  const maps = createMapsService({
    db: deps.db,
    clock,
    cache: catalogueCache,
    seatChanges,
    log: app.log,
  });
  registerMapRoutes(app, { maps });
  const expiry = createCartExpiryScheduler({
    connection: bullConnection(config.REDIS_URL),
    prefix: namespace,
    clock,
    log: app.log,
  });
  app.addHook('onClose', () => expiry.close());
  // Holds and checkout's hot statements run on a plain pool (decisions 0020, 0078).
  const pg = createPg(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  app.addHook('onClose', () => pg.end());
  const cart = createCartService({
    db: deps.db,
    pg,
    clock,
    cache: catalogueCache,
    seats: maps,
    seatChanges,
    expiry,
    holdCapPerClient: config.CART_HOLD_CAP_PER_CLIENT,
  });
  registerCartRoutes(app, {
    cart,
    promos: createCartPromoService({ db: deps.db, clock, rateLimiter }),
  });
  registerETicketRoutes(app, {
    images: createTicketQrImages({ db: deps.db, rateLimiter }),
  });
  // The telethon's DPI lookup (decisions 0038, 0060) and counted downloads of landing files.
  registerTelethonRoutes(app, {
    telethon: createTelethonService({
      db: deps.db,
      rateLimiter,
      mailer: app.mailer,
      publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
      limitKeySecret: derivedSecret(config, 'taquilla:dpi-limits:'),
    }),
  });
  await registerDownloadRoutes(app, {
    downloads: createDownloadsService({ db: deps.db, rateLimiter, targets: redirectTargets }),
  });
  const storage = createObjectStorage({ config, clock, log: app.log });
  await registerStorageRoutes(app, { storage, maxBytes: config.UPLOAD_MAX_BYTES });
  // Each public show's picture for link previews, made once and kept in storage (0073).
  registerShareCardRoutes(app, {
    cards: createShareCardService({
      db: deps.db,
      storage,
      cache: catalogueCache,
      config,
      log: app.log,
    }),
  });
  const uploads = createUploadsService({ db: deps.db, storage, rateLimiter, config });
  registerUploadRoutes(app, { uploads });
  await registerPayments(app, { config, db: deps.db, redis: deps.redis, namespace });
  const ticketsQueue = createTicketsQueue({
    connection: bullConnection(config.REDIS_URL),
    prefix: namespace,
  });
  app.addHook('onClose', () => ticketsQueue.close());
  const orders = registerOrders(app, {
    config,
    db: deps.db,
    pg,
    clock,
    seatChanges,
    uploads,
    tickets: ticketsQueue,
  });
  await registerActivation(app, {
    db: deps.db,
    clock,
    orders,
    cart,
  });

  const sessionCookie = { secure: config.PUBLIC_URL.startsWith('https:') };
  registerAuthRoutes(app, { auth, cookie: sessionCookie, clock });
  const mailDeps = { db: deps.db, mailer: app.mailer, clock, config };
  const emailVerification = createEmailVerificationService({ ...mailDeps, rateLimiter });
  registerEmailVerificationRoutes(app, { emailVerification });
  registerPasswordResetRoutes(app, {
    passwordReset: createPasswordResetService({
      ...mailDeps,
      rateLimiter: app.rateLimiter,
      endings: sessionEndings,
    }),
  });
  const signup = createSignupService({
    db: deps.db,
    clock,
    auth,
    rateLimiter,
    emailVerification,
    log: app.log,
  });
  await registerSignupRoutes(app, { signup, cookie: sessionCookie, clock });
  await registerProfileRoutes(app, { profile: createProfileService({ db: deps.db }) });
  await registerAccountOrderRoutes(app, {
    orders: createAccountOrdersService({ db: deps.db }),
  });
  const adminDeps = { db: deps.db, clock, cache: catalogueCache, log: app.log };
  await registerAdminRoutes(app, {
    shows: createAdminShowsService({ ...adminDeps, downloadTargets: redirectTargets }),
    tickets: createAdminTicketsService(adminDeps),
    maps: createAdminMapsService(adminDeps),
    users: createAdminUsersService({ ...adminDeps, mailer: app.mailer, config }),
    promoCodes: createAdminPromoCodesService(adminDeps),
    orders: createAdminOrdersService({
      ...adminDeps,
      config,
      storage,
      tickets: ticketsQueue,
      rateLimiter,
      payments: app.paymentGateway,
      seatChanges,
      revocations: createAccessRevocations({ redis: deps.redis, namespace, log: app.log }),
      mailer: app.mailer,
    }),
  });

  // The door check-in (decision 0029).
  await registerAdminCheckinRoutes(
    app,
    createAdminCheckinService({ db: deps.db, clock, rateLimiter }),
  );

  // Sales reports and the audit log (decision 0030).
  await registerAdminReportRoutes(app, createAdminReportsService({ db: deps.db, clock }));
  await registerAdminAuditRoutes(app, createAdminAuditService({ db: deps.db }));

  // Show images: uploaded by organisers, read by anyone (decision 0031).
  await registerAdminShowImageRoutes(app, {
    images: createAdminShowImagesService({ db: deps.db, storage, config, log: app.log }),
    maxBytes: config.UPLOAD_MAX_BYTES,
  });

  // Live control, live channels and player analytics (decision 0024).
  await registerLive(app, { ...platform, cache: catalogueCache });
  registerStatsRoutes(app, { stats: createStatsService({ db: deps.db, rateLimiter }) });
  await registerDemoMedia(app, { clock });

  // One device per code (decision 0026): the playback call and the device channels share it.
  const deviceStore = createDeviceStore({ redis: deps.redis, namespace });
  const { watch, viewerTokens } = await registerPlayer(app, {
    config,
    db: deps.db,
    clock,
    devices: createDeviceCheck(deviceStore),
  });
  // The hub, its channels, chat, polls and devices (decisions 0022, 0026).
  await registerRealtime(app, { ...platform, auth, watch, viewerTokens, deviceStore });

  return app;
}
