import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { redisNamespace } from '../../src/config.ts';
import type { TestApp } from './app.ts';
import { testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import type { TestDatabase } from './database.ts';
import { runLog } from './run-capture.ts';

const API_ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 30_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One OS process of the stack (an API instance or a worker) and what it printed. */
export interface StackProcess {
  name: string;
  child: ChildProcess;
  /** stdout and stderr, line by line (pino JSON for the API and the worker). */
  lines: string[];
  /** Resolves when the process has ended. */
  exited: Promise<Exit>;
  /** Whether the process is still running. */
  isRunning(): boolean;
  /** Sends `signal` (SIGTERM by default) and waits for the end; SIGKILL after the timeout. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
  /** The first line that matches, now or later. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
}

export interface ApiProcess extends StackProcess {
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
}

export interface Stack {
  database: TestDatabase;
  /** A Redis connection of the test's own, on the stack's Redis. */
  redis: Redis;
  /** The stack's Redis namespace (channels, caches and BullMQ queues). */
  namespace: string;
  /** The environment every process of the stack gets (extra variables per process on top). */
  env: Record<string, string>;
  apis: ApiProcess[];
  workers: StackProcess[];
  /** Starts one more API instance on the same database and Redis. */
  startApi(name: string, env?: Record<string, string>): Promise<ApiProcess>;
  /** Starts one more worker; resolves once it says it is ready. */
  startWorker(name: string, env?: Record<string, string>): Promise<StackProcess>;
  /** Starts one more worker and returns at once, before it is ready (a stop during its start). */
  spawnWorker(name: string, env?: Record<string, string>): StackProcess;
  /** A TestApp-shaped handle on one API process, for the helpers that take one. */
  asTestApp(api: ApiProcess): TestApp;
  /** Stops every process still running (SIGTERM, then SIGKILL), the connections and the database. */
  close(): Promise<void>;
}

function track(name: string, child: ChildProcess): StackProcess {
  const lines: string[] = [];
  // Also into the run directory, for the whole run's card-data sweep (decision 0051).
  const toRunLog = runLog(`stack-${name}`);
  const waiters = new Set<() => void>();
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      for (const wake of waiters) wake();
      resolve(exit);
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
      if (parts.length > 0) toRunLog(parts.join('\n'));
      for (const wake of waiters) wake();
    });
  }
  const isRunning = () => exit === null;
  return {
    name,
    child,
    lines,
    exited,
    isRunning,
    async stop(signal = 'SIGTERM', timeoutMs = STOP_TIMEOUT_MS) {
      if (!isRunning()) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
    waitForLine(match, timeoutMs = START_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(match);
          if (found !== undefined) {
            finish();
            resolve(found);
          } else if (exit) {
            finish();
            reject(new Error(`${name} ended (${JSON.stringify(exit)}):\n${lines.join('\n')}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`${name}: no matching line in ${timeoutMs} ms:\n${lines.join('\n')}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** A pino line's `msg`, or null for a line that is not JSON. */
export function messageOf(line: string): string | null {
  try {
    return (JSON.parse(line) as { msg?: string }).msg ?? null;
  } catch {
    return null;
  }
}

/**
 * Bundles src/server.ts and src/worker.ts as build.mjs does (npm dependencies stay
 * external), into a folder of this test file under node_modules/.cache so they resolve
 * from apps/api. The API tests run before the build; a bundle made here starts each
 * process with a third of the CPU tsx needs to compile the sources, every time.
 */
async function bundleEntries(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(API_ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies ?? {}).filter((n) => !n.startsWith('@taquilla/'));
  const outdir = path.join(API_ROOT, 'node_modules/.cache/taquilla-stack', randomUUID());
  await build({
    absWorkingDir: API_ROOT,
    entryPoints: ['src/server.ts', 'src/worker.ts'],
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, '@prisma/client/*'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outdir;
}

/** Runs one bundled entry with node, as `npm start` runs the built one. */
function spawnEntry(name: string, file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [file], {
    cwd: API_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(name, child);
}

async function readyApi(
  name: string,
  file: string,
  env: Record<string, string>,
): Promise<ApiProcess> {
  const proc = spawnEntry(name, file, env);
  try {
    const listening = await proc.waitForLine((line) =>
      (messageOf(line) ?? '').startsWith('Server listening at http://127.0.0.1:'),
    );
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(messageOf(listening) ?? '')?.[0] as string;
    const port = Number(new URL(url).port);
    const ready = await fetch(`${url}/health/ready`);
    if (ready.status !== 200) throw new Error(`${name}: /health/ready ${ready.status}`);
    return { ...proc, port, url };
  } catch (err) {
    await proc.stop('SIGKILL');
    throw err;
  }
}

async function readyWorker(
  name: string,
  file: string,
  env: Record<string, string>,
): Promise<StackProcess> {
  const proc = spawnEntry(name, file, env);
  try {
    await proc.waitForLine((line) => messageOf(line) === 'worker ready');
    return proc;
  } catch (err) {
    await proc.stop('SIGKILL');
    throw err;
  }
}

/** What an HTTP-backed `inject` answers: the fields of light-my-request the helpers read. */
interface InjectAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[]>;
  json: () => unknown;
}

/** `app.inject` over real HTTP to a process, so the helpers written for TestApp work on it. */
async function httpInject(
  base: string,
  options: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object | string;
  },
): Promise<InjectAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (typeof options.payload === 'string') body = options.payload;
  else if (options.payload !== undefined) {
    body = JSON.stringify(options.payload);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + options.url, {
    method: options.method ?? 'GET',
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  const answerHeaders: Record<string, string | string[]> = {};
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie') answerHeaders[key] = value;
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) answerHeaders['set-cookie'] = cookies;
  return {
    statusCode: res.status,
    body: text,
    headers: answerHeaders,
    json: () => JSON.parse(text) as unknown,
  };
}

/**
 * Two (or more) API instances and one worker as separate OS processes, run from a
 * bundle of the sources made here (the API tests run before the build), on one fresh
 * database cloned from the migrated template and the tests' Redis. The database
 * name sets the Redis namespace, so parallel test files never share channels, caches
 * or queues. Each API listens on a port of its own (PORT=0; the port is read from its
 * first log line) and is ready when /health/ready answers 200.
 */
export async function startStack(
  options: {
    apis?: string[];
    worker?: boolean;
    /** Variables every process gets on top of the defaults. */
    env?: Record<string, string>;
  } = {},
): Promise<Stack> {
  const bundle = await bundleEntries();
  const database = await createTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'taquilla-stack-'));
  const serverJs = path.join(bundle, 'server.js');
  const workerJs = path.join(bundle, 'worker.js');
  const base = testConfig({ DATABASE_URL: database.url });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '10',
    REDIS_URL: inject('redisUrl'),
    ADMIN_EMAIL: base.ADMIN_EMAIL,
    ADMIN_PASSWORD: base.ADMIN_PASSWORD,
    // One proxy hop, as behind a load balancer: tests say where a caller is.
    TRUST_PROXY_HOPS: '1',
    WORKER_NICE: '0',
    MAIL_OUTBOX_DIR: path.join(dir, 'mail'),
    STORAGE_DIR: path.join(dir, 'storage'),
    ...options.env,
  };
  const redis = new Redis(env.REDIS_URL as string);
  const apis: ApiProcess[] = [];
  const workers: StackProcess[] = [];
  const stack: Stack = {
    database,
    redis,
    namespace: redisNamespace(base),
    env,
    apis,
    workers,
    async startApi(name, extra = {}) {
      const api = await readyApi(name, serverJs, { ...env, ...extra });
      apis.push(api);
      return api;
    },
    async startWorker(name, extra = {}) {
      const worker = await readyWorker(name, workerJs, { ...env, ...extra });
      workers.push(worker);
      return worker;
    },
    spawnWorker(name, extra = {}) {
      const worker = spawnEntry(name, workerJs, { ...env, ...extra });
      workers.push(worker);
      return worker;
    },
    asTestApp(api) {
      const app = {
        inject: (opts: Parameters<typeof httpInject>[1]) => httpInject(api.url, opts),
        server: { address: () => ({ address: '127.0.0.1', family: 'IPv4', port: api.port }) },
      };
      return {
        app: app as unknown as FastifyInstance,
        database,
        redis,
        config: testConfig({ DATABASE_URL: database.url, TRUST_PROXY_HOPS: '1' }),
        logs: api.lines,
        setNow: () => {
          throw new Error('the processes of the stack read the real clock');
        },
        close: async () => {},
      };
    },
    async close() {
      await Promise.all([...apis, ...workers].map((proc) => proc.stop()));
      redis.disconnect();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
      await rm(bundle, { recursive: true, force: true });
    },
  };
  try {
    const names = options.apis ?? ['a', 'b'];
    await Promise.all([
      ...names.map((name) => stack.startApi(name)),
      ...(options.worker === false ? [] : [stack.startWorker('worker')]),
    ]);
    // In the order asked for, whichever was ready first.
    apis.sort((x, y) => names.indexOf(x.name) - names.indexOf(y.name));
  } catch (err) {
    await stack.close();
    throw err;
  }
  return stack;
}
