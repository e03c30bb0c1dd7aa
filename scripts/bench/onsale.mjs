// On-sale benchmark (issue 8): simulated buyers through the real HTTP API
// against a 1,000-seat map, then proof from the database that nothing was held
// twice, then the seat-state read under changing holds, then the raw
// PostgreSQL ceiling for hold inserts, all in one run.
//
//   pnpm build && node scripts/bench/onsale.mjs [--duration 60] [--buyers 2000]
//     [--concurrency 64] [--states-duration 20] [--states-connections 50]
//
// Needs PostgreSQL and Redis on localhost. Not a test: it never runs in CI.
// Results: docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createOnsaleShow } from './onsale-fixture.mjs';
import { checkInventory } from './onsale-checks.mjs';
import {
  databaseUrl,
  machineLine,
  measure,
  parseArgs,
  percentile,
  pgbenchTps,
  startStack,
} from './lib.mjs';

const args = parseArgs();
const DURATION_S = Number(args.duration ?? 60);
const BUYERS = Number(args.buyers ?? 2000);
const CONCURRENCY = Number(args.concurrency ?? 64);
const STATES_S = Number(args['states-duration'] ?? 20);
const STATES_CONNECTIONS = Number(args['states-connections'] ?? 50);
const HOT_SEATS = 50;
const PORT = 3300;
const DB = 'taquilla_onsale';

const { env, base, stop } = await startStack(DB, PORT);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 8 });

/** One request on the keep-alive pool; answers the status, the text and the time taken. */
function send(method, url, { body, ip } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
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
    hot: i % 5 === 0,
    cartId: null,
    seats: new Map(),
  }));
  const stats = { map: [], states: [], hold: [], release: [] };
  const outcomes = {};
  const count = (key) => (outcomes[key] = (outcomes[key] ?? 0) + 1);

  async function holdSeat(buyer) {
    const target = buyer.hot ? pick(hot) : pick(allSeats);
    const r = await send('POST', `/cart/${buyer.sid}/items`, {
      ip: buyer.ip,
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
      body: { items: [{ ticket_uid: show.general, show_uid: show.showId, quantity: 1 }] },
    });
    stats.hold.push(r.ms);
    count(`hold ${r.status}${r.status === 200 ? '' : ` ${JSON.parse(r.text).error}`}`);
    if (r.status === 200) buyer.cartId = JSON.parse(r.text)._id;
  }
  async function release(buyer) {
    const seat = buyer.seats.keys().next().value;
    if (seat === undefined) return holdSeat(buyer);
    const r = await send('DELETE', `/cart/${buyer.sid}/seats`, {
      ip: buyer.ip,
      body: { seats: [seat] },
    });
    stats.release.push(r.ms);
    count(`release ${r.status}`);
    if (r.status === 200) buyer.seats.delete(seat);
  }
  async function readStates(buyer) {
    const section = pick(show.sections);
    const r = await send('POST', `/shows/${show.showId}/map/seats`, {
      body: { location: show.mapId, section: section.id, cart: buyer.cartId },
    });
    stats.states.push(r.ms);
    count(`states ${r.status}`);
  }
  async function readMap() {
    const r = await send('GET', `/shows/${show.showId}/map`);
    stats.map.push(r.ms);
    count(`map ${r.status}`);
  }

  // Each worker drives its own slice of buyers, so one buyer never races itself.
  const deadline = performance.now() + DURATION_S * 1000;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const mine = buyers.filter((_, i) => i % CONCURRENCY === w);
      while (performance.now() < deadline) {
        const buyer = pick(mine);
        const roll = Math.random();
        if (roll < 0.1) await readMap();
        else if (roll < 0.45) await readStates(buyer);
        else if (roll < 0.8) await holdSeat(buyer);
        else if (roll < 0.85) await holdGeneral(buyer);
        else await release(buyer);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;

  const checks = await checkInventory(databaseUrl(DB), show, buyers);

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
    url: `${base}/shows/${show.showId}/map/seats`,
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
    `\n${machineLine(`${BUYERS} buyers · ${CONCURRENCY} in flight · ${elapsed.toFixed(1)} s`)}\n`,
  );
  console.log('| request | count | per s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('hold (POST /cart/{sid}/items)', stats.hold));
  console.log(row('release (DELETE /cart/{sid}/seats)', stats.release));
  console.log(row('seat states (POST /shows/{id}/map/seats)', stats.states));
  console.log(row('map (GET /shows/{id}/map)', stats.map));
  console.log(`\nOutcomes: ${JSON.stringify(outcomes)}`);
  console.log(
    `Raw PostgreSQL hold inserts (pgbench, ${CONCURRENCY} clients): ${Math.round(ceiling)}/s; holds through the API: ${Math.round(holdRps)}/s = ${Math.round((100 * holdRps) / ceiling)}% of it`,
  );
  console.log(`Inventory: ${JSON.stringify(checks)}`);
  console.log(
    `\nSeat states under ${churnHolds} hold changes: ${Math.round(statesRun.rps)} req/s, p50 ${statesRun.p50} ms, p99 ${statesRun.p99} ms, ${statesRun.mbps.toFixed(1)} MB/s, non-2xx ${statesRun.non2xx}`,
  );
  if (!checks.ok) process.exitCode = 1;
} finally {
  stop();
  agent.destroy();
}
