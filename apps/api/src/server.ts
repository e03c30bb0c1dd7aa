import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { createDb } from './infra/db.ts';
import { prepareGracefulShutdown } from './infra/graceful-shutdown.ts';
import { createRedis } from './infra/redis.ts';
import { startTracing } from './infra/tracing.ts';
import { ensureAdmin } from './modules/auth/admin.ts';

async function main() {
  const config = parseConfig();
  // Off unless an OTLP endpoint is set: then a span per request (decision 0049).
  const tracing = startTracing(config, 'taquilla-api');
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const redis = createRedis(config.REDIS_URL);
  const app = await buildApp({ config, db, redis });

  await ensureAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, app.log);

  // SIGTERM drains (readiness 503), tells sockets to reconnect, finishes what is in flight.
  const shutdown = prepareGracefulShutdown(
    app,
    {
      drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000,
      timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    // The spans of the last requests are sent before the exit.
    () => Promise.allSettled([db.$disconnect(), redis.quit(), tracing.shutdown()]),
  );
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('No fue posible iniciar la API:', err);
  }
  process.exit(1);
});
