// Catalogue read benchmark (issue 3): autocannon against the real API (built
// bundle, NODE_ENV=production) on a freshly migrated and seeded database,
// beside a bare Fastify route measured in the same run as the ceiling.
//
//   node scripts/bench/catalogue.mjs [--duration 10] [--connections 50] [--instances 1]
//
// `--instances N` (issue 13): N API processes on one database and Redis, and N
// bare servers for the ceiling; autocannon's connections go round-robin over
// the N ports (no load balancer in the bench).
//
// Needs PostgreSQL and Redis (DATABASE_URL server, REDIS_URL) and built apps
// (`pnpm build`). Not a test: it never runs in CI. Results: docs/benchmarks.md.
import path from 'node:path';
import { instanceCount, instancesLine, portsFrom, startInstances } from './instances.mjs';
import {
  ROOT,
  autocannon,
  benchEnv,
  machineLine,
  parseArgs,
  start as startChild,
  waitFor,
} from './lib.mjs';

const args = parseArgs();
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
const INSTANCES = instanceCount(args);
// API on 3200 (3202, 3204…), its bare neighbour on 3201 (3203…).
const API_PORTS = portsFrom(3200, INSTANCES, 2);
const BARE_PORTS = API_PORTS.map((p) => p + 1);
const env = benchEnv('taquilla_bench');
const start = (cmd, argv, extraEnv) => startChild(cmd, argv, { ...env, ...extraEnv });
/** The same path on every instance: autocannon spreads its connections over them. */
const everywhere = (bases, url) => bases.map((b) => `${b}${url}`);

/** Measures one endpoint after a discarded 2-second warm-up (JIT, first cache fill). */
async function bench(title, url, headers = {}, body = undefined) {
  await measure(title, url, headers, body, 2);
  return measure(title, url, headers, body, DURATION);
}

function measure(title, url, headers, body, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: body ? 'POST' : 'GET',
        body,
        connections: CONNECTIONS,
        duration,
        headers: { accept: 'application/json', ...headers },
      },
      (err, r) => {
        if (err) return reject(err);
        if (r.non2xx > 0 || r.errors > 0)
          return reject(new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`));
        resolve({
          title,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          mbps: r.throughput.average / 1e6,
        });
      },
    );
  });
}

// The API serves the built SPA as it does in production, so a page navigation (its head,
// preloads and page data: decisions 0069, 0072, 0074) is measured beside the calls.
process.env.WEB_DIST_DIR ??= path.join(ROOT, 'apps/web/dist');
const stack = await startInstances('taquilla_bench', API_PORTS, { worker: false });
const bares = BARE_PORTS.map((port) =>
  start(process.execPath, ['scripts/bench/bare-server.mjs'], { PORT: String(port) }),
);
const bareBases = BARE_PORTS.map((port) => `http://127.0.0.1:${port}`);
try {
  const { base, bases } = stack;
  await Promise.all(bareBases.map((b) => waitFor(`${b}/bare`)));
  const gala = await (
    await fetch(`${base}/shows/noche-de-gala-sinfonica`, {
      headers: { accept: 'application/json' },
    })
  ).json();
  const map = await (
    await fetch(`${base}/shows/${gala._id}/map`, { headers: { accept: 'application/json' } })
  ).json();
  const seats = map.sections.reduce((n, s) => n + s.seat_count, 0);
  const platea = map.sections.find((s) => s.name === 'Platea');

  const list = await (
    await fetch(`${base}/shows?sort=1`, { headers: { accept: 'application/json' } })
  ).text();
  for (const bare of bareBases) {
    await fetch(`${bare}/payload`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: list,
    });
  }

  const at = (url) => everywhere(bases, url);
  const results = [];
  results.push(await bench('bare Fastify route (ceiling)', everywhere(bareBases, '/bare')));
  results.push(
    await bench(
      `bare route, same ${Buffer.byteLength(list)} bytes as /shows?sort=1`,
      everywhere(bareBases, '/payload'),
    ),
  );
  results.push(await bench('GET /shows?sort=1', at('/shows?sort=1')));
  results.push(
    await bench('GET /shows?sort=1 (gzip)', at('/shows?sort=1'), { 'accept-encoding': 'gzip' }),
  );
  results.push(await bench('GET /shows/{id}', at(`/shows/${gala._id}`)));
  results.push(
    await bench(
      'GET /shows/{id}/tickets',
      at(`/shows/${gala._id}/tickets?paymentType=CREDIT_CARD`),
    ),
  );
  results.push(await bench(`GET /shows/{id}/map (${seats} seats)`, at(`/shows/${gala._id}/map`)));
  results.push(
    await bench(`GET /shows/{id}/map (${seats} seats, gzip)`, at(`/shows/${gala._id}/map`), {
      'accept-encoding': 'gzip',
    }),
  );
  results.push(
    await bench(
      `POST /shows/{id}/map/seats (${platea.seat_count}-seat section, live)`,
      at(`/shows/${gala._id}/map/seats`),
      { 'content-type': 'application/json' },
      JSON.stringify({ location: map._id, section: platea._id, cart: null }),
    ),
  );

  // A browser's navigation: the page's HTML with its head, preloads and first answers.
  const navigation = { accept: 'text/html', 'accept-encoding': 'br' };
  results.push(await bench('page / (navigation, br)', at('/'), navigation));
  results.push(
    await bench(
      'page /noche-de-gala-sinfonica (navigation, br)',
      at('/noche-de-gala-sinfonica'),
      navigation,
    ),
  );

  const ceiling = results[0].rps;
  console.log(
    `\n${machineLine(`${CONNECTIONS} connections · ${DURATION} s each · load generator on the same machine`)}`,
  );
  console.log(
    `${instancesLine(stack)}; the ceiling: ${bares.length} bare server${bares.length > 1 ? 's, connections round-robin over them' : ''}\n`,
  );
  console.log('| endpoint | req/s | p50 ms | p99 ms | MB/s | of ceiling |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.mbps.toFixed(1)} | ${Math.round((100 * r.rps) / ceiling)}% |`,
    );
  }
} finally {
  stack.stop();
  for (const bare of bares) bare.kill('SIGTERM');
}
