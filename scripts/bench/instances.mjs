// The benchmarks' stack on one or more API instances (issue 13, "Speed"):
// `--instances N` (or BENCH_INSTANCES=N) starts N API processes on N ports and
// one worker, all on the same database and Redis namespace, as a scaled-out
// deployment runs them. The load generators spread their clients over the
// instances round-robin (per buyer, per cart, per autocannon connection): the
// load balancer a deployment puts in front is not part of the benchmark.
// Decision 0053. With one instance it is the stack lib.mjs's startStack starts.
import { spawn } from 'node:child_process';
import {
  ROOT,
  cpuSeconds,
  freshDatabase,
  processCpuSeconds,
  waitFor,
  waitForExit,
} from './lib.mjs';

/** How many API instances: `--instances N`, else BENCH_INSTANCES, else 1. */
export function instanceCount(args) {
  const n = Number(args.instances ?? process.env.BENCH_INSTANCES ?? 1);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`--instances ${n}: 1 to 8`);
  return n;
}

/** `count` ports from `first`, `step` apart (a step of 2 leaves room for a neighbour). */
export function portsFrom(first, count, step = 1) {
  return Array.from({ length: count }, (_, i) => first + i * step);
}

/** The i-th client's instance: round-robin, so each gets the same share. */
export function roundRobin(bases) {
  return (i) => bases[i % bases.length];
}

/** A server process; its log (stdout) is shown only with BENCH_SERVER_LOGS=1. */
const start = (argv, env) =>
  spawn(process.execPath, argv, {
    cwd: ROOT,
    env,
    stdio: ['ignore', process.env.BENCH_SERVER_LOGS === '1' ? 'inherit' : 'ignore', 'inherit'],
  });

const profileFlags = () =>
  process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];

/**
 * A fresh database (seeded unless `seed: false`), an API process on each of
 * `ports` and, unless `worker: false`, one worker. Settings as startStack's
 * (NODE_ENV=production, LOG_LEVEL=warn, TRUST_PROXY_HOPS=1 so each simulated
 * buyer may come from its own address; BENCH_CPU_PROFILE profiles them all).
 * The worker can be killed and started again in the middle of a run.
 */
export async function startInstances(dbName, ports, { seed = true, worker = true } = {}) {
  const env = await freshDatabase(dbName, { seed });
  const apiEnv = (port) => ({
    ...env,
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TRUST_PROXY_HOPS: '1',
  });
  const startWorker = () => start([...profileFlags(), 'apps/api/dist/worker.js'], apiEnv(ports[0]));
  const apis = ports.map((port) =>
    start([...profileFlags(), 'apps/api/dist/server.js'], apiEnv(port)),
  );
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  // One at a time: the first creates the admin, the others find it.
  for (const base of bases) await waitFor(`${base}/health/ready`);
  let workerChild = worker ? startWorker() : null;
  let hadWorker = worker;
  /** CPU seconds of the worker processes that have ended (a restart keeps counting). */
  let pastWorkerCpu = 0;

  return {
    env,
    /** The worker's environment (apiEnv of the first port), for a worker started by hand. */
    workerEnv: apiEnv(ports[0]),
    base: bases[0],
    bases,
    count: bases.length,
    /** Whether the stack runs (or ran) a worker: one from the start, or one started later. */
    get hasWorker() {
      return hadWorker;
    },
    pids: {
      apis: apis.map((c) => c.pid),
      get worker() {
        return workerChild?.pid ?? null;
      },
    },
    /**
     * CPU seconds so far: `api` all instances together (with more than one, also
     * `api A`, `api B`… each), the worker (its killed predecessors included),
     * PostgreSQL, Redis and this script: cpuPerUnit() takes it as it is.
     */
    cpu() {
      const totals = cpuSeconds({ api: apis[0].pid, worker: workerChild?.pid ?? 0 });
      const each = apis.map((c) => processCpuSeconds(c.pid));
      return {
        api: each.reduce((s, v) => s + v, 0),
        ...(each.length > 1
          ? Object.fromEntries(each.map((v, i) => [`api ${String.fromCharCode(65 + i)}`, v]))
          : {}),
        worker: totals.worker + pastWorkerCpu,
        postgres: totals.postgres,
        redis: totals.redis,
        bench: totals.bench,
      };
    },
    /** Ends the worker with `signal` and waits until it is gone; answers the ms it took. */
    async killWorker(signal = 'SIGKILL') {
      if (!workerChild) throw new Error('no worker is running');
      const started = performance.now();
      const pid = workerChild.pid;
      const cpuAtEnd = processCpuSeconds(pid);
      workerChild.kill(signal);
      if (!(await waitForExit(pid, 60_000))) throw new Error(`the worker (${pid}) did not end`);
      pastWorkerCpu += cpuAtEnd;
      workerChild = null;
      return performance.now() - started;
    },
    /** A new worker process, as a supervisor would start it after the old one died. */
    restartWorker() {
      if (workerChild) throw new Error('the worker is still running');
      workerChild = startWorker();
      hadWorker = true;
      return workerChild.pid;
    },
    stop() {
      for (const child of [...apis, workerChild]) child?.kill('SIGTERM');
    },
    /**
     * SIGTERM to every process and wait until they are gone (each API drains for
     * SHUTDOWN_DRAIN_SECONDS first): a ceiling measured afterwards has the
     * machine, and PostgreSQL's connections, to itself.
     */
    async stopAndWait() {
      const pids = [...apis, workerChild].filter(Boolean).map((c) => c.pid);
      this.stop();
      workerChild = null;
      for (const pid of pids) await waitForExit(pid, 60_000);
    },
  };
}

/** One line naming the topology, for every benchmark's printout. */
export function instancesLine(stack) {
  const ports = stack.bases.map((b) => b.slice(b.lastIndexOf(':'))).join(', ');
  const worker = stack.hasWorker ? 'one worker' : 'no worker';
  return stack.count === 1
    ? `one API instance (${ports}), ${worker}`
    : `${stack.count} API instances (${ports}), ${worker}; clients round-robin over them (a load balancer is outside the bench)`;
}
