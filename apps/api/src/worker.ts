import { pino } from 'pino';
import { ConfigError, parseConfig, redisNamespace } from './config.ts';
import { createDb } from './infra/db.ts';
import { bullConnection, scheduleSweeper } from './jobs/queues.ts';
import { startWorkers } from './jobs/workers.ts';
import { loggerOptions } from './logger.ts';

async function main() {
  const config = parseConfig();
  const log = pino({ ...loggerOptions(config.LOG_LEVEL), name: 'worker' });
  const db = createDb(config.DATABASE_URL, 4);
  const connection = bullConnection(config.REDIS_URL);
  // Queues live under the deployment's namespace, as the API's mailer enqueues them.
  const prefix = redisNamespace(config);
  const sweeperQueue = await scheduleSweeper(connection, prefix);
  const workers = startWorkers({ db, connection, log, prefix, mail: { config } });
  log.info({ queues: workers.map((w) => w.name) }, 'worker ready');

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'worker shutting down');
    await Promise.allSettled(workers.map((w) => w.close()));
    await sweeperQueue.close();
    await db.$disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
