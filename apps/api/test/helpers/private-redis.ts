import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

/**
 * A Redis server of the test's own (redis-server on a free port, no
 * persistence), for fault tests that FLUSHALL or stop it: the machine's shared
 * Redis serves every other test running at the same time and is never touched.
 */
export interface PrivateRedis {
  url: string;
  port: number;
  /** FLUSHALL on this server only. */
  flushAll(): Promise<void>;
  /** Keys in the server (every namespace). */
  keyCount(): Promise<number>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPing(url: string, child: ChildProcess, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      // not listening yet
    } finally {
      client.disconnect();
    }
    if (Date.now() > deadline) throw new Error('redis-server did not answer PING');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitForPing(url, child);
  const admin = new Redis(url, { maxRetriesPerRequest: 1 });
  return {
    url,
    port,
    async flushAll() {
      await admin.flushall();
    },
    keyCount: () => admin.dbsize(),
    async stop() {
      admin.disconnect();
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
