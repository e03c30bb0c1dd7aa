// Chat benchmark (issue 10, "Speed"): 10,000 viewers of one LIVE no-login show
// connected over WebSocket to TWO API instances (half each: separate processes
// and ports, one PostgreSQL database, one Redis namespace), all in its chat
// room `chats-{show}`. Each viewer joins as the SPA's player does (decisions
// 0022, 0026): an organiser-generated access code sent with `setChannel`, from
// its own public address (X-Forwarded-For through TRUST_PROXY_HOPS=1, so the
// geo-IP check is real), a ping every 25 s, and after a drop a new socket after
// 1 s, 2 s, 4 s… up to 15 s (apps/web/src/api/realtime.ts). Viewers connect at a
// controlled rate; each is in when it got `init`.
//
// Then 5 messages/s for 60 s from 20 senders on both instances (0.25 message/s
// each, under the 5-per-10-s rate): delivery latency at every receiver (the
// send time travels in the text; clocks of one machine), messages lost
// (expected deliveries minus received), RSS and CPU of every process. Then a
// reconnect storm: 5,000 viewers drop at once and come back spread over 10 s,
// timed until all got `init` again, and 2 s of messages to prove everyone is
// back in the room. Last, the ceiling on the same sockets and messages: a bare
// `ws` server (no Fastify, Redis or database), like the API in two processes of
// half the sockets each, a message relayed from one to the other over a plain
// ws link (`--ceiling-processes 1` for one process holding every socket).
//
// `--instances 1` (issue 13): every viewer on one API instance, for the
// single-instance figures beside the two-instance ones; the ceiling then runs
// in one process too (unless --ceiling-processes says otherwise) and the
// printed "API B" figures are 0.
//
//   pnpm build && node scripts/bench/chat.mjs [--viewers 10000] [--rate 5]
//     [--seconds 60] [--senders 20] [--connect-rate 200] [--storm 5000]
//     [--storm-window 10] [--clients 2] [--ceiling on|off] [--ceiling-processes 2]
//     [--instances 2]
//
// The sockets live in `--clients` Node processes of this script (--role client),
// never in the process that measures and prints. BENCH_CPU_PROFILE=dir profiles
// both API instances. Exits 1 when a delivery was lost or a viewer never joined.
// Needs PostgreSQL and Redis on localhost. Not a test: it never runs in CI.
// Results: docs/benchmarks.md.
import { execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  adminHeaders,
  api,
  cpuSeconds,
  databaseUrl,
  machineLine,
  openFileLimits,
  parseArgs,
  percentile,
  processCpuSeconds,
  requireApi,
  requireRoot,
  rssMegabytes,
  startApi,
  startStack,
  waitForExit,
} from './lib.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const args = parseArgs();
const ROLE = args.role ?? 'main';

/** What every benchmark message starts with, as the server's JSON carries it. */
const MARK = '"message":"bench ';
const FILLER = '¡Qué gran función, saludos desde Xela!';
/** Latency histogram: 0.1 ms buckets up to 60 s, the last one for anything later. */
const BUCKETS = 600_001;
/** The clients' event-loop delay is sampled every 5 ms. */
const LOOP_SAMPLE_MS = 5;
/** The SPA's realtime client: a ping every 25 s, reconnects after 1 s doubling up to 15 s. */
const SPA_PING_MS = 25_000;
const SPA_MAX_PAUSE_MS = 15_000;
/** A viewer not in after this long counts as not joined. */
const GIVE_UP_MS = 120_000;
/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (ROLE === 'client') runClient();
else if (ROLE === 'ceiling') runCeilingServer();
else await runMain();

// ─── The viewers' side: one of the --clients processes ─────────────────────────

function runClient() {
  const WebSocket = requireApi('ws');
  /** {i, code, port, xff, instance, sender, storm, slot, ws, subscribed, onInit, onRefused, onDrop} */
  let viewers = [];
  let channel = '';
  let phase = null;
  let loopDelay = null;
  const errors = {};
  const bump = (table, key) => {
    table[key] = (table[key] ?? 0) + 1;
  };
  let closedUnexpectedly = 0;
  /** The refusals and socket failures since the last call, and a fresh table. */
  const takeErrors = () => {
    const copy = { ...errors };
    for (const key of Object.keys(errors)) delete errors[key];
    return copy;
  };

  let retries = 0;

  function onMessage(v, raw) {
    const text = raw.toString();
    if (text.includes('"type":"init"')) {
      v.subscribed = true;
      v.onInit?.();
      return;
    }
    const at = text.indexOf(MARK);
    if (at !== -1) {
      const end = text.indexOf('"', at + MARK.length);
      const [seq, sentAt] = text.slice(at + MARK.length, end).split(' ');
      const k = Number(seq);
      const latency = now() - Number(sentAt);
      if (!phase || !(k >= 0 && k < phase.n)) {
        if (phase) phase.stray += 1;
        return;
      }
      const seen = v.slot * phase.n + k;
      if (phase.seen[seen]) {
        phase.duplicates += 1;
        return;
      }
      phase.seen[seen] = 1;
      phase.counts[k] += 1;
      phase.received += 1;
      if (latency < 0) phase.negative += 1;
      const bucket = Math.min(BUCKETS - 1, Math.max(0, Math.round(latency * 10)));
      phase.hist[v.instance][bucket] += 1;
      return;
    }
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      bump(errors, 'unparsable frame');
      return;
    }
    if (message.type !== 'error') return;
    bump(errors, message.error);
    if (!v.subscribed) v.onRefused?.(message.error);
  }

  /** One socket of a viewer, as the SPA opens it: setChannel on open, a ping every 25 s. */
  function open(v) {
    v.subscribed = false;
    v.dropping = false;
    const ws = new WebSocket(`ws://127.0.0.1:${v.port}/realtime`, {
      headers: { 'x-forwarded-for': v.xff },
      perMessageDeflate: false,
      handshakeTimeout: 60_000,
    });
    v.ws = ws;
    let pinger = null;
    ws.on('open', () => {
      ws.send(JSON.stringify({ action: 'setChannel', channel_id: channel, code: v.code }));
      pinger = setInterval(() => ws.send('{"action":"ping"}'), SPA_PING_MS);
    });
    ws.on('message', (raw) => onMessage(v, raw));
    ws.on('error', (err) => bump(errors, `socket ${err.code ?? err.message}`));
    ws.on('close', (code) => {
      clearInterval(pinger);
      if (v.ws !== ws || v.dropping) return;
      bump(errors, `closed ${code}`);
      if (v.subscribed) closedUnexpectedly += 1;
      v.subscribed = false;
      v.onDrop?.();
    });
  }

  /**
   * Joins the chat as the SPA's realtime client does (apps/web/src/api/realtime.ts):
   * after a drop it opens a new socket after 1 s, then 2, 4… up to 15 s, and joins
   * again. Resolves null on `init`, the error on a refusal, 'gave up' after 2 minutes.
   */
  function join(v) {
    return new Promise((resolve) => {
      const started = now();
      let pause = 1000;
      v.onInit = () => {
        v.onInit = null;
        v.onRefused = null;
        // In the room: a later drop reconnects the same way (counted as a socket closed).
        v.onDrop = () => void join(v);
        resolve(null);
      };
      v.onRefused = (error) => {
        v.onInit = null;
        v.onRefused = null;
        v.onDrop = null;
        resolve(error);
      };
      v.onDrop = () => {
        if (now() - started > GIVE_UP_MS) return v.onRefused('gave up');
        retries += 1;
        setTimeout(() => open(v), pause);
        pause = Math.min(pause * 2, SPA_MAX_PAUSE_MS);
      };
      open(v);
    });
  }

  /** Joins `list` at `rate` per second; answers the outcomes and connect→init times. */
  async function joinAll(list, rate) {
    const started = now();
    const times = [];
    const refused = {};
    const pending = [];
    for (let n = 0; n < list.length; n += 1) {
      const due = started + (n * 1000) / rate;
      const wait = due - now();
      if (wait > 1) await sleep(wait);
      const v = list[n];
      const t = now();
      pending.push(
        join(v).then((outcome) => {
          if (outcome === null) times.push(now() - t);
          else bump(refused, outcome);
        }),
      );
    }
    await Promise.all(pending);
    const seconds = (now() - started) / 1000;
    const tried = retries;
    retries = 0;
    return { joined: times.length, refused, times, seconds, retries: tried, errors: takeErrors() };
  }

  const handlers = {
    setup({ viewers: list, channel: name }) {
      viewers = list.map((v, slot) => ({ ...v, slot }));
      channel = name;
      return { viewers: viewers.length };
    },
    /** Points every viewer at other servers (the ceiling's), one port per instance. */
    retarget({ ports }) {
      for (const v of viewers) v.port = ports[v.instance];
      return {};
    },
    connect({ rate }) {
      takeErrors();
      retries = 0;
      return joinAll(viewers, rate);
    },
    /** A new message phase of `n` messages: counters reset. */
    phase({ n }) {
      phase = {
        n,
        counts: new Uint32Array(n),
        seen: new Uint8Array(viewers.length * n),
        hist: [new Uint32Array(BUCKETS), new Uint32Array(BUCKETS)],
        received: 0,
        duplicates: 0,
        stray: 0,
        negative: 0,
        sent: 0,
        subscribedAtStart: viewers.filter((v) => v.subscribed).length,
      };
      takeErrors();
      closedUnexpectedly = 0;
      loopDelay?.disable();
      loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
      loopDelay.enable();
      return { subscribed: phase.subscribedAtStart };
    },
    /** Message k is sent by sender k mod `senders` at t0 + k / rate s. */
    /**
     * Message k is sent by sender k mod `senders` at t0 + k / rate s, never sooner than
     * `senders / rate` s after that sender's previous one: a late timer does not make a
     * burst that the per-viewer rate would refuse. `tag` names the phase in the text.
     */
    send({ t0, rate, senders, tag }) {
      const spacing = (senders * 1000) / rate;
      for (const v of viewers) {
        if (v.sender < 0) continue;
        let k = v.sender;
        let lastAt = -Infinity;
        const next = () => {
          if (k >= phase.n) return;
          const due = Math.max(t0 + (k * 1000) / rate, lastAt + spacing);
          setTimeout(
            () => {
              lastAt = Date.now();
              const sentAt = now();
              v.ws.send(
                JSON.stringify({
                  action: 'sendMessage',
                  channel_id: channel,
                  data: { message: `bench ${k} ${sentAt.toFixed(2)} ${tag} ${FILLER}` },
                }),
              );
              phase.sent += 1;
              k += senders;
              next();
            },
            Math.max(0, due - Date.now()),
          );
        };
        next();
      }
      return {};
    },
    progress() {
      return { sent: phase?.sent ?? 0, received: phase?.received ?? 0 };
    },
    report() {
      loopDelay?.disable();
      const sparse = (h) => {
        const pairs = [];
        for (let b = 0; b < h.length; b += 1) if (h[b] > 0) pairs.push([b, h[b]]);
        return pairs;
      };
      return {
        counts: Array.from(phase.counts),
        hist: phase.hist.map(sparse),
        received: phase.received,
        duplicates: phase.duplicates,
        stray: phase.stray,
        negative: phase.negative,
        sent: phase.sent,
        subscribedAtStart: phase.subscribedAtStart,
        subscribedNow: viewers.filter((v) => v.subscribed).length,
        closedUnexpectedly,
        errors: takeErrors(),
        // The histogram holds whole sampling intervals: what is beyond one is delay.
        loopDelay: {
          p99: loopDelay.percentile(99) / 1e6 - LOOP_SAMPLE_MS,
          max: loopDelay.max / 1e6 - LOOP_SAMPLE_MS,
        },
      };
    },
    /** The storm: this process's share drops at `dropAt`, each comes back within `windowMs`. */
    async storm({ dropAt, windowMs }) {
      const stormers = viewers.filter((v) => v.storm);
      await sleep(Math.max(0, dropAt - Date.now()));
      takeErrors();
      retries = 0;
      const dropped = now();
      for (const v of stormers) {
        v.dropping = true;
        v.subscribed = false;
        v.ws.terminate();
      }
      const back = [];
      const refused = {};
      const outcomes = stormers.map(
        (v) =>
          new Promise((resolve) => {
            setTimeout(async () => {
              const t = now();
              const outcome = await join(v);
              if (outcome === null) back.push({ joinMs: now() - t, sinceDropMs: now() - dropped });
              else bump(refused, outcome);
              resolve();
            }, Math.random() * windowMs);
          }),
      );
      await Promise.all(outcomes);
      return { dropped: stormers.length, back, refused, retries, errors: takeErrors() };
    },
    close() {
      for (const v of viewers) {
        v.dropping = true;
        v.ws?.terminate();
      }
      return {};
    },
  };

  process.on('message', async ({ id, cmd, body }) => {
    try {
      process.send({ id, result: await handlers[cmd](body ?? {}) });
    } catch (err) {
      process.send({ id, error: String(err?.stack ?? err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
}

// ─── The ceiling: a bare ws broadcast with the same messages ───────────────────

function runCeilingServer() {
  const { WebSocket, WebSocketServer } = requireApi('ws');
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: Number(args.port),
    maxPayload: 16 * 1024,
    perMessageDeflate: false,
  });
  const room = new Set();
  /** The other ceiling process: what a viewer says here is relayed there as it is. */
  const peers = new Set();
  const broadcast = (payload) => {
    for (const socket of room) if (socket.readyState === 1) socket.send(payload);
  };
  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      const text = String(raw);
      const message = JSON.parse(text);
      if (message.type === 'message') return broadcast(text);
      if (message.action === 'ping') return ws.send('{"type":"pong"}');
      if (message.action === 'setChannel') {
        room.add(ws);
        ws.send(JSON.stringify({ type: 'subscribed', channel: message.channel_id }));
        ws.send(
          JSON.stringify({
            type: 'message',
            channel: message.channel_id,
            data: { type: 'init', messages: [], poll: null, pollAnswered: false },
          }),
        );
      } else if (message.action === 'sendMessage') {
        // The same envelope and chat message the API publishes (decision 0026).
        const payload = JSON.stringify({
          type: 'message',
          channel: message.channel_id,
          data: {
            _id: randomUUID(),
            show_uid: message.channel_id.slice('chats-'.length),
            username: 'Invitado 1A2B',
            type: 'message',
            message: message.data.message,
            time: new Date().toISOString(),
          },
        });
        for (const peer of peers) peer.send(payload);
        broadcast(payload);
      }
    });
    ws.on('close', () => room.delete(ws));
  });
  process.on('message', ({ peer }) => {
    const ws = new WebSocket(`ws://127.0.0.1:${peer}`, { perMessageDeflate: false });
    ws.on('open', () => {
      peers.add(ws);
      process.send({ linked: true });
    });
  });
  wss.on('listening', () => process.send({ ready: true }));
  process.on('disconnect', () => process.exit(0));
}

// ─── The measuring process ─────────────────────────────────────────────────────

async function runMain() {
  const VIEWERS = Number(args.viewers ?? 10_000);
  const RATE = Number(args.rate ?? 5);
  const SECONDS = Number(args.seconds ?? 60);
  const SENDERS = Number(args.senders ?? 20);
  const CONNECT_RATE = Number(args['connect-rate'] ?? 200);
  const STORM = Math.min(VIEWERS, Number(args.storm ?? 5000));
  const STORM_WINDOW_S = Number(args['storm-window'] ?? 10);
  const CLIENTS = Number(args.clients ?? 2);
  const CEILING = (args.ceiling ?? 'on') !== 'off';
  const INSTANCES = Number(args.instances ?? 2);
  if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('--instances: 1 or 2');
  const CEILING_PROCESSES = Number(args['ceiling-processes'] ?? INSTANCES);
  const PORTS = [3330, 3331].slice(0, INSTANCES);
  const CEILING_PORTS = [3332, 3333];
  const DB = 'taquilla_chat';
  /** Messages after the storm, to prove every viewer is back in the room. */
  const AFTER_STORM = 2 * RATE;

  // 5 messages per 10 s per viewer (decision 0026), in fixed windows: a sender
  // sending every SENDERS / RATE s stays under it with a window's edge to spare.
  if ((10 * RATE) / SENDERS > 4) {
    throw new Error(`${SENDERS} senders at ${RATE}/s would pass 5 messages per 10 s each`);
  }
  // Open files: the ceiling holds every socket in one process.
  const needFiles = VIEWERS + 1024;
  const limits = openFileLimits();
  if (limits.soft < needFiles) {
    if (limits.hard < needFiles) {
      throw new Error(`${needFiles} open files needed, the hard limit is ${limits.hard}`);
    }
    if (process.env.TAQUILLA_BENCH_ULIMIT) throw new Error('could not raise the open-file limit');
    // Again under a raised limit, which every process started from here inherits.
    const raised = Math.min(limits.hard, 65_536);
    execFileSync(
      'sh',
      [
        '-c',
        `ulimit -n ${raised}; exec "$0" "$@"`,
        process.execPath,
        SCRIPT,
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit', env: { ...process.env, TAQUILLA_BENCH_ULIMIT: '1' } },
    );
    return;
  }

  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const loadAtStart = load();
  console.log(
    `load average at start ${loadAtStart} · open files soft ${limits.soft}, hard ${limits.hard}`,
  );

  const stack = await startStack(DB, PORTS[0]);
  const second = INSTANCES === 2 ? await startApi(stack.env, PORTS[1]) : null;
  const apiPids = second ? [stack.pids.api, second.pid] : [stack.pids.api];
  const { Client } = requireRoot('pg');
  const pg = new Client({ connectionString: databaseUrl(DB) });
  await pg.connect();
  const clients = [];
  const ceilingServers = [];
  // Peak RSS per phase of the servers being measured: the two APIs, later the ceiling's.
  const rss = { phase: 'setup', pids: apiPids, peak: {} };
  const rssTimer = setInterval(() => {
    // Always A and B (B stays 0 with one instance).
    const row = (rss.peak[rss.phase] ??= [0, 0].concat(rss.pids.slice(2).map(() => 0)));
    rss.pids.forEach((pid, n) => {
      row[n] = Math.max(row[n], rssMegabytes(pid));
    });
  }, 250);
  const failures = [];

  try {
    // A LIVE no-login show whose chat is open, and its access codes.
    const base = stack.base;
    const admin = await adminHeaders(base, stack.env);
    const producer = (await api(base, 'GET', '/admin/producers', admin)).items[0]?._id;
    const show = await api(base, 'POST', '/admin/shows', admin, {
      fullname: 'Concierto en vivo (benchmark del chat)',
      show_date: new Date().toISOString(),
      venue: 'Teatro Nacional',
      status: 'LIVE',
      producer,
      settings: { nologin: true, chat_visible: true },
    });
    const channel = `chats-${show._id}`;
    const codes = [];
    while (codes.length < VIEWERS) {
      const quantity = Math.min(5000, VIEWERS - codes.length);
      const batch = await api(base, 'POST', `/admin/shows/${show._id}/access-codes`, admin, {
        quantity,
      });
      codes.push(...batch.items.map((c) => c.code));
    }

    // Each viewer from its own public address in 181.174.64.0/18 (Guatemala, as the
    // API tests take it): the region check runs on a real geo-IP lookup.
    const address = (i) => `181.174.${64 + ((i >> 8) & 63)}.${i & 255}`;
    const countries = new Set();
    for (const i of [0, Math.floor(VIEWERS / 3), Math.floor((2 * VIEWERS) / 3), VIEWERS - 1]) {
      const geo = await api(base, 'GET', '/geo', { 'x-forwarded-for': address(i) });
      countries.add(geo.country_code);
    }

    // Exactly STORM viewers take part in the storm, spread over instances and clients.
    const order = [...Array(VIEWERS).keys()];
    let seed = 2026;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const stormers = new Set(order.slice(0, STORM));
    const share = Array.from({ length: CLIENTS }, () => []);
    for (let i = 0; i < VIEWERS; i += 1) {
      share[Math.floor(i / 2) % CLIENTS].push({
        i,
        code: codes[i],
        port: PORTS[i % INSTANCES],
        instance: i % INSTANCES,
        xff: address(i),
        sender: i < SENDERS ? i : -1,
        storm: stormers.has(i),
      });
    }

    // The client processes.
    let nextId = 0;
    for (let c = 0; c < CLIENTS; c += 1) {
      const child = fork(SCRIPT, ['--role', 'client'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const waiting = new Map();
      const ready = new Promise((resolve) => {
        child.on('message', (m) => {
          if (m.ready) return resolve();
          const w = waiting.get(m.id);
          waiting.delete(m.id);
          if (m.error) w.reject(new Error(m.error));
          else w.resolve(m.result);
        });
      });
      child.on('exit', (code) => {
        for (const w of waiting.values()) w.reject(new Error(`client ${c + 1} exited (${code})`));
        waiting.clear();
      });
      await ready;
      const call = (cmd, body) =>
        new Promise((resolve, reject) => {
          const id = (nextId += 1);
          waiting.set(id, { resolve, reject });
          child.send({ id, cmd, body });
        });
      clients.push({ child, call });
    }
    const all = (cmd, body) => Promise.all(clients.map((c) => c.call(cmd, body)));
    await Promise.all(clients.map((c, n) => c.call('setup', { viewers: share[n], channel })));

    const cpuNow = () => ({
      ...cpuSeconds({ api: stack.pids.api, worker: stack.pids.worker }),
      api2: second ? processCpuSeconds(second.pid) : 0,
      clients: clients.map((c) => processCpuSeconds(c.child.pid)),
      ceiling: ceilingServers.reduce((sum, c) => sum + processCpuSeconds(c.pid), 0),
    });
    const cpuSpent = (a, b) => ({
      apiA: b.api - a.api,
      apiB: b.api2 - a.api2,
      worker: b.worker - a.worker,
      postgres: b.postgres - a.postgres,
      redis: b.redis - a.redis,
      clients: b.clients.map((v, n) => v - a.clients[n]),
      ceiling: b.ceiling - a.ceiling,
      main: b.bench - a.bench,
    });

    console.log(
      `show ${show._id} (LIVE, no-login, chat open) · ${codes.length} access codes · viewers' addresses in ${[...countries].join(', ')}`,
    );
    console.log(
      `clients: ${CLIENTS} Node processes of ${share.map((s) => s.length).join(' + ')} sockets (this process holds none); API A :${PORTS[0]} (pid ${apiPids[0]})${second ? `, API B :${PORTS[1]} (pid ${apiPids[1]})` : ' alone'}, one worker`,
    );

    // ── Connect ──
    const statements = async () =>
      Number(
        (await pg.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [DB]))
          .rows[0].xact_commit,
      );
    const statements0 = await statements();
    rss.phase = 'connect';
    const connected = await connectPhase(CONNECT_RATE);
    await sleep(1000); // PostgreSQL's statistics arrive within a second
    const transactions = (await statements()) - statements0;
    console.log(
      `\nconnect: ${connected.joined} of ${VIEWERS} subscribed (got init) in ${connected.seconds.toFixed(1)} s at ${CONNECT_RATE}/s asked (${(connected.joined / connected.seconds).toFixed(0)}/s reached; load ${connected.load}); connect→init p50 ${connected.p50.toFixed(0)} ms, p99 ${connected.p99.toFixed(0)} ms`,
    );
    console.log(`  ${connected.troubles}`);
    console.log(
      `  CPU s: ${cpuLine(connected.cpu)} · per join: API ${((1000 * (connected.cpu.apiA + connected.cpu.apiB)) / connected.joined).toFixed(1)} ms, PostgreSQL ${((1000 * connected.cpu.postgres) / connected.joined).toFixed(1)} ms, ${(transactions / connected.joined).toFixed(1)} PostgreSQL transactions`,
    );
    if (connected.joined < VIEWERS)
      failures.push(`${VIEWERS - connected.joined} viewers never joined`);
    const rssConnected = [0, 1].map((n) => (apiPids[n] ? rssMegabytes(apiPids[n]) : 0));

    // ── Messages ──
    rss.phase = 'messages';
    /** Which messages of a phase the API took: those stored in PostgreSQL. */
    const stored = (tag) => async () => {
      const { rows } = await pg.query(
        'SELECT message FROM chat_messages WHERE show_id = $1 AND message LIKE $2',
        [show._id, `bench % ${tag} %`],
      );
      return new Set(rows.map((r) => Number(r.message.split(' ')[1])));
    };
    const ours = await messagePhase('API', RATE * SECONDS, 'main', stored('main'));
    rss.phase = 'storm';
    printPhase(ours);
    const peakMessages = rss.peak.messages ?? [0, 0];
    console.log(
      `  RSS MB: API A ${rssConnected[0].toFixed(0)} after connecting, ${peakMessages[0].toFixed(0)} peak · API B ${rssConnected[1].toFixed(0)}, ${peakMessages[1].toFixed(0)} peak`,
    );

    // ── Reconnect storm ──
    const stormLoad = load();
    const cpuStorm0 = cpuNow();
    const overflows0 = listenOverflows();
    const dropAt = Date.now() + 500;
    const storms = await all('storm', { dropAt, windowMs: STORM_WINDOW_S * 1000 });
    const cpuStorm = cpuSpent(cpuStorm0, cpuNow());
    const stormOverflows = listenOverflows() - overflows0;
    const back = storms.flatMap((s) => s.back);
    const stormRefused = mergeCounts(storms.map((s) => s.refused));
    const allBackS = Math.max(0, ...back.map((b) => b.sinceDropMs)) / 1000;
    const dropped = storms.reduce((n, s) => n + s.dropped, 0);
    const joinTimes = back.map((b) => b.joinMs);
    console.log(
      `\nreconnect storm: ${dropped} viewers dropped at once (terminated) and came back spread over ${STORM_WINDOW_S} s: ${back.length} of ${dropped} resubscribed (got init again), the last ${allBackS.toFixed(1)} s after the drop; connect→init p50 ${percentile(joinTimes, 50).toFixed(0)} ms, p99 ${percentile(joinTimes, 99).toFixed(0)} ms · load ${stormLoad}`,
    );
    console.log(
      `  ${troubleText(
        stormRefused,
        mergeCounts(storms.map((s) => s.errors)),
        stormOverflows,
        storms.reduce((n, s) => n + s.retries, 0),
      )}`,
    );
    const peakStorm = rss.peak.storm ?? [0, 0];
    console.log(
      `  RSS MB peak: API A ${peakStorm[0].toFixed(0)} · API B ${peakStorm[1].toFixed(0)} · CPU s: ${cpuLine(cpuStorm)} · per join: API ${((1000 * (cpuStorm.apiA + cpuStorm.apiB)) / Math.max(1, back.length)).toFixed(1)} ms, PostgreSQL ${((1000 * cpuStorm.postgres) / Math.max(1, back.length)).toFixed(1)} ms`,
    );
    if (back.length < dropped) failures.push(`${dropped - back.length} viewers did not come back`);
    rss.phase = 'after';
    const after = await messagePhase('API after the storm', AFTER_STORM, 'after', stored('after'));
    console.log(
      `  after the storm: ${after.accepted} messages to ${after.subscribers} viewers: ${after.received} of ${after.expected} delivered, lost ${after.lost}; RSS MB now: API A ${rssMegabytes(apiPids[0]).toFixed(0)} · API B ${(second ? rssMegabytes(second.pid) : 0).toFixed(0)}`,
    );

    rss.phase = 'closing';
    await all('close');
    await sleep(500);
    stack.stop();
    second?.stop();
    await Promise.all(apiPids.map((pid) => waitForExit(pid, 30_000)));
    await waitForExit(stack.pids.worker, 30_000);

    // ── Ceiling: bare ws, same sockets, same messages ──
    // Like the two instances: two processes of half the sockets each, a message said
    // on one relayed to the other over one plain ws link (no Fastify, Redis, database).
    let ceiling = null;
    if (CEILING) {
      for (let n = 0; n < CEILING_PROCESSES; n += 1) {
        const server = fork(SCRIPT, ['--role', 'ceiling', '--port', String(CEILING_PORTS[n])], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        await new Promise((resolve) => server.once('message', resolve));
        ceilingServers.push(server);
      }
      if (CEILING_PROCESSES === 2) {
        await Promise.all(
          ceilingServers.map((server, n) => {
            const linked = new Promise((resolve) => server.once('message', resolve));
            server.send({ peer: CEILING_PORTS[1 - n] });
            return linked;
          }),
        );
      }
      const ports = CEILING_PORTS.slice(0, CEILING_PROCESSES);
      await all('retarget', { ports: [ports[0], ports.at(-1)] });
      rss.phase = 'ceiling';
      rss.pids = ceilingServers.map((c) => c.pid);
      const ceilingConnect = await connectPhase(Math.max(CONNECT_RATE, 2000));
      console.log(
        `\nceiling: a bare ws server (no Fastify, Redis or database) in ${CEILING_PROCESSES} process${CEILING_PROCESSES === 2 ? 'es of half the sockets each, messages relayed between them over one ws link' : ''}: ${ceilingConnect.joined} of ${VIEWERS} connected in ${ceilingConnect.seconds.toFixed(1)} s`,
      );
      const every = async (n) => new Set(Array.from({ length: n }, (_, k) => k));
      ceiling = await messagePhase('ceiling', RATE * SECONDS, 'ceiling', every);
      printPhase(ceiling);
      console.log(
        `  RSS MB peak: ${(rss.peak.ceiling ?? []).map((v) => v.toFixed(0)).join(' · ')}`,
      );
      await all('close');
    }

    // ── Summary ──
    const apiPhases = Object.entries(rss.peak).filter(([k]) => k !== 'ceiling');
    console.log(
      `\nRSS MB peak per phase (API A / API B): ${apiPhases.map(([k, r]) => `${k} ${r[0].toFixed(0)} / ${r[1].toFixed(0)}`).join(' · ')}`,
    );
    const lost = ours.lost + after.lost;
    console.log(`\n${machineLine(`load average ${loadAtStart} at start, ${load()} at the end`)}`);
    console.log(
      `${VIEWERS} viewers on ${INSTANCES} API instance${INSTANCES === 2 ? 's' : ''}, ${RATE} messages/s for ${SECONDS} s by ${SENDERS} senders; ${CLIENTS} client processes`,
    );
    const serverCpu = (c) => c.apiA + c.apiB + c.worker + c.postgres + c.redis;
    const rows = [
      ['p99 delivery < 500 ms', `${ours.p99.toFixed(1)} ms`, ours.p99 < 500],
      ['zero lost', `${lost} lost`, lost === 0],
      [
        'RSS < 400 MB per instance',
        `${Math.max(...apiPhases.flatMap(([, r]) => r)).toFixed(0)} MB peak`,
        apiPhases.every(([, r]) => r[0] < 400 && r[1] < 400),
      ],
      [
        'storm: all resubscribed < 30 s',
        `${allBackS.toFixed(1)} s`,
        back.length === dropped && allBackS < 30,
      ],
    ];
    for (const [goal, measured, met] of rows) {
      console.log(`  ${met ? 'met   ' : 'MISSED'} ${goal}: ${measured}`);
    }
    if (ceiling) {
      const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
      const ourCpu = (1e6 * serverCpu(ours.cpu)) / ours.received;
      const ceilingCpu = (1e6 * ceiling.cpu.ceiling) / ceiling.received;
      console.log(
        `against the ceiling: p50 ${ours.p50.toFixed(1)} vs ${ceiling.p50.toFixed(1)} ms (${ratio(ours.p50, ceiling.p50)}), p99 ${ours.p99.toFixed(1)} vs ${ceiling.p99.toFixed(1)} ms (${ratio(ours.p99, ceiling.p99)}), server CPU per delivery ${ourCpu.toFixed(1)} vs ${ceilingCpu.toFixed(1)} µs (${ratio(ourCpu, ceilingCpu)})`,
      );
    }
    if (lost > 0) failures.push(`${lost} deliveries lost`);
    const unkept = ours.heardNotTaken + after.heardNotTaken;
    if (unkept > 0) failures.push(`${unkept} messages heard but not stored`);
    if (failures.length > 0) {
      console.log(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    }

    // ── helpers over the clients ──
    async function connectPhase(rate) {
      const phaseLoad = load();
      const cpu0 = cpuNow();
      const overflows0 = listenOverflows();
      const results = await all('connect', { rate: rate / CLIENTS });
      const times = results.flatMap((r) => r.times);
      return {
        load: phaseLoad,
        cpu: cpuSpent(cpu0, cpuNow()),
        troubles: troubleText(
          mergeCounts(results.map((r) => r.refused)),
          mergeCounts(results.map((r) => r.errors)),
          listenOverflows() - overflows0,
          results.reduce((n, r) => n + r.retries, 0),
        ),
        joined: results.reduce((n, r) => n + r.joined, 0),
        refused: mergeCounts(results.map((r) => r.refused)),
        seconds: Math.max(...results.map((r) => r.seconds)),
        p50: percentile(times, 50),
        p99: percentile(times, 99),
      };
    }

    /**
     * `n` messages at RATE/s, tagged `tag`; `accepted` answers which of them the server
     * took (the API: the ones stored in PostgreSQL; the ceiling takes every one).
     */
    async function messagePhase(title, n, tag, accepted) {
      const starts = await all('phase', { n });
      const subscribers = starts.reduce((s, r) => s + r.subscribed, 0);
      const phaseLoad = load();
      const cpu0 = cpuNow();
      const t0 = Date.now() + 1000;
      await all('send', { t0, rate: RATE, senders: SENDERS, tag });
      await sleep(t0 + (n * 1000) / RATE - Date.now());
      const cpuSend = cpuSpent(cpu0, cpuNow());
      // Drain: until every message is out and every delivery in, or nothing more
      // arrives for 5 s once all are out.
      let last = -1;
      let quietSince = Date.now();
      for (;;) {
        const progress = await all('progress');
        const sent = progress.reduce((s, r) => s + r.sent, 0);
        const received = progress.reduce((s, r) => s + r.received, 0);
        if (sent >= n && received >= subscribers * n) break;
        if (received !== last || sent < n) {
          last = received;
          quietSince = Date.now();
        } else if (Date.now() - quietSince > 5000) break;
        await sleep(200);
      }
      const reports = await all('report');
      const took = await accepted(n);
      const counts = new Array(n).fill(0);
      const hist = [new Map(), new Map()];
      for (const r of reports) {
        r.counts.forEach((c, k) => (counts[k] += c));
        r.hist.forEach((pairs, inst) => {
          for (const [b, c] of pairs) hist[inst].set(b, (hist[inst].get(b) ?? 0) + c);
        });
      }
      const expected = took.size * subscribers;
      let lostHere = 0;
      for (const k of took) lostHere += Math.max(0, subscribers - counts[k]);
      // A message heard that the server did not keep would break decision 0026.
      const heardNotTaken = counts.filter((c, k) => c > 0 && !took.has(k)).length;
      const both = new Map();
      for (const h of hist) for (const [b, c] of h) both.set(b, (both.get(b) ?? 0) + c);
      const sum = (key) => reports.reduce((s, r) => s + r[key], 0);
      return {
        title,
        n,
        load: phaseLoad,
        subscribers,
        accepted: took.size,
        refusedMessages: n - took.size,
        heardNotTaken,
        expected,
        received: sum('received'),
        lost: lostHere,
        duplicates: sum('duplicates'),
        stray: sum('stray'),
        negative: sum('negative'),
        closedUnexpectedly: sum('closedUnexpectedly'),
        errors: mergeCounts(reports.map((r) => r.errors)),
        p50: histPercentile(both, 50),
        p99: histPercentile(both, 99),
        max: histPercentile(both, 100),
        byInstance: hist.map((h) => [histPercentile(h, 50), histPercentile(h, 99)]),
        loopDelay: reports.map((r) => r.loopDelay),
        cpu: cpuSend,
        seconds: n / RATE,
      };
    }

    function printPhase(p) {
      console.log(
        `\n${p.title}: ${p.n} messages at ${RATE}/s for ${p.seconds} s by ${SENDERS} senders (load ${p.load}): ${p.accepted} taken${p.title.startsWith('API') ? ' (stored in PostgreSQL)' : ''}, ${p.refusedMessages} refused${refusalText(p.errors)}`,
      );
      console.log(
        `  deliveries: ${p.expected} expected (${p.accepted} × ${p.subscribers} viewers), ${p.received} received, lost ${p.lost}, duplicates ${p.duplicates}, heard but not stored ${p.heardNotTaken}, sockets closed ${p.closedUnexpectedly}${p.stray + p.negative > 0 ? `, out of phase ${p.stray}, negative delays (clock) ${p.negative}` : ''}`,
      );
      const inst =
        p.title === 'API'
          ? ` (viewers on A: p50 ${p.byInstance[0][0].toFixed(1)}, p99 ${p.byInstance[0][1].toFixed(1)} · on B: p50 ${p.byInstance[1][0].toFixed(1)}, p99 ${p.byInstance[1][1].toFixed(1)})`
          : '';
      console.log(
        `  delivery latency: p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms${inst}`,
      );
      console.log(`  CPU s over the ${p.seconds} s: ${cpuLine(p.cpu)}`);
      console.log(
        `  client event-loop delay p99 / max: ${p.loopDelay.map((d) => `${d.p99.toFixed(0)} / ${d.max.toFixed(0)} ms`).join(' · ')}`,
      );
    }

    function cpuLine(c) {
      const parts = [
        ['API A', c.apiA],
        ['API B', c.apiB],
        ['worker', c.worker],
        ['PostgreSQL', c.postgres],
        ['Redis', c.redis],
        ...c.clients.map((v, n) => [`client ${n + 1}`, v]),
        ['ws ceiling', c.ceiling],
        ['this process', c.main],
      ].filter(([, v]) => v > 0.005);
      return parts.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' · ');
    }
  } finally {
    clearInterval(rssTimer);
    await pg.end().catch(() => {});
    for (const c of clients) c.child.kill('SIGTERM');
    for (const server of ceilingServers) server.kill('SIGTERM');
    stack.stop();
    second?.stop();
  }
}

function mergeCounts(tables) {
  const out = {};
  for (const t of tables) for (const [k, v] of Object.entries(t)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** The kernel's count of connections dropped because a listen queue was full (all sockets). */
function listenOverflows() {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const names = lines.find((l) => l.startsWith('TcpExt:'))?.split(' ') ?? [];
  const values = lines.filter((l) => l.startsWith('TcpExt:'))[1]?.split(' ') ?? [];
  return Number(values[names.indexOf('ListenOverflows')] ?? 0);
}

function troubleText(refused, errors, overflows, retries) {
  const table = (t) =>
    Object.entries(t)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  return `not joined: ${table(refused)} · retries (the SPA's pauses, 1 s doubling): ${retries} · socket events: ${table(errors)} · listen-queue overflows: ${overflows}`;
}

function refusalText(table) {
  const entries = Object.entries(table);
  return entries.length === 0
    ? ''
    : ` (refusals: ${entries.map(([k, v]) => `${k} ${v}`).join(', ')})`;
}

/** Percentile (0..100) of a histogram of 0.1 ms buckets, in ms. */
function histPercentile(hist, p) {
  const buckets = [...hist.entries()].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((s, [, c]) => s + c, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [b, c] of buckets) {
    seen += c;
    if (seen >= rank) return b / 10;
  }
  return buckets[buckets.length - 1][0] / 10;
}
