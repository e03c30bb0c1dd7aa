// Expiry benchmark (issue 8): 10,000 holds ending in the same second, each in
// its own cart, released by the real worker (per-cart BullMQ delayed jobs,
// re-created from the database at the worker's start). Measures how late
// each cart was released after its valid_thru.
//
//   pnpm build && node scripts/bench/expiry.mjs [--holds 10000] [--lead 40] [--instances 1]
//
// `--instances N` (issue 13): N API processes (the fixture is made through the
// first; every instance hears the worker's seat news) and still one worker.
//
// Needs PostgreSQL and Redis on localhost. Not a test: it never runs in CI.
// Results: docs/benchmarks.md.
import { createOnsaleShow } from './onsale-fixture.mjs';
import { instanceCount, instancesLine, portsFrom, startInstances } from './instances.mjs';
import {
  adminHeaders,
  api,
  databaseUrl,
  machineLine,
  parseArgs,
  percentile,
  requireRoot,
} from './lib.mjs';

const { Client } = requireRoot('pg');
const args = parseArgs();
const HOLDS = Number(args.holds ?? 10_000);
/** Seconds from the fixture's end to the second every hold ends in. */
const LEAD_S = Number(args.lead ?? 40);
const PORT = 3310;
const DB = 'taquilla_expiry';

// The worker starts later, once the holds exist.
const stack = await startInstances(DB, portsFrom(PORT, instanceCount(args)), { worker: false });
const { env, base } = stack;
const client = new Client({ connectionString: databaseUrl(DB) });
try {
  const show = await createOnsaleShow(base, env);
  // A hall big enough: one more section of 100 × 100 seats.
  const admin = await adminHeaders(base, env);
  const ticket = await api(base, 'POST', `/admin/shows/${show.showId}/tickets`, admin, {
    code: 'SALA',
    fullname: 'Sala grande',
    type: 'VENUE_SEAT',
    price: 100,
    payment_type: ['CREDIT_CARD'],
    capacity: HOLDS,
  });
  const side = Math.ceil(Math.sqrt(HOLDS));
  await api(base, 'PUT', `/admin/shows/${show.showId}/map`, admin, {
    name: 'Sala grande',
    section_grid_rows: 1,
    section_grid_cols: 1,
    sections: [
      {
        name: 'Sala',
        type: 'SEATS',
        map_rows: side,
        map_columns: side,
        section_grid_row: 0,
        section_grid_col: 0,
        ticket_uid: ticket._id,
      },
    ],
  });

  // HOLDS carts, each holding one seat until the same second.
  await client.connect();
  const { rows } = await client.query(
    `SELECT date_trunc('second', now()) + make_interval(secs => $1) AS due`,
    [LEAD_S],
  );
  const due = rows[0].due;
  await client.query(
    `WITH s AS (
       SELECT id, name, row_name, show_id, row_number() OVER (ORDER BY row, col) AS n
         FROM seats WHERE ticket_id = $1 ORDER BY row, col LIMIT $2),
     c AS (
       INSERT INTO carts (id, session_key, status, currency, valid_thru, client_key, updated_at)
       SELECT gen_random_uuid(), 'bench-' || s.n, 'OPEN', 'GTQ', $3, 'ip:bench-' || s.n, now()
         FROM s RETURNING id, session_key),
     i AS (
       INSERT INTO cart_items (id, cart_id, ticket_id, show_id, seat_id, code, show_name, show_date,
                               show_type, venue, title, ticket_type, quantity, price, total_price,
                               expires_at)
       SELECT gen_random_uuid(), c.id, $1, s.show_id, s.id, 'SALA', 'Bench', now(), 'VENUE',
              'Teatro', 'Sala grande', 'VENUE_SEAT', 1, 10000, 10000, $3
         FROM c JOIN s ON c.session_key = 'bench-' || s.n
       RETURNING id, cart_id, seat_id, show_id)
     INSERT INTO seat_reservations (id, show_id, seat_id, kind, cart_id, cart_item_id, expires_at)
     SELECT gen_random_uuid(), i.show_id, i.seat_id, 'HOLD', i.cart_id, i.id, $3 FROM i`,
    [ticket._id, HOLDS, due],
  );
  const held = (
    await client.query(`SELECT count(*)::int AS n FROM seat_reservations WHERE expires_at = $1`, [
      due,
    ])
  ).rows[0].n;

  // The worker starts after the holds exist: it schedules their jobs from the database.
  const startedAt = Date.now();
  stack.restartWorker();
  let remaining = held;
  const deadline = due.getTime() + 120_000;
  while (remaining > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    remaining = (
      await client.query(`SELECT count(*)::int AS n FROM seat_reservations WHERE kind = 'HOLD'`)
    ).rows[0].n;
  }
  const late = (
    await client.query(
      `SELECT extract(epoch FROM updated_at - valid_thru) * 1000 AS ms
         FROM carts WHERE valid_thru = $1 AND status = 'EXPIRED'`,
      [due],
    )
  ).rows.map((r) => Number(r.ms));
  console.log(`\n${machineLine(`${held} holds ending at ${due.toISOString()}`)}`);
  console.log(`${instancesLine(stack)}\n`);
  console.log(
    `worker started ${((due.getTime() - startedAt) / 1000).toFixed(1)} s before the holds end`,
  );
  console.log(`released: ${late.length} of ${held} carts; holds left: ${remaining}`);
  console.log(
    `lateness after valid_thru: p50 ${percentile(late, 50).toFixed(0)} ms, p99 ${percentile(late, 99).toFixed(0)} ms, max ${Math.max(...late).toFixed(0)} ms`,
  );
  if (remaining > 0 || late.length !== held) process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
  stack.stop();
}
