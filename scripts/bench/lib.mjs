// Shared by the benchmarks in scripts/bench: a fresh database, the built API
// (and worker) as child processes, autocannon measurements and a Markdown row.
// Not a test: benchmarks never run in CI. Results: docs/benchmarks.md.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const requireRoot = createRequire(path.join(ROOT, 'package.json'));
/** Packages of the API (ioredis, pg through prisma's adapter…), loaded from its own folder. */
export const requireApi = createRequire(path.join(ROOT, 'apps/api/package.json'));
export const autocannon = requireRoot('autocannon');

/** `--name value` pairs of the command line. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.reduce((pairs, arg, i, all) => {
      if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
      return pairs;
    }, []),
  );
}

export const SERVER_URL =
  process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name) {
  const u = new URL(SERVER_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export function benchEnv(dbName) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl(dbName),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_NAMESPACE: `taquilla:${dbName}`,
    ADMIN_EMAIL: 'admin@taquilla.bench',
    ADMIN_PASSWORD: 'Admin-Bench-2026',
    CHECKPOINT_DISABLE: '1',
  };
}

export function run(cmd, argv, env, { quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: ROOT,
      env,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${argv.join(' ')} → ${code}`)),
    );
  });
}

export function start(cmd, argv, env) {
  return spawn(cmd, argv, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * A fresh seeded database and the built API and worker on it, as production runs
 * them; each simulated buyer may come from its own address (X-Forwarded-For).
 * `stop()` ends both processes.
 */
export async function startStack(dbName, port) {
  const env = await freshDatabase(dbName, { seed: true });
  const apiEnv = {
    ...env,
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TRUST_PROXY_HOPS: '1',
  };
  // BENCH_CPU_PROFILE=dir writes the API's CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const children = [
    start(process.execPath, [...profile, 'apps/api/dist/server.js'], apiEnv),
    start(process.execPath, [...profile, 'apps/api/dist/worker.js'], apiEnv),
  ];
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health/ready`);
  const [api, worker] = children;
  return {
    env,
    base,
    /** The API's and the worker's process ids (memory, CPU of one process). */
    pids: { api: api.pid, worker: worker.pid },
    /** CPU seconds used so far by the API, the worker, every PostgreSQL and Redis process and this script. */
    cpu: () => cpuSeconds({ api: api.pid, worker: worker.pid }),
    stop: () => {
      for (const child of children) child.kill('SIGTERM');
    },
  };
}

const TICKS_PER_SECOND = 100;

/** Fields of /proc/{pid}/stat after the command name; null when the process is gone. */
function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime (and, with `children`, the reaped children's) of one process, in seconds. */
function processCpu(pid, children = false) {
  const f = statOf(pid);
  if (!f) return 0;
  const own = Number(f[11]) + Number(f[12]);
  return (children ? own + Number(f[13]) + Number(f[14]) : own) / TICKS_PER_SECOND;
}

/**
 * CPU seconds of the stack's processes: where a benchmark's time goes on a
 * shared machine. PostgreSQL's is the postmaster's own and its reaped
 * backends' (cutime/cstime) plus the live backends', so a connection that
 * closes between two readings still counts.
 */
export function cpuSeconds(pids) {
  const totals = {
    api: processCpu(pids.api),
    worker: processCpu(pids.worker),
    postgres: 0,
    redis: 0,
  };
  const procs = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let name;
    try {
      name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const f = statOf(entry);
    if (f) procs.push({ pid: entry, name, ppid: f[1] });
  }
  const postgres = new Set(procs.filter((p) => p.name.startsWith('postgres')).map((p) => p.pid));
  for (const p of procs) {
    if (p.name.startsWith('redis-server')) totals.redis += processCpu(p.pid);
    if (!postgres.has(p.pid)) continue;
    const isPostmaster = !postgres.has(p.ppid);
    totals.postgres += processCpu(p.pid, isPostmaster);
  }
  const self = process.cpuUsage();
  totals.bench = (self.user + self.system) / 1e6;
  return totals;
}

/** Per-unit CPU milliseconds between two cpuSeconds() readings, as one line. */
export function cpuPerUnit(before, after, units, unit) {
  const parts = Object.keys(after).map(
    (k) => `${k} ${((1000 * (after[k] - before[k])) / units).toFixed(2)}`,
  );
  return `CPU ms per ${unit}: ${parts.join(' · ')}`;
}

export async function waitFor(url) {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Drops and re-creates `dbName`, applies the migrations and, when asked, the demo seed. */
export async function freshDatabase(dbName, { seed = false } = {}) {
  const env = benchEnv(dbName);
  await run('psql', [SERVER_URL, '-qc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`], env);
  await run('psql', [SERVER_URL, '-qc', `CREATE DATABASE ${dbName}`], env);
  await run('pnpm', ['exec', 'prisma', 'migrate', 'deploy'], env);
  if (seed) await run('pnpm', ['exec', 'tsx', 'prisma/seed.ts'], env);
  return env;
}

/** Runs autocannon once and answers req/s, latency percentiles (ms) and MB/s. */
export function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, r) => {
      if (err) return reject(err);
      resolve({
        title,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        mbps: r.throughput.average / 1e6,
        non2xx: r.non2xx,
        errors: r.errors,
        statusCodes: r.statusCodeStats,
        total: r.requests.total,
      });
    });
  });
}

export function machineLine(extra = '') {
  const cpu = os.cpus();
  return `${new Date().toISOString()} · ${cpu.length} cores (${cpu[0]?.model ?? '?'}) · Node ${process.versions.node}${extra ? ` · ${extra}` : ''}`;
}

/** Percentile (0..100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Logs in as the bench admin and answers the Bearer header. */
export async function adminHeaders(base, env) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      role: 'Admin',
      forceLogin: true,
    }),
  });
  if (!res.ok) throw new Error(`admin login → ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  const token = /sid=([^;]+)/.exec(cookie)?.[1];
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

export async function api(base, method, url, headers, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { accept: 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * PostgreSQL's own ceiling for a workload: runs `setupSql` once, then the pgbench
 * `script` with `clients` connections for `seconds`, and answers transactions/s.
 */
export async function pgbenchTps(url, { name, setupSql, script, clients, seconds = 10 }) {
  const file = path.join(os.tmpdir(), `taquilla-${name}-pgbench.sql`);
  writeFileSync(file, script);
  execFileSync('psql', [url, '-qc', setupSql]);
  const out = execFileSync(
    'pgbench',
    ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, url],
    { encoding: 'utf8' },
  );
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
}

/**
 * One more API process on a stack's database and Redis namespace (`env` as
 * startStack answers it), on its own port: a second instance for benchmarks of
 * what crosses instances (the realtime hub's Redis fan-out). Same settings and
 * BENCH_CPU_PROFILE as startStack's API; no worker (the stack has one).
 */
export async function startApi(env, port) {
  const apiEnv = {
    ...env,
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TRUST_PROXY_HOPS: '1',
  };
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child = start(process.execPath, [...profile, 'apps/api/dist/server.js'], apiEnv);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health/ready`);
  return { pid: child.pid, base, child, stop: () => child.kill('SIGTERM') };
}

/** CPU seconds (user + system) one process has used so far; 0 once it is gone. */
export function processCpuSeconds(pid) {
  return processCpu(pid);
}

/** Resident memory of a process (VmRSS of /proc/{pid}/status) in MB; 0 once it is gone. */
export function rssMegabytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The open-file limits (soft, hard) that processes started from here inherit. */
export function openFileLimits() {
  const [soft, hard] = execFileSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft, hard };
}

/** Resolves once the process is gone (or after `timeoutMs`); answers whether it ended. */
export async function waitForExit(pid, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (statOf(pid) === null || statOf(pid)[0] === 'Z') return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
