// Catalogue read benchmark (issue 3): autocannon against the real API (built
// bundle, NODE_ENV=production) on a freshly migrated and seeded database,
// beside a bare Fastify route measured in the same run as the ceiling.
//
//   node scripts/bench/catalogue.mjs [--duration 10] [--connections 50]
//
// Needs PostgreSQL and Redis (DATABASE_URL server, REDIS_URL) and built apps
// (`pnpm build`). Not a test: it never runs in CI. Results: docs/benchmarks.md.
import {
  autocannon,
  benchEnv,
  freshDatabase,
  machineLine,
  parseArgs,
  start as startChild,
  waitFor,
} from './lib.mjs';

const args = parseArgs();
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
const API_PORT = 3200;
const BARE_PORT = 3201;
const env = benchEnv('taquilla_bench');
const start = (cmd, argv, extraEnv) => startChild(cmd, argv, { ...env, ...extraEnv });

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

await freshDatabase('taquilla_bench', { seed: true });

const api = start(process.execPath, ['apps/api/dist/server.js'], {
  PORT: String(API_PORT),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
});
const bare = start(process.execPath, ['scripts/bench/bare-server.mjs'], {
  PORT: String(BARE_PORT),
});
try {
  const base = `http://127.0.0.1:${API_PORT}`;
  await Promise.all([
    waitFor(`${base}/health/ready`),
    waitFor(`http://127.0.0.1:${BARE_PORT}/bare`),
  ]);
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
  await fetch(`http://127.0.0.1:${BARE_PORT}/payload`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: list,
  });

  const results = [];
  results.push(await bench('bare Fastify route (ceiling)', `http://127.0.0.1:${BARE_PORT}/bare`));
  results.push(
    await bench(
      `bare route, same ${Buffer.byteLength(list)} bytes as /shows?sort=1`,
      `http://127.0.0.1:${BARE_PORT}/payload`,
    ),
  );
  results.push(await bench('GET /shows?sort=1', `${base}/shows?sort=1`));
  results.push(
    await bench('GET /shows?sort=1 (gzip)', `${base}/shows?sort=1`, { 'accept-encoding': 'gzip' }),
  );
  results.push(await bench('GET /shows/{id}', `${base}/shows/${gala._id}`));
  results.push(
    await bench(
      'GET /shows/{id}/tickets',
      `${base}/shows/${gala._id}/tickets?paymentType=CREDIT_CARD`,
    ),
  );
  results.push(
    await bench(`GET /shows/{id}/map (${seats} seats)`, `${base}/shows/${gala._id}/map`),
  );
  results.push(
    await bench(`GET /shows/{id}/map (${seats} seats, gzip)`, `${base}/shows/${gala._id}/map`, {
      'accept-encoding': 'gzip',
    }),
  );
  results.push(
    await bench(
      `POST /shows/{id}/map/seats (${platea.seat_count}-seat section, live)`,
      `${base}/shows/${gala._id}/map/seats`,
      { 'content-type': 'application/json' },
      JSON.stringify({ location: map._id, section: platea._id, cart: null }),
    ),
  );

  const ceiling = results[0].rps;
  console.log(
    `\n${machineLine(`${CONNECTIONS} connections · ${DURATION} s each · load generator on the same machine`)}\n`,
  );
  console.log('| endpoint | req/s | p50 ms | p99 ms | MB/s | of ceiling |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.mbps.toFixed(1)} | ${Math.round((100 * r.rps) / ceiling)}% |`,
    );
  }
} finally {
  api.kill('SIGTERM');
  bare.kill('SIGTERM');
}
