// Tickets benchmark: the worker's CPU per approved order. A fresh database gets
// N approved card orders (one line of --tickets numbered seats each, as checkout
// leaves them); the platform's own workers (`startWorkers`: tickets, then mail to
// the .eml outbox) run in this process and issue, render and write them all.
// process.cpuUsage() over that span, divided by N, is what each approved order
// costs the worker process (PostgreSQL's and Redis's own CPU not included).
//
//   node --import tsx scripts/bench/tickets.mjs [--orders 500] [--tickets 1] [--profile DIR]
//
// --profile writes the CPU profile of the measured span alone to DIR.
// Runs the TypeScript sources through tsx (no build). Needs PostgreSQL and Redis
// on localhost. Not a test: it never runs in CI. Results: docs/benchmarks.md.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../apps/api/src/infra/db.ts';
import { createPg } from '../../apps/api/src/infra/pg.ts';
import { bullConnection, QUEUES } from '../../apps/api/src/infra/queues.ts';
import { startWorkers } from '../../apps/api/src/jobs/workers.ts';
import {
  TICKETS_JOB_NAMES,
  TICKETS_JOB_OPTIONS,
  ticketsJobId,
} from '../../apps/api/src/modules/etickets/etickets.queue.ts';
import { orderTicketsMailKey } from '../../apps/api/src/modules/etickets/etickets.service.ts';
import { databaseUrl, freshDatabase, machineLine, parseArgs, requireApi } from './lib.mjs';

const { Queue } = requireApi('bullmq');
const { Client } = requireApi('pg');
const { pino } = requireApi('pino');
const args = parseArgs();
const ORDERS = Number(args.orders ?? 500);
const TICKETS = Number(args.tickets ?? 1);
/** Orders run first, unmeasured: the JIT and Prisma's first queries. */
const WARM_UP = 50;
const DB = 'taquilla_tickets';

const env = await freshDatabase(DB);
const client = new Client({ connectionString: databaseUrl(DB) });
await client.connect();
/** `count` approved orders of one line each; answers their ids in order. */
async function approvedOrders(count) {
  const { rows } = await client.query(
    `WITH p AS (INSERT INTO producers (id, name, slug, updated_at)
                VALUES (gen_random_uuid(), 'Productora', 'bench-' || gen_random_uuid(), now())
                RETURNING id),
          s AS (INSERT INTO shows (id, producer_id, fullname, show_date, venue, updated_at)
                SELECT gen_random_uuid(), p.id, 'Concierto de Marimba', '2027-03-06T02:00:00Z',
                       'Teatro Nacional', now() FROM p RETURNING id, fullname, show_date),
          t AS (INSERT INTO tickets (id, show_id, code, fullname, type, price, capacity, updated_at)
                SELECT gen_random_uuid(), s.id, 'PLATEA', 'Platea', 'VENUE_SEAT', 31200, 100000, now()
                  FROM s RETURNING id, show_id),
          o AS (INSERT INTO orders (id, email, status, payment_type, subtotal, total, payment_info,
                                    updated_at)
                SELECT gen_random_uuid(), 'comprador' || n || '@bench.example', 'APPROVED',
                       'CREDIT_CARD', 31200 * $2, 31200 * $2, '{}', now()
                  FROM generate_series(1, $1::int) n RETURNING id),
          i AS (INSERT INTO order_items (id, order_id, ticket_id, show_id, code, show_name, show_date,
                                         ticket_type, quantity, price, total_price, location)
                SELECT gen_random_uuid(), o.id, t.id, t.show_id, 'PLATEA', s.fullname, s.show_date,
                       'VENUE_SEAT', $2, 31200, 31200 * $2,
                       json_build_object('section', 'Platea', 'row', 'B', 'seat', '7', 'door', 'Norte')
                  FROM o, t, s RETURNING order_id)
     SELECT order_id AS id FROM i`,
    [count, TICKETS],
  );
  return rows.map((row) => row.id);
}

const connection = bullConnection(env.REDIS_URL);
const prefix = env.REDIS_NAMESPACE;
const outbox = mkdtempSync(path.join(os.tmpdir(), 'taquilla-bench-outbox-'));
// The pools worker.ts opens.
const db = createDb(databaseUrl(DB), 4);
const pg = createPg(databaseUrl(DB), 4);
const tickets = new Queue(QUEUES.tickets, { connection, prefix });
const enqueue = (ids) =>
  tickets.addBulk(
    ids.map((orderId) => ({
      name: TICKETS_JOB_NAMES.issue,
      data: { orderId, mailKey: orderTicketsMailKey(orderId) },
      opts: { ...TICKETS_JOB_OPTIONS, jobId: ticketsJobId(orderId) },
    })),
  );
const workers = startWorkers({
  db,
  pg,
  connection,
  log: pino({ level: 'warn' }),
  prefix,
  mail: {
    config: { MAIL_FROM: 'Taquilla <no-responder@taquilla.local>', MAIL_OUTBOX_DIR: outbox },
  },
  // Any 32+ characters: the e-mail's order link is signed as the worker signs it.
  tickets: {
    publicUrl: 'https://boletos.example.gt',
    linkSecret: 'bench-link-secret-'.padEnd(40, 'x'),
  },
});
const mailWorker = workers.find((w) => w.name === QUEUES.mail);
let mailed = 0;
let waiting = null;
mailWorker.on('completed', () => {
  mailed += 1;
  if (waiting && mailed >= waiting.count) waiting.resolve();
});
const mailsDone = (count) =>
  mailed >= count ? Promise.resolve() : new Promise((resolve) => (waiting = { count, resolve }));

try {
  const warmIds = await approvedOrders(WARM_UP);
  const ids = await approvedOrders(ORDERS);
  await enqueue(warmIds);
  await mailsDone(WARM_UP);
  // Paused while the measured jobs are enqueued, so enqueueing is not counted.
  await Promise.all(workers.map((w) => w.pause()));
  await enqueue(ids);
  const profiler = args.profile ? new Session() : null;
  profiler?.connect();
  await profiler?.post('Profiler.enable');
  await profiler?.post('Profiler.start');
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const w of workers) w.resume();
  await mailsDone(WARM_UP + ORDERS);
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / 1000;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(args.profile, { recursive: true });
    writeFileSync(
      path.join(args.profile, `tickets-${Date.now()}.cpuprofile`),
      JSON.stringify(profile),
    );
  }

  const { rows } = await client.query(
    `SELECT count(*)::int AS codes, count(DISTINCT order_id)::int AS orders FROM ticket_codes`,
  );
  const files = readdirSync(outbox).filter((f) => f.endsWith('.eml')).length;
  const perOrder = (us) => (us / 1000 / ORDERS).toFixed(2);
  console.log(`\n${machineLine(`${ORDERS} orders × ${TICKETS} tickets`)}\n`);
  console.log(
    `Worker CPU per approved order (tickets job + mail to the outbox): ${perOrder(cpu.user + cpu.system)} ms (user ${perOrder(cpu.user)}, system ${perOrder(cpu.system)}); ${ORDERS} in ${wall.toFixed(1)} s = ${Math.round(ORDERS / wall)} orders/s`,
  );
  const want = (WARM_UP + ORDERS) * TICKETS;
  const ok =
    rows[0].codes === want && rows[0].orders === WARM_UP + ORDERS && files === WARM_UP + ORDERS;
  console.log(
    `Proof: ${rows[0].codes} codes for ${rows[0].orders} orders (want ${want}), ${files} e-mails in the outbox: ${ok ? 'ok' : 'FAILED'}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await Promise.all(workers.map((w) => w.close()));
  for (const name of Object.values(QUEUES)) {
    const queue = new Queue(name, { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await tickets.close();
  await db.$disconnect();
  await pg.end();
  await client.end();
  rmSync(outbox, { recursive: true, force: true });
}
