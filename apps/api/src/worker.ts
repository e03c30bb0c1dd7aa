import os from 'node:os';
import { pino } from 'pino';
import { ConfigError, parseConfig, redisNamespace } from './config.ts';
import { createDb } from './infra/db.ts';
import { createPg } from './infra/pg.ts';
import { createRedis } from './infra/redis.ts';
import { createSeatChanges } from './modules/maps/seat-changes.ts';
import { createTicketCounts } from './modules/tickets/ticket-counts.ts';
import { orderLinkSecret } from './modules/orders/orders.links.ts';
import { createObjectStorage } from './modules/storage/storage.ts';
import { bullConnection } from './infra/queues.ts';
import { createReconciler } from './jobs/reconcile.ts';
import { startWorkers } from './jobs/workers.ts';
import { onStopSignals, trackWorkersForShutdown } from './jobs/shutdown.ts';
import { loggerOptions } from './logger.ts';
import { startTracing } from './infra/tracing.ts';

async function main() {
  const config = parseConfig();
  // Off unless an OTLP endpoint is set: then a span per job, in its enqueuer's trace (0049).
  const tracing = startTracing(config, 'taquilla-worker');
  const log = pino({ ...loggerOptions(config.LOG_LEVEL), name: 'worker' });
  // Lowering one's own priority needs no privilege.
  os.setPriority(Math.min(19, os.getPriority() + config.WORKER_NICE));
  // Heard before any worker takes a job: a stop during the start lets jobs finish (0047).
  // Until the shutdown below is ready there is nothing to close: a stop simply exits.
  let stop = (_signal: NodeJS.Signals): Promise<void> => process.exit(0);
  const signals = onStopSignals(log, (signal) => stop(signal));
  const db = createDb(config.DATABASE_URL, 4);
  // The tickets job's two statements skip the ORM (one per approved order, at on-sale rates).
  const pg = createPg(config.DATABASE_URL, 4);
  const connection = bullConnection(config.REDIS_URL);
  // Queues live under the deployment's namespace, as the API's mailer enqueues them.
  const prefix = redisNamespace(config);
  const redis = createRedis(config.REDIS_URL);
  // Expired seat holds change ticket counts too (decision 0079).
  const ticketCounts = createTicketCounts({
    db,
    redis,
    namespace: prefix,
    clock: () => new Date(),
    log,
  });
  const seatChanges = createSeatChanges({ redis, namespace: prefix, log, ticketCounts });
  const workers = startWorkers({
    db,
    pg,
    connection,
    log,
    prefix,
    seatChanges,
    mail: { config },
    tickets: { publicUrl: config.PUBLIC_URL, linkSecret: orderLinkSecret(config) },
    // The unreferenced-upload sweep removes old proofs and show images no row names (0061).
    storage: createObjectStorage({ config, clock: () => new Date(), log }),
  });
  const running = trackWorkersForShutdown(workers, log);
  // Redis holds jobs, PostgreSQL the truth: at start, and whenever Redis lost its keys, the
  // schedules, the carts' expiries and the approved orders' e-mails are put back (0048).
  const reconciler = createReconciler({
    db,
    connection,
    prefix,
    log,
    graceMs: config.RECONCILE_INTERVAL_SECONDS * 1000,
  });
  let started = false;
  // Set once the first reconciliation is done; cleared by a stop.
  const timers: { reconcile?: NodeJS.Timeout } = {};
  stop = async (signal) => {
    log.info({ signal, started }, 'worker shutting down');
    clearInterval(timers.reconcile);
    // Running jobs finish within the grace period, or go back to their queues (0047).
    const stopped = await running.close(config.WORKER_SHUTDOWN_GRACE_SECONDS * 1000);
    // The finished jobs' spans are sent first (the collector's wait is bounded by its timeout).
    await tracing.shutdown();
    // A handed-back job's code is still running here, or the first reconciliation still
    // holds connections: nothing else is worth waiting for.
    if (stopped.handedBack > 0 || !started) process.exit(0);
    await reconciler.close();
    await ticketCounts.close();
    redis.disconnect();
    await db.$disconnect();
    await pg.end();
    process.exit(0);
  };
  const reconciled = await reconciler.run({ full: true });
  // Stopped while reconciling: the shutdown owns the process now.
  if (signals.stopping) return;
  started = true;
  let reconciling = false;
  timers.reconcile = setInterval(() => {
    if (reconciling) return;
    reconciling = true;
    reconciler
      .run()
      .catch((err: unknown) => log.error({ err }, 'reconciliation failed'))
      .finally(() => {
        reconciling = false;
      });
  }, config.RECONCILE_INTERVAL_SECONDS * 1000);
  log.info(
    { queues: workers.map((w) => w.name), reconciled, nice: os.getPriority() },
    'worker ready',
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
