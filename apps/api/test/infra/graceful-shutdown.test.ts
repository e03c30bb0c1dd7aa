import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pgConnectionFields } from '../../src/infra/db.ts';
import { createShow, createTicket } from '../helpers/factories.ts';
import { startSlowSmtp } from '../helpers/slow-smtp.ts';
import { messageOf, startStack } from '../helpers/stack-processes.ts';
import type { ApiProcess, Stack } from '../helpers/stack-processes.ts';

const DRAIN_SECONDS = 3;
const VIRTUAL_USERS = 80;
const PROBE_EVERY_MS = 100;
/** A probe unanswered this long is "slow" and changes nothing (a busy instance). */
const PROBE_TIMEOUT_MS = 3_000;

interface Attempt {
  instance: string;
  startedAt: number;
  endedAt: number;
  status: number | null;
  error: string | null;
}

const failed = (a: Attempt) => a.error !== null || a.status === null || a.status >= 500;

/**
 * A load balancer as Kubernetes runs one: it probes each instance's readiness every
 * 100 ms and sends requests only to the ones in rotation. An instance leaves it when
 * readiness answers anything but 200 or the connection is refused; a probe that is
 * merely slow (a busy instance) changes nothing.
 */
function loadBalancer(apis: ApiProcess[]) {
  const inRotation = new Set(apis.map((api) => api.name));
  const firstRefusal = new Map<string, number>();
  const probes: { instance: string; startedAt: number; status: number | 'refused' | 'slow' }[] = [];
  let stopped = false;
  const probe = async (api: ApiProcess) => {
    while (!stopped) {
      const startedAt = Date.now();
      const answer = await fetch(`${api.url}/health/ready`, {
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      })
        .then((res) => res.status)
        .catch((err: Error) =>
          err.name === 'TimeoutError' ? ('slow' as const) : ('refused' as const),
        );
      probes.push({ instance: api.name, startedAt, status: answer });
      const status = answer === 200 ? 'ready' : answer === 'slow' ? 'slow' : 'refused';
      if (status === 'ready') inRotation.add(api.name);
      if (status === 'refused') {
        inRotation.delete(api.name);
        if (!firstRefusal.has(api.name)) firstRefusal.set(api.name, Date.now());
      }
      await sleep(PROBE_EVERY_MS);
    }
  };
  const probing = Promise.all(apis.map(probe));
  let next = 0;
  return {
    pick(): ApiProcess {
      const live = apis.filter((api) => inRotation.has(api.name));
      next += 1;
      return live[next % live.length] ?? (apis[0] as ApiProcess);
    },
    /** Every readiness probe, when it started and what it got. */
    probes,
    /** When `name` first left the rotation. */
    refusedAt: (name: string) => firstRefusal.get(name),
    async stop() {
      stopped = true;
      await probing;
    },
  };
}

describe('graceful shutdown (decision 0047)', () => {
  let stack: Stack;
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;

  beforeAll(async () => {
    smtp = await startSlowSmtp();
    stack = await startStack({
      worker: false,
      env: {
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
        SMTP_URL: smtp.url,
        // Sized for the test's users: a busy machine must not turn pool waits into 500s.
        // Each instance opens up to twice this (Prisma's pool and the plain one, which
        // holds use since decision 0078): two instances stay well under PostgreSQL's 100
        // connections while other test files run beside this one.
        DATABASE_POOL_SIZE: '15',
      },
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
    await smtp?.close();
  });

  it('SIGTERM to an API under load: readiness 503 first, no failed request, sockets told to reconnect, in-flight work finished', async () => {
    const [a, b] = stack.apis as [ApiProcess, ApiProcess];
    const db = stack.database.db;
    const show = await createShow(db);
    // Holds spread over many tickets, as an on-sale's buyers spread over a show's tickets.
    const tickets = await Promise.all(
      Array.from({ length: 40 }, () => createTicket(db, show.id, { capacity: 10_000 })),
    );
    const lb = loadBalancer([a, b]);

    // A viewer's socket on A, as the SPA's: it reconnects through the load balancer.
    const socket = new WebSocket(`${a.url.replace('http', 'ws')}/realtime`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
      socket.once('close', (code, reason) =>
        resolve({ code, reason: reason.toString(), at: Date.now() }),
      ),
    );

    // A request that is still running when the listener closes: it waits for a lock.
    const locker = new pg.Client(pgConnectionFields(stack.database.url));
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    const slowStarted = Date.now();
    const slow = fetch(`${a.url}/cart/orders/teleton/?dpi=2345678901234`).then(async (res) => ({
      status: res.status,
      body: await res.text(),
      at: Date.now(),
    }));

    const attempts: Attempt[] = [];
    let sigtermAt = Number.POSITIVE_INFINITY;
    let loadOn = true;
    const call = async (n: number) => {
      const api = lb.pick();
      const attempt: Attempt = {
        instance: api.name,
        startedAt: Date.now(),
        endedAt: 0,
        status: null,
        error: null,
      };
      try {
        const res =
          n % 4 !== 0
            ? await fetch(`${api.url}/shows/${show.id}/tickets`)
            : await fetch(`${api.url}/cart/${randomUUID()}/items`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  'x-forwarded-for': `10.${n % 250}.${(n >> 8) % 250}.${(n >> 16) % 250}`,
                },
                body: JSON.stringify({
                  currency: 'GTQ',
                  items: [
                    { ticket_uid: tickets[n % tickets.length]?.id, show_uid: show.id, quantity: 1 },
                  ],
                }),
              });
        await res.arrayBuffer();
        attempt.status = res.status;
      } catch (err) {
        attempt.error = String((err as Error).cause ?? err);
      }
      attempt.endedAt = Date.now();
      attempts.push(attempt);
    };
    let counter = 0;
    const users = Array.from({ length: VIRTUAL_USERS }, async () => {
      while (loadOn) {
        await call((counter += 1));
        await sleep(30);
      }
    });

    await sleep(3_000);
    sigtermAt = Date.now();
    const exited = a.stop('SIGTERM');
    await a.waitForLine((line) => (messageOf(line) ?? '').includes('listener closing'), 15_000);
    // The listener is closed while the slow request still runs: new connections are refused.
    await expect
      .poll(
        () =>
          fetch(`${a.url}/health/live`).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000, interval: 50 },
      )
      .toBe('refused');
    const refusedAt = Date.now();
    await locker.query('COMMIT');
    await locker.end();
    const slowAnswer = await slow;
    const exit = await exited;
    const exitAt = Date.now();
    await sleep(300);
    loadOn = false;
    await Promise.all(users);
    await lb.stop();

    // The SPA's client reconnects after a pause; the balancer sends it to B.
    const notice = await closed;
    const again = new WebSocket(`${b.url.replace('http', 'ws')}/realtime`);
    await new Promise((resolve, reject) => again.once('open', resolve).once('error', reject));
    again.send(JSON.stringify({ action: 'ping' }));
    const pong = await new Promise<string>((resolve) =>
      again.once('message', (raw) => resolve(String(raw))),
    );
    again.close();

    const before = attempts.filter((x) => x.startedAt < sigtermAt);
    const after = attempts.filter((x) => x.startedAt >= sigtermAt);
    const toA = after.filter((x) => x.instance === 'a');
    console.log(
      `[graceful-shutdown] ${attempts.length} requests by ${VIRTUAL_USERS} users; ` +
        `${before.length} before SIGTERM (${before.filter(failed).length} failed), ` +
        `${after.length} after (${toA.length} still sent to A while it drained, ` +
        `${after.filter(failed).length} failed: sent to A before the balancer saw its 503); ` +
        `A out of the balancer after ` +
        `${(lb.refusedAt('a') ?? NaN) - sigtermAt} ms; listener closed after ` +
        `${refusedAt - sigtermAt} ms; exit after ${exitAt - sigtermAt} ms; the slow request ` +
        `took ${slowAnswer.at - slowStarted} ms`,
    );
    const summary = (list: Attempt[]) => {
      const counts = new Map<string, number>();
      for (const x of list.filter(failed)) {
        const key = `${x.instance} ${x.status} ${x.error}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([key, n]) => `${key}: ${n}`);
    };
    console.log('[graceful-shutdown] failures', summary(before), summary(after));
    expect(before.length).toBeGreaterThan(VIRTUAL_USERS);
    expect(before.filter(failed)).toEqual([]);
    expect(before.filter((x) => x.status !== 200)).toEqual([]);
    // B served everything sent to it, including what the balancer moved away from A.
    expect(after.filter((x) => x.instance === 'b' && failed(x))).toEqual([]);
    expect(after.filter((x) => x.instance === 'b').length).toBeGreaterThan(0);
    // From SIGTERM on, A's readiness never said 200 again, and it said 503 while A still
    // answered: a balancer that asked was told to stop sending.
    const probesOfA = lb.probes.filter((p) => p.instance === 'a' && p.startedAt > sigtermAt);
    expect(probesOfA.filter((p) => p.status === 200)).toEqual([]);
    expect(probesOfA.some((p) => p.status === 503)).toBe(true);

    expect(notice).toMatchObject({
      code: 1012,
      reason: 'El servidor se reinicia; vuelve a conectarte',
    });
    expect(notice.at).toBeGreaterThanOrEqual(sigtermAt + DRAIN_SECONDS * 1000 - 50);
    expect(JSON.parse(pong)).toEqual({ type: 'pong' });

    // The request in flight across the close got its answer, then the process ended cleanly.
    expect(slowAnswer.status, slowAnswer.body).toBe(200);
    expect(slowAnswer.at).toBeGreaterThan(refusedAt);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(a.lines.map(messageOf)).toContain('shut down');
  }, 60_000);
});
