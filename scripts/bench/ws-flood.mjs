// Realtime flood benchmark (issue 21 item 6, decision 0063): the probe's 8 sockets ×
// 3,000 subscriptions to channels of made-up shows, each one a database lookup, and
// what they do to another endpoint's latency. Three phases, each on a freshly started
// API (built bundle, NODE_ENV=production) on one freshly migrated and seeded database:
//
// 1. alone: autocannon on GET /shows/{id} (the seeded gala) for --duration seconds,
//    nothing else: the ceiling of that endpoint on this machine, in this run.
// 2. flood, guarded: the same autocannon while 8 WebSocket clients from one address
//    (X-Forwarded-For through TRUST_PROXY_HOPS=1) each send 3,000 `subscribe`s to
//    `show-events/<random uuid>` as fast as they can, with the default limits: the
//    per-socket token bucket (close 4429), the per-address socket cap (4430) and the
//    per-address budget of lookups that find nothing (RATE_LIMITED).
// 3. flood, unguarded control: the same, with REALTIME_ACTIONS_BURST,
//    REALTIME_ACTIONS_PER_SECOND, REALTIME_UNKNOWN_CHANNELS_PER_IP and
//    REALTIME_CONNECTIONS_PER_IP at their maximums (config.ts): the limits out of the
//    way, though 0063's code still runs (each lookup also checks and spends the
//    address's budget in Redis, which the code before it did not). Each instance's 30-s memory of looked-up ids still applies; a fresh random uuid
//    per subscription defeats it, as the probe's did.
//
// The attacker: each client keeps up to --window (50) subscriptions unanswered on its
// socket (answers: `subscribed` or an error), sends the next as soon as one is
// answered, and when the server closes the socket opens a new one at once and goes
// on, until it has sent its 3,000; what was unanswered at a close is written off. A
// window above the bucket's burst (30) makes it reconnect after every burst: the
// heaviest way through the token bucket. `--window 3000` sends everything at once.
// Each phase has its own random attacker address (198.18.0.0/15), so no earlier
// phase's or run's Redis budget carries over. The flood starts --flood-delay seconds
// into autocannon's run; if it outlasts --duration, autocannon goes on until it ends.
// The endpoint's percentiles are computed from every answer's latency (autocannon's
// `response` event) over the flood's span (first send to last close) and over the
// whole run. What the phase's API cost the rest: PostgreSQL's committed transactions
// and scans of `shows` (pg_stat_database, pg_stat_user_tables), Redis's commands, and
// CPU seconds.
//
//   pnpm build && node scripts/bench/ws-flood.mjs [--duration 10] [--connections 10]
//     [--clients 8] [--subscriptions 3000] [--window 50] [--flood-delay 1]
//     [--catalogue-cache 5] [--phases alone,guarded,unguarded]
//
// `--catalogue-cache 0` turns the catalogue cache off (CATALOGUE_CACHE_SECONDS), so
// every GET /shows/{id} is a query too and the endpoint competes for the pool.
// The sockets live in a child process of this script (--role flood), never in the one
// that runs autocannon. Needs PostgreSQL and Redis on localhost. Not a test: it never
// runs in CI. Results: docs/benchmarks.md.
import { execFileSync, fork } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  autocannon,
  benchEnv,
  cpuSeconds,
  databaseUrl,
  freshDatabase,
  machineLine,
  parseArgs,
  percentile,
  processCpuSeconds,
  requireApi,
  startApi,
  waitForExit,
} from './lib.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const args = parseArgs();
const DB = 'taquilla_bench_ws';
const PORT = 3260;
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 10);
const CLIENTS = Number(args.clients ?? 8);
const SUBSCRIPTIONS = Number(args.subscriptions ?? 3000);
const WINDOW = Number(args.window ?? 50);
const FLOOD_DELAY_S = Number(args['flood-delay'] ?? 1);
const CATALOGUE_CACHE = args['catalogue-cache'];
const PHASES = (args.phases ?? 'alone,guarded,unguarded').split(',');
const { REDIS_URL } = benchEnv(DB);
/** A flood client that cannot send its subscriptions in this long stops (the API is gone). */
const GIVE_UP_MS = 120_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const bump = (table, key, n = 1) => {
  table[key] = (table[key] ?? 0) + n;
};

/** The limits out of the way: each at its maximum in apps/api/src/config.ts. */
const UNGUARDED = {
  REALTIME_ACTIONS_BURST: '10000',
  REALTIME_ACTIONS_PER_SECOND: '10000',
  REALTIME_UNKNOWN_CHANNELS_PER_IP: '100000',
  REALTIME_CONNECTIONS_PER_IP: '100000',
};

if (args.role === 'flood') runFlood();
else await runMain();

// ─── The attacker: one child process holding every socket ─────────────────────

function runFlood() {
  const WebSocket = requireApi('ws');
  process.on('message', async ({ url, xff, clients, subscriptions, window }) => {
    const startedAt = Date.now();
    const deadline = startedAt + GIVE_UP_MS;
    const results = await Promise.all(
      Array.from({ length: clients }, () => attack(url, xff, subscriptions, window, deadline)),
    );
    const total = {
      sent: 0,
      sockets: 0,
      unanswered: 0,
      answers: {},
      closes: {},
      socketErrors: {},
      perSocket: {},
    };
    for (const r of results) {
      total.sent += r.sent;
      total.sockets += r.sockets;
      total.unanswered += r.unanswered;
      for (const key of ['answers', 'closes', 'socketErrors', 'perSocket']) {
        for (const [k, v] of Object.entries(r[key])) bump(total[key], k, v);
      }
    }
    process.send({ ...total, startedAt, endedAt: Date.now() });
  });
  process.send('ready');

  /** One client: `subscriptions` subscribes, at most `window` unanswered, reconnecting. */
  function attack(url, xff, subscriptions, window, deadline) {
    const r = {
      sent: 0,
      sockets: 0,
      unanswered: 0,
      answers: {},
      closes: {},
      socketErrors: {},
      /** Sockets by what they got: "<sent>/<answered> → <close code or ours>". */
      perSocket: {},
    };
    return new Promise((resolve) => {
      const connect = () => {
        r.sockets += 1;
        const ws = new WebSocket(url, {
          headers: { 'x-forwarded-for': xff },
          perMessageDeflate: false,
        });
        let pending = 0;
        let sentHere = 0;
        let answeredHere = 0;
        let isDone = false;
        const pump = () => {
          while (ws.readyState === WebSocket.OPEN && pending < window && r.sent < subscriptions) {
            ws.send(`{"action":"subscribe","channel":"show-events/${randomUUID()}"}`);
            r.sent += 1;
            sentHere += 1;
            pending += 1;
          }
          if (r.sent >= subscriptions && pending === 0 && !isDone) {
            isDone = true;
            ws.close(1000);
          }
        };
        ws.on('open', pump);
        ws.on('message', (raw) => {
          let message;
          try {
            message = JSON.parse(String(raw));
          } catch {
            bump(r.answers, 'unparsable');
            return;
          }
          if (message.type === 'subscribed') bump(r.answers, 'subscribed');
          else if (message.type === 'error') bump(r.answers, message.error);
          else return bump(r.answers, `other ${message.type}`);
          pending -= 1;
          answeredHere += 1;
          pump();
        });
        ws.on('error', (err) => bump(r.socketErrors, err.code ?? err.message));
        ws.on('close', (code) => {
          r.unanswered += pending;
          if (!isDone) bump(r.closes, String(code));
          bump(
            r.perSocket,
            `${sentHere} sent, ${answeredHere} answered → ${isDone ? 'ours' : code}`,
          );
          if (r.sent < subscriptions && Date.now() < deadline) connect();
          else resolve(r);
        });
      };
      connect();
    });
  }
}

// ─── The measuring side ───────────────────────────────────────────────────────

async function runMain() {
  const loadAtStart = os.loadavg()[0].toFixed(2);
  const env = await freshDatabase(DB, { seed: true });
  const baseEnv =
    CATALOGUE_CACHE === undefined ? env : { ...env, CATALOGUE_CACHE_SECONDS: CATALOGUE_CACHE };
  const phases = [
    { key: 'alone', title: 'alone (ceiling)', flood: false, extraEnv: {} },
    {
      key: 'guarded',
      title: 'flood, guarded (defaults)',
      flood: true,
      extraEnv: {},
      xff: attackerAddress(),
    },
    {
      key: 'unguarded',
      title: 'flood, unguarded control',
      flood: true,
      extraEnv: UNGUARDED,
      xff: attackerAddress(),
    },
  ].filter((p) => PHASES.includes(p.key));
  const results = [];
  for (const p of phases) {
    results.push(await phase(p, baseEnv));
    console.log(`  ${summary(results.at(-1))}`);
  }

  console.log(`\n${machineLine(`load average ${loadAtStart} at start, ${load()} at the end`)}`);
  console.log(
    `GET /shows/{id} with ${CONNECTIONS} connections${CATALOGUE_CACHE === undefined ? '' : ` (CATALOGUE_CACHE_SECONDS=${CATALOGUE_CACHE})`}; flood: ${CLIENTS} sockets × ${SUBSCRIPTIONS} subscribes to show-events/<random uuid>, ≤ ${WINDOW} unanswered per socket, from ${FLOOD_DELAY_S} s into the run; one API instance, no worker; a fresh API per phase\n`,
  );
  console.log(
    '| phase | req/s | p50 / p95 / p99 ms (flood span) | p95 ms (whole run) | flood span s | sent | answers | unanswered at a close | sockets opened | closes | PostgreSQL transactions · shows scans · Redis commands | CPU s API · PostgreSQL · Redis · flood client |',
  );
  console.log('|---|---:|---|---:|---:|---:|---|---:|---:|---|---:|---|');
  for (const r of results) {
    const w = r.window;
    const f = r.flood;
    console.log(
      `| ${r.title} | ${Math.round(w.rps)} | ${ms(w.p50)} / ${ms(w.p95)} / ${ms(w.p99)} | ${ms(r.whole.p95)} | ${f ? ((f.endedAt - f.startedAt) / 1000).toFixed(1) : '–'} | ${f ? f.sent : '–'} | ${f ? table(f.answers) : '–'} | ${f ? f.unanswered : '–'} | ${f ? f.sockets : '–'} | ${f ? table(f.closes) : '–'} | ${r.work.transactions} · ${r.work.showScans} · ${r.work.redisCommands} | ${[r.cpu.api, r.cpu.postgres, r.cpu.redis, r.floodCpu].map((v) => v.toFixed(1)).join(' · ')} |`,
    );
  }
  const alone = results.find((r) => r.key === 'alone');
  if (alone) {
    const ratios = results
      .filter((r) => r.flood)
      .map((r) => `${r.key} ${(r.window.p95 / alone.window.p95).toFixed(1)}×`);
    if (ratios.length > 0)
      console.log(`\np95 under the flood, of the ceiling's: ${ratios.join(', ')}`);
  }
}

/** One phase on a freshly started API: autocannon, and the flood when asked. */
async function phase({ key, title, flood, extraEnv, xff }, env) {
  console.log(`\n${title}…`);
  // Everything this phase's API process does, its start included.
  const before = counters();
  const api = await startApi({ ...env, ...extraEnv }, PORT);
  let floodChild = null;
  try {
    const gala = await (
      await fetch(`${api.base}/shows/noche-de-gala-sinfonica`, {
        headers: { accept: 'application/json' },
      })
    ).json();
    const url = `${api.base}/shows/${gala._id}`;
    // A discarded 2-second warm-up (JIT, first cache fill), as catalogue.mjs does.
    await runAutocannon(url, 2, null);
    if (flood) {
      floodChild = fork(SCRIPT, ['--role', 'flood'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      await new Promise((resolve) => floodChild.once('message', resolve));
    }
    const cpu0 = cpuSeconds({ api: api.pid, worker: 0 });
    let floodResult = null;
    const measured = runAutocannon(url, DURATION, async () => {
      if (!floodChild) return;
      await sleep(FLOOD_DELAY_S * 1000);
      const done = new Promise((resolve) => floodChild.once('message', resolve));
      floodChild.send({
        url: `ws://127.0.0.1:${PORT}/realtime`,
        xff,
        clients: CLIENTS,
        subscriptions: SUBSCRIPTIONS,
        window: WINDOW,
      });
      floodResult = await done;
    });
    const samples = await measured;
    const cpu1 = cpuSeconds({ api: api.pid, worker: 0 });
    const floodCpu = floodChild ? processCpuSeconds(floodChild.pid) : 0;
    const from = floodResult?.startedAt ?? samples.startedAt;
    const to = floodResult?.endedAt ?? samples.endedAt;
    const inWindow = samples.list.filter((s) => s.at >= from && s.at <= to).map((s) => s.ms);
    api.stop();
    // The next phase starts an API on the same port: this one must be gone.
    if (!(await waitForExit(api.pid, 30_000))) throw new Error(`the API (${api.pid}) did not end`);
    // PostgreSQL counts a backend's work when it ends: read after the pool closed.
    await sleep(1500);
    const cpu = delta(cpu1, cpu0);
    return {
      key,
      title,
      flood: floodResult,
      floodCpu,
      cpu,
      work: delta(counters(), before),
      window: {
        rps: inWindow.length / Math.max(0.001, (to - from) / 1000),
        p50: percentile(inWindow, 50),
        p95: percentile(inWindow, 95),
        p99: percentile(inWindow, 99),
        n: inWindow.length,
      },
      whole: {
        p95: percentile(
          samples.list.map((s) => s.ms),
          95,
        ),
      },
      non2xx: samples.non2xx,
      errors: samples.errors,
    };
  } finally {
    floodChild?.kill('SIGTERM');
    api.stop();
  }
}

/**
 * autocannon on `url` for `duration` s with every answer's latency and end time; with
 * `during`, also until `during()` resolves (the flood may outlast the duration).
 */
function runAutocannon(url, duration, during) {
  return new Promise((resolve, reject) => {
    const list = [];
    const startedAt = Date.now();
    let isTimeUp = false;
    let isDuringDone = during === null;
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: 3600,
        headers: { accept: 'application/json' },
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({ list, startedAt, endedAt: Date.now(), non2xx: r.non2xx, errors: r.errors });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => list.push({ at: Date.now(), ms }));
    const stopWhenBoth = () => {
      if (isTimeUp && isDuringDone) instance.stop();
    };
    setTimeout(() => {
      isTimeUp = true;
      stopWhenBoth();
    }, duration * 1000);
    during?.().then(
      () => {
        isDuringDone = true;
        stopWhenBoth();
      },
      (err) => {
        instance.stop();
        reject(err);
      },
    );
  });
}

/**
 * What the database and Redis did so far: the database's committed transactions (a
 * query outside a transaction is one), scans of the shows table (sequential or by index:
 * on the seed's 59 shows PostgreSQL picks either for a lookup by id) and every command
 * Redis processed. PostgreSQL counts a backend's work when it ends or every second or
 * so: read before a phase's API starts and after it stopped.
 */
function counters() {
  const out = execFileSync(
    'psql',
    [
      databaseUrl(DB),
      '-tAc',
      `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()),
              (SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = 'shows')`,
    ],
    { encoding: 'utf8' },
  );
  const [transactions, showScans] = out.trim().split('|').map(Number);
  const info = execFileSync('redis-cli', ['-u', REDIS_URL, 'info', 'stats'], { encoding: 'utf8' });
  const redisCommands = Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0);
  return { transactions, showScans, redisCommands };
}

/**
 * A new address in 198.18.0.0/15 (set aside for benchmarks) for each phase: the lookup
 * budget in Redis outlives an API process, and a run a minute after another must not
 * start with its address's budget spent.
 */
function attackerAddress() {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

function delta(after, before) {
  return Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
}

function table(t) {
  return (
    Object.entries(t)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none'
  );
}

function summary(r) {
  const w = r.window;
  const head = `${w.n} answers in the span, ${Math.round(w.rps)} req/s, p50 ${ms(w.p50)} · p95 ${ms(w.p95)} · p99 ${ms(w.p99)} ms (whole run p95 ${ms(r.whole.p95)}); non-2xx ${r.non2xx}, errors ${r.errors}; PostgreSQL transactions ${r.work.transactions}, shows scans ${r.work.showScans}, Redis commands ${r.work.redisCommands}`;
  if (!r.flood) return head;
  const f = r.flood;
  return `${head}\n  flood: ${f.sent} sent in ${((f.endedAt - f.startedAt) / 1000).toFixed(1)} s on ${f.sockets} sockets; answers: ${table(f.answers)}; unanswered at a close ${f.unanswered}; closes: ${table(f.closes)}; socket errors: ${table(f.socketErrors)}\n  sockets: ${table(f.perSocket)}`;
}

function ms(v) {
  return v.toFixed(1);
}

function load() {
  return os.loadavg()[0].toFixed(2);
}
