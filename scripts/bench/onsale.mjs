// On-sale benchmark (issue 8): simulated buyers through the real HTTP API
// against a 1,000-seat map, then proof from the database that nothing was held
// twice, then the seat-state read under changing holds, then the raw
// PostgreSQL ceiling for hold inserts, all in one run.
//
//   pnpm build && node scripts/bench/onsale.mjs [--duration 60] [--buyers 2000]
//     [--concurrency 64] [--states-duration 20] [--states-connections 50]
//     [--instances 1] [--checkout 0] [--kill-worker off] [--worker-down 5]
//     [--kill-signal SIGKILL]
//
// Issue 13: `--instances N` runs N API processes (one worker), buyers spread
// round-robin over them. `--checkout P`: P % of the buyers' actions pay their
// cart by card on the sandbox, so the worker has codes and e-mails to make;
// `--kill-worker S`: the worker is killed (`--kill-signal`) S seconds into the
// run and started again `--worker-down` seconds later. With more than one
// instance they default to 5 % and the middle of the run. Afterwards the run
// waits for every approved order's codes and e-mail and checks the orders too
// (onsale-checks.mjs); any failed check exits 1.
//
// Needs PostgreSQL and Redis on localhost. Not a test: it never runs in CI.
// Results: docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { cardBuyer, createOnsaleShow } from './onsale-fixture.mjs';
import { checkInventory, checkOrders } from './onsale-checks.mjs';
import {
  instanceCount,
  instancesLine,
  portsFrom,
  roundRobin,
  startInstances,
} from './instances.mjs';
import {
  cpuPerUnit,
  databaseUrl,
  machineLine,
  measure,
  parseArgs,
  percentile,
  pgbenchTps,
} from './lib.mjs';

const args = parseArgs();
const DURATION_S = Number(args.duration ?? 60);
const BUYERS = Number(args.buyers ?? 2000);
const CONCURRENCY = Number(args.concurrency ?? 64);
const STATES_S = Number(args['states-duration'] ?? 20);
const STATES_CONNECTIONS = Number(args['states-connections'] ?? 50);
const INSTANCES = instanceCount(args);
const scaled = INSTANCES > 1;
const CHECKOUT = Number(args.checkout ?? (scaled ? 5 : 0)) / 100;
const killArg = args['kill-worker'] ?? (scaled ? String(DURATION_S / 2) : 'off');
const KILL_AT_S = killArg === 'off' ? null : Number(killArg);
const WORKER_DOWN_S = Number(args['worker-down'] ?? 5);
const KILL_SIGNAL = args['kill-signal'] ?? 'SIGKILL';
/** How long the approved orders may wait for their codes and e-mail after the run. */
const CODES_WAIT_S = 180;
const HOT_SEATS = 50;
const PORT = 3300;
const DB = 'taquilla_onsale';

const stack = await startInstances(DB, portsFrom(PORT, INSTANCES));
const { env, base, bases } = stack;
const baseOf = roundRobin(bases);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 8 });

/** One request on the keep-alive pool; answers the status, the text and the time taken. */
function send(method, url, { body, ip, to = base, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${to}${url}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

try {
  const show = await createOnsaleShow(base, env);
  const allSeats = show.sections.flatMap((s) => s.seats.map((seat) => ({ seat, section: s })));
  // The 50 seats everyone wants: the middle of Platea's front rows.
  const platea = show.sections[0];
  const hot = platea.seats.slice(15, 15 + HOT_SEATS).map((seat) => ({ seat, section: platea }));

  const buyers = Array.from({ length: BUYERS }, (_, i) => ({
    sid: randomUUID(),
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    n: i,
    base: baseOf(i),
    hot: i % 5 === 0,
    cartId: null,
    seats: new Map(),
    general: 0,
    /** Seats of this buyer's approved orders → the order's id. */
    sold: new Map(),
  }));
  const stats = { map: [], states: [], hold: [], release: [], checkout: [] };
  const outcomes = {};
  const count = (key) => (outcomes[key] = (outcomes[key] ?? 0) + 1);

  async function holdSeat(buyer) {
    const target = buyer.hot ? pick(hot) : pick(allSeats);
    const r = await send('POST', `/cart/${buyer.sid}/items`, {
      ip: buyer.ip,
      to: buyer.base,
      body: {
        items: [
          {
            ticket_uid: target.section.ticket,
            show_uid: show.showId,
            quantity: 1,
            seat: target.seat,
          },
        ],
      },
    });
    stats.hold.push(r.ms);
    count(`hold ${r.status}${r.status === 200 ? '' : ` ${JSON.parse(r.text).error}`}`);
    if (r.status === 200) {
      buyer.cartId = JSON.parse(r.text)._id;
      buyer.seats.set(target.seat, target.section.id);
    }
  }
  async function holdGeneral(buyer) {
    const r = await send('POST', `/cart/${buyer.sid}/items`, {
      ip: buyer.ip,
      to: buyer.base,
      body: { items: [{ ticket_uid: show.general, show_uid: show.showId, quantity: 1 }] },
    });
    stats.hold.push(r.ms);
    count(`hold ${r.status}${r.status === 200 ? '' : ` ${JSON.parse(r.text).error}`}`);
    if (r.status === 200) {
      buyer.cartId = JSON.parse(r.text)._id;
      buyer.general += 1;
    }
  }
  /** The buyer pays its cart by card; without anything held it holds a seat instead. */
  async function checkout(buyer) {
    if (!buyer.cartId || (buyer.seats.size === 0 && buyer.general === 0)) return holdSeat(buyer);
    const r = await send('POST', '/cart/orders', {
      ip: buyer.ip,
      to: buyer.base,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        payment_type: 'CREDIT_CARD',
        payment_info: cardBuyer(buyer.n),
        session_id: buyer.sid,
        cart_uid: buyer.cartId,
      },
    });
    stats.checkout.push(r.ms);
    const order = JSON.parse(r.text);
    count(`checkout ${r.status}${r.status === 200 ? ` ${order.status}` : ` ${order.error}`}`);
    if (r.status !== 200 || order.status !== 'APPROVED') return;
    orderTimes.push(performance.now());
    for (const seat of buyer.seats.keys()) buyer.sold.set(seat, order._id);
    buyer.seats.clear();
    buyer.general = 0;
    buyer.cartId = null;
  }
  async function release(buyer) {
    const seat = buyer.seats.keys().next().value;
    if (seat === undefined) return holdSeat(buyer);
    const r = await send('DELETE', `/cart/${buyer.sid}/seats`, {
      ip: buyer.ip,
      to: buyer.base,
      body: { seats: [seat] },
    });
    stats.release.push(r.ms);
    count(`release ${r.status}`);
    if (r.status === 200) buyer.seats.delete(seat);
  }
  // A browser asks for its reads compressed (the SPA's fetch sends this header by itself).
  const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  async function readStates(buyer) {
    const section = pick(show.sections);
    const r = await send('POST', `/shows/${show.showId}/map/seats`, {
      to: buyer.base,
      headers: BROWSER_ENCODINGS,
      body: { location: show.mapId, section: section.id, cart: buyer.cartId },
    });
    stats.states.push(r.ms);
    count(`states ${r.status}`);
  }
  async function readMap(buyer) {
    const r = await send('GET', `/shows/${show.showId}/map`, {
      to: buyer.base,
      headers: BROWSER_ENCODINGS,
    });
    stats.map.push(r.ms);
    count(`map ${r.status}`);
  }

  // The worker's kill and restart in the middle of the run (issue 13).
  const orderTimes = [];
  const workerFault = {};
  const startedAt = performance.now();
  const fault =
    KILL_AT_S === null
      ? null
      : (async () => {
          await new Promise((r) => setTimeout(r, KILL_AT_S * 1000));
          workerFault.pid = stack.pids.worker;
          workerFault.killedAt = (performance.now() - startedAt) / 1000;
          workerFault.exitMs = await stack.killWorker(KILL_SIGNAL);
          await new Promise((r) => setTimeout(r, WORKER_DOWN_S * 1000));
          workerFault.restartedAt = (performance.now() - startedAt) / 1000;
          workerFault.newPid = stack.restartWorker();
        })();

  // Each of the CONCURRENCY loops drives its own slice of buyers, so one buyer never races itself.
  const deadline = startedAt + DURATION_S * 1000;
  const cpuBefore = stack.cpu();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const mine = buyers.filter((_, i) => i % CONCURRENCY === w);
      while (performance.now() < deadline) {
        const buyer = pick(mine);
        const first = Math.random();
        if (first < CHECKOUT) {
          await checkout(buyer);
          continue;
        }
        const roll = (first - CHECKOUT) / (1 - CHECKOUT);
        if (roll < 0.1) await readMap(buyer);
        else if (roll < 0.45) await readStates(buyer);
        else if (roll < 0.8) await holdSeat(buyer);
        else if (roll < 0.85) await holdGeneral(buyer);
        else await release(buyer);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  const cpuAfter = stack.cpu();
  await fault;

  const checks = await checkInventory(databaseUrl(DB), show, buyers);
  // Every approved order's codes and e-mail, made by the worker (the restarted one
  // included): how long after the run, then the orders' checks.
  let orders = await checkOrders(databaseUrl(DB), show, buyers);
  const waitedFrom = performance.now();
  let said = 0;
  while (orders.pending > 0 && performance.now() - waitedFrom < CODES_WAIT_S * 1000) {
    await new Promise((r) => setTimeout(r, 250));
    orders = await checkOrders(databaseUrl(DB), show, buyers);
    const waited = (performance.now() - waitedFrom) / 1000;
    if (waited - said >= 10) {
      said = waited;
      console.log(
        `  … ${waited.toFixed(0)} s after the run: ${orders.approvedWithoutCodes} approved orders without codes, ${orders.approvedUnmailed} without their e-mail`,
      );
    }
  }
  const codesAfterS = (performance.now() - waitedFrom) / 1000;

  // The seat states of the 800-seat section while holds keep changing (about 50 a second).
  let churn = true;
  const churner = (async () => {
    const buyer = buyers[1];
    while (churn) {
      await holdSeat(buyer);
      await release(buyer);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const statesBody = JSON.stringify({ location: show.mapId, section: platea.id, cart: null });
  const statesOptions = (duration) => ({
    // Two or more instances: autocannon's connections go round-robin over them.
    url: bases.map((b) => `${b}/shows/${show.showId}/map/seats`),
    method: 'POST',
    body: statesBody,
    connections: STATES_CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
  });
  await measure('warm-up', statesOptions(2));
  const holdsBefore = stats.hold.length;
  const statesRun = await measure(
    'POST /shows/{id}/map/seats (800 seats, gzip)',
    statesOptions(STATES_S),
  );
  churn = false;
  await churner;
  const churnHolds = stats.hold.length - holdsBefore;

  // The ceiling: PostgreSQL alone inserting holds with the same concurrency.
  // With the stack stopped: two instances' pools and pgbench's clients would pass
  // max_connections (100), and the ceiling gets the machine to itself.
  await stack.stopAndWait();
  const ceiling = await pgbenchTps(databaseUrl(DB), {
    name: 'onsale',
    setupSql:
      'CREATE TABLE bench_holds (show_id int, seat_id int, expires_at timestamptz, PRIMARY KEY (show_id, seat_id))',
    script:
      "\\set seat random(1, 2000000000)\nINSERT INTO bench_holds (show_id, seat_id, expires_at) VALUES (1, :seat, now() + interval '10 minutes') ON CONFLICT (show_id, seat_id) DO NOTHING;\n",
    clients: CONCURRENCY,
  });

  const holdRps = stats.hold.length / elapsed;
  const row = (name, list) =>
    `| ${name} | ${list.length} | ${Math.round(list.length / elapsed)} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 99).toFixed(1)} |`;
  console.log(
    `\n${machineLine(`${BUYERS} buyers · ${CONCURRENCY} in flight · ${elapsed.toFixed(1)} s`)}`,
  );
  console.log(`${instancesLine(stack)}\n`);
  console.log('| request | count | per s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('hold (POST /cart/{sid}/items)', stats.hold));
  console.log(row('release (DELETE /cart/{sid}/seats)', stats.release));
  console.log(row('seat states (POST /shows/{id}/map/seats)', stats.states));
  console.log(row('map (GET /shows/{id}/map)', stats.map));
  if (stats.checkout.length > 0) console.log(row('checkout (POST /cart/orders)', stats.checkout));
  console.log(`\nOutcomes: ${JSON.stringify(outcomes)}`);
  console.log(
    `Raw PostgreSQL hold inserts (pgbench, ${CONCURRENCY} clients): ${Math.round(ceiling)}/s; holds through the API: ${Math.round(holdRps)}/s = ${Math.round((100 * holdRps) / ceiling)}% of it`,
  );
  const rushRequests = Object.values(stats).reduce((sum, list) => sum + list.length, 0);
  console.log(
    `${cpuPerUnit(cpuBefore, cpuAfter, rushRequests, 'request of the rush')} (${rushRequests} requests; holds are ${Math.round((100 * stats.hold.length) / rushRequests)} % of them)`,
  );
  console.log(`Inventory: ${JSON.stringify(checks)}`);
  if (workerFault.killedAt !== undefined) {
    const { killedAt, restartedAt } = workerFault;
    const approvedWhileDown = orderTimes.filter(
      (t) => t >= startedAt + killedAt * 1000 && t < startedAt + restartedAt * 1000,
    ).length;
    console.log(
      `Worker: ${KILL_SIGNAL} to pid ${workerFault.pid} at ${killedAt.toFixed(1)} s (gone in ${workerFault.exitMs.toFixed(0)} ms), a new worker (pid ${workerFault.newPid}) at ${restartedAt.toFixed(1)} s; ${approvedWhileDown} orders approved while none ran`,
    );
  }
  if (stats.checkout.length > 0) {
    console.log(
      `Orders: ${JSON.stringify(orders)}; ${orders.pending === 0 ? `every approved order had its codes and e-mail ${codesAfterS.toFixed(1)} s after the run` : `still ${orders.pending} waiting after ${CODES_WAIT_S} s`}`,
    );
  }
  const ok = checks.ok && orders.ok;
  console.log(ok ? 'Checks: ok' : 'Checks: FAILED');
  console.log(
    `\nSeat states under ${churnHolds} hold changes: ${Math.round(statesRun.rps)} req/s, p50 ${statesRun.p50} ms, p99 ${statesRun.p99} ms, ${statesRun.mbps.toFixed(1)} MB/s, non-2xx ${statesRun.non2xx}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  stack.stop();
  agent.destroy();
}
