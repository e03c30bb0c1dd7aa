import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUES } from './queues.ts';
import type { Db } from './db.ts';
import { createRedis } from './redis.ts';

/** Order statuses, all of them reported (0 when none) so a panel never loses a line. */
const ORDER_STATUSES = [
  'PENDING',
  'WAITING_CONFIRMATION',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'REFUND',
] as const;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Seconds; from a cached catalogue read (~1 ms) to a slow checkout or upload. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the realtime hub counts, read at scrape time. */
export interface RealtimeStats {
  connections: number;
  deliveries: number;
}

export interface MetricsDeps {
  db: Db;
  clock: () => Date;
  /** Where the queues' counts are read (one connection, opened at the first scrape). */
  redisUrl: string;
  /** BullMQ's key prefix: the deployment's Redis namespace. */
  prefix: string;
  /** The hub's counts, once it exists (it is registered after the metrics). */
  realtime: () => RealtimeStats | undefined;
  /** How long DB and queue figures are reused between scrapes. */
  cacheSeconds: number;
  log: { warn: (o: object, m: string) => void };
}

export interface Metrics {
  readonly registry: Registry;
  /** One request answered: a counter and a histogram, no I/O. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  close(): Promise<void>;
}

interface Figures {
  holds: { units: number; carts: number } | null;
  orders: Map<string, number> | null;
  queues: Map<string, { counts: Record<string, number>; failedTotal: number }> | null;
}

/**
 * The registry /metrics answers (docs/decisions/0044-watching-it.md): process
 * metrics, HTTP rate and latency per route pattern, and figures read at
 * scrape time (holds and orders from PostgreSQL, queues from Redis, sockets
 * from the hub), the slow ones cached `cacheSeconds`. One registry per app,
 * so two apps in one process (the tests) do not share series.
 */
export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });

  let redis: Redis | null = null;
  let queues: Queue[] | null = null;
  const openQueues = () => {
    redis ??= createRedis(deps.redisUrl, { forQueues: true });
    const connection = redis;
    return (queues ??= Object.values(QUEUES).map(
      (name) => new Queue(name, { connection, prefix: deps.prefix }),
    ));
  };

  let cached: { at: number; figures: Promise<Figures> } | null = null;
  const figures = (): Promise<Figures> => {
    const now = Date.now();
    if (!cached || now - cached.at >= deps.cacheSeconds * 1000) {
      cached = { at: now, figures: readFigures() };
    }
    return cached.figures;
  };

  async function readFigures(): Promise<Figures> {
    const [holds, orders, queueFigures] = await Promise.all([
      readHolds().catch((err: unknown) => failed(err, 'holds')),
      readOrders().catch((err: unknown) => failed(err, 'orders')),
      readQueues().catch((err: unknown) => failed(err, 'queues')),
    ]);
    return { holds, orders, queues: queueFigures };
  }

  function failed(err: unknown, what: string): null {
    deps.log.warn({ err, what }, 'metrics figures not read');
    return null;
  }

  async function readHolds() {
    // Live holds: OPEN carts whose ten minutes have not run out (index carts(status, valid_thru)).
    const rows = await deps.db.$queryRaw<{ units: bigint | null; carts: bigint }[]>`
      SELECT sum(ci.quantity) AS units, count(DISTINCT c.id) AS carts
      FROM carts c JOIN cart_items ci ON ci.cart_id = c.id
      WHERE c.status = 'OPEN' AND c.valid_thru > ${deps.clock()}`;
    return { units: Number(rows[0]?.units ?? 0), carts: Number(rows[0]?.carts ?? 0) };
  }

  async function readOrders() {
    const rows = await deps.db.$queryRaw<{ status: string; n: bigint }[]>`
      SELECT status::text AS status, count(*) AS n FROM orders GROUP BY status`;
    return new Map(rows.map((row) => [row.status, Number(row.n)]));
  }

  async function readQueues() {
    const entries = await Promise.all(
      openQueues().map(async (queue) => {
        const [counts, failedMetrics] = await Promise.all([
          queue.getJobCounts(...QUEUE_STATES),
          // BullMQ's own tally of jobs that failed for good (workers run with `metrics`).
          queue.getMetrics('failed', 0, 0),
        ]);
        return [queue.name, { counts, failedTotal: failedMetrics.meta.count }] as const;
      }),
    );
    return new Map(entries);
  }

  new Gauge({
    name: 'taquilla_holds_units',
    help: 'Places (tickets and seats) held by live carts: OPEN and within their ten minutes',
    registers: [registry],
    async collect() {
      const { holds } = await figures();
      this.reset();
      if (holds) this.set(holds.units);
    },
  });
  new Gauge({
    name: 'taquilla_holds_carts',
    help: 'Live carts holding at least one place',
    registers: [registry],
    async collect() {
      const { holds } = await figures();
      this.reset();
      if (holds) this.set(holds.carts);
    },
  });
  new Gauge({
    name: 'taquilla_orders',
    help: 'Orders by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { orders } = await figures();
      this.reset();
      if (!orders) return;
      for (const status of ORDER_STATUSES) this.set({ status }, orders.get(status) ?? 0);
    },
  });
  new Gauge({
    name: 'taquilla_queue_jobs',
    help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const { queues: byQueue } = await figures();
      this.reset();
      for (const [queue, { counts }] of byQueue ?? []) {
        for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state] ?? 0);
      }
    },
  });
  new Counter({
    name: 'taquilla_queue_jobs_failed_total',
    help: 'BullMQ jobs that failed for good (attempts exhausted), by queue, as counted in Redis',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const { queues: byQueue } = await figures();
      this.reset();
      for (const [queue, { failedTotal }] of byQueue ?? []) this.inc({ queue }, failedTotal);
    },
  });
  new Gauge({
    name: 'taquilla_websocket_connections',
    help: 'Realtime WebSocket connections open on this instance',
    registers: [registry],
    collect() {
      this.set(deps.realtime()?.connections ?? 0);
    },
  });
  new Counter({
    name: 'taquilla_websocket_deliveries_total',
    help: 'Realtime messages handed to sockets on this instance',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.realtime()?.deliveries ?? 0);
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_class: `${Math.floor(statusCode / 100)}xx` };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    async close() {
      await Promise.all((queues ?? []).map((queue) => queue.close()));
      redis?.disconnect();
      queues = null;
      redis = null;
    },
  };
}
