// Checkout benchmark (issue 9): 1,000 carts, each holding one seat of the
// 1,000-seat on-sale show, check out by card on the sandbox in bursts of 100
// through the real HTTP API; then proof from the database that no place was
// sold twice and that every order has its places.
//
//   pnpm build && node scripts/bench/checkout.mjs [--carts 1000] [--burst 100] [--instances 1]
//
// `--instances N` (issue 13): N API processes and one worker; cart i holds and
// checks out on instance i mod N (round-robin, no load balancer in the bench).
//
// Needs PostgreSQL and Redis on localhost. Not a test: it never runs in CI.
// Results: docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { cardBuyer, createOnsaleShow } from './onsale-fixture.mjs';
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
  parseArgs,
  percentile,
  pgbenchTps,
  requireRoot,
} from './lib.mjs';

const { Client } = requireRoot('pg');
const args = parseArgs();
const CARTS = Number(args.carts ?? 1000);
const BURST = Number(args.burst ?? 100);
const PORT = 3320;
const PG_CLIENTS = 64;
const DB = 'taquilla_checkout';

const stack = await startInstances(DB, portsFrom(PORT, instanceCount(args)));
const { env, base } = stack;
const baseOf = roundRobin(stack.bases);

async function post(to, url, body, headers = {}) {
  const started = performance.now();
  const res = await fetch(`${to}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text, ms: performance.now() - started };
}

try {
  const show = await createOnsaleShow(base, env);
  const seats = show.sections.flatMap((s) => s.seats.map((seat) => ({ seat, ticket: s.ticket })));
  const carts = [];
  // Holds first (not measured): one seat per cart, 50 at a time.
  for (let i = 0; i < Math.min(CARTS, seats.length); i += 50) {
    const batch = seats.slice(i, Math.min(i + 50, CARTS));
    const held = await Promise.all(
      batch.map(async ({ seat, ticket }, j) => {
        const sid = randomUUID();
        const ip = `10.9.${((i + j) >> 8) & 255}.${(i + j) & 255}`;
        const to = baseOf(i + j);
        const r = await post(
          to,
          `/cart/${sid}/items`,
          { items: [{ ticket_uid: ticket, show_uid: show.showId, quantity: 1, seat }] },
          { 'x-forwarded-for': ip },
        );
        if (r.status !== 200) throw new Error(`hold → ${r.status} ${r.body}`);
        return { sid, ip, to, cartId: JSON.parse(r.body)._id, n: i + j };
      }),
    );
    carts.push(...held);
  }

  const times = [];
  const outcomes = {};
  const cpuBefore = stack.cpu();
  const startedAt = performance.now();
  for (let i = 0; i < carts.length; i += BURST) {
    const burst = carts.slice(i, i + BURST);
    const answers = await Promise.all(
      burst.map((c) =>
        post(
          c.to,
          '/cart/orders',
          {
            payment_type: 'CREDIT_CARD',
            payment_info: cardBuyer(c.n),
            session_id: c.sid,
            cart_uid: c.cartId,
          },
          { 'x-forwarded-for': c.ip, 'idempotency-key': `bench-${c.cartId}` },
        ),
      ),
    );
    for (const a of answers) {
      times.push(a.ms);
      const key = a.status === 200 ? '200' : `${a.status} ${JSON.parse(a.body).error}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
  }
  const elapsed = (performance.now() - startedAt) / 1000;
  const cpuAfter = stack.cpu();

  const client = new Client({ connectionString: databaseUrl(DB) });
  await client.connect();
  // The worker issues the codes and e-mails after the burst (at a lower
  // priority): how long until every approved order of this show has its codes.
  let drained = null;
  for (let i = 0; i < 600 && drained === null; i += 1) {
    const { rows: left } = await client.query(
      `SELECT count(*)::int AS n FROM orders o WHERE o.status = 'APPROVED'
          AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.show_id = $1)
          AND NOT EXISTS (SELECT 1 FROM ticket_codes c WHERE c.order_id = o.id)`,
      [show.showId],
    );
    if (left[0].n === 0) drained = (performance.now() - startedAt) / 1000 - elapsed;
    else await new Promise((r) => setTimeout(r, 100));
  }
  // Only this show's orders: the demo seed has orders of its own.
  const { rows } = await client.query(
    `WITH mine AS (SELECT DISTINCT o.* FROM orders o JOIN order_items i ON i.order_id = o.id
                    WHERE i.show_id = $1)
     SELECT
       (SELECT count(*)::int FROM mine WHERE status = 'APPROVED') AS approved,
       (SELECT count(*)::int FROM (SELECT show_id, seat_id FROM seat_reservations
                                   GROUP BY 1, 2 HAVING count(*) > 1) x) AS seats_twice,
       (SELECT count(*)::int FROM seat_reservations WHERE kind = 'SALE') AS seats_sold,
       (SELECT count(*)::int FROM mine o WHERE o.status = 'APPROVED' AND NOT EXISTS (
          SELECT 1 FROM seat_reservations r WHERE r.order_id = o.id)) AS orders_without_places,
       (SELECT count(*)::int FROM order_items i JOIN mine o ON o.id = i.order_id
         WHERE o.status = 'APPROVED' AND NOT EXISTS (
          SELECT 1 FROM seat_reservations r WHERE r.order_id = o.id AND r.seat_id = i.seat_id))
         AS lines_without_seat,
       (SELECT count(*)::int FROM carts WHERE status = 'CHECKED_OUT') AS carts_checked_out`,
    [show.showId],
  );
  await client.end();
  const proof = rows[0];

  // The ceiling: PostgreSQL alone writing an order and selling its seat, one
  // transaction each; 64 clients. With the stack stopped: the instances' pools
  // and 100 clients, or two instances' pools and 64, would pass max_connections
  // (100), and the ceiling gets the machine to itself.
  await stack.stopAndWait();
  const ceiling = await pgbenchTps(databaseUrl(DB), {
    name: 'checkout',
    setupSql:
      'CREATE TABLE bench_orders (id uuid PRIMARY KEY, seat_id int, total int, created_at timestamptz); CREATE TABLE bench_sales (seat_id int PRIMARY KEY, kind text)',
    script:
      "\\set seat random(1, 2000000000)\nBEGIN;\nINSERT INTO bench_orders VALUES (gen_random_uuid(), :seat, 31200, now());\nINSERT INTO bench_sales VALUES (:seat, 'SALE') ON CONFLICT (seat_id) DO UPDATE SET kind = 'SALE';\nCOMMIT;\n",
    clients: PG_CLIENTS,
  });

  console.log(`\n${machineLine(`${carts.length} carts · bursts of ${BURST}`)}`);
  console.log(`${instancesLine(stack)}\n`);
  console.log(
    `Checkout (POST /cart/orders, sandbox card): ${carts.length} in ${elapsed.toFixed(1)} s = ${Math.round(carts.length / elapsed)} orders/s, p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`,
  );
  console.log(
    `Raw PostgreSQL order writes (pgbench, ${PG_CLIENTS} clients): ${Math.round(ceiling)}/s; checkout through the API: ${Math.round((100 * carts.length) / elapsed / ceiling)}% of it`,
  );
  console.log(cpuPerUnit(cpuBefore, cpuAfter, carts.length, 'order'));
  console.log(
    drained === null
      ? 'Codes: some orders still had none after 60 s'
      : `Codes: every approved order had its codes ${drained.toFixed(1)} s after the last checkout`,
  );
  console.log(`Outcomes: ${JSON.stringify(outcomes)}`);
  console.log(`Proof: ${JSON.stringify(proof)}`);
  const ok =
    proof.seats_twice === 0 &&
    proof.orders_without_places === 0 &&
    proof.lines_without_seat === 0 &&
    proof.approved === proof.seats_sold;
  console.log(ok ? 'Inventory: ok' : 'Inventory: FAILED');
  if (!ok) process.exitCode = 1;
} finally {
  stack.stop();
}
