import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bullConnection } from '../../src/infra/queues.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

/** infra/healthcheck.mjs: the app image's HEALTHCHECK (api) and Compose's worker check. */
const run = promisify(execFile);
const API_DIR = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.resolve(API_DIR, '../../infra/healthcheck.mjs');

async function healthcheck(mode: string, env: Record<string, string>): Promise<number> {
  try {
    await run(process.execPath, [SCRIPT, mode], {
      env: { PATH: process.env.PATH ?? '', TAQUILLA_API_DIR: API_DIR, ...env },
      timeout: 15_000,
    });
    return 0;
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
}

describe('infra/healthcheck.mjs api', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('is healthy while the API answers /health/live on PORT', async () => {
    expect(await healthcheck('api', { PORT: String(port) })).toBe(0);
  });

  it('is unhealthy when nothing answers on PORT', async () => {
    await t.app.close();
    expect(await healthcheck('api', { PORT: String(port) })).toBe(1);
  });
});

describe('infra/healthcheck.mjs worker', () => {
  const redisUrl = inject('redisUrl');
  const namespace = `infra-hc-${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL: redisUrl, REDIS_NAMESPACE: namespace };

  it('is healthy while a worker of the namespace listens on the mail queue, unhealthy after', async () => {
    expect(await healthcheck('worker', env)).toBe(1);
    const worker = new Worker('mail', async () => undefined, {
      connection: bullConnection(redisUrl),
      prefix: namespace,
    });
    try {
      await worker.waitUntilReady();
      expect(await healthcheck('worker', env)).toBe(0);
      // Another deployment's namespace does not count.
      expect(await healthcheck('worker', { ...env, REDIS_NAMESPACE: `${namespace}-other` })).toBe(
        1,
      );
    } finally {
      await worker.close();
    }
    expect(await healthcheck('worker', env)).toBe(1);
  });

  it('derives the namespace from the database name as the API does', async () => {
    const worker = new Worker('mail', async () => undefined, {
      connection: bullConnection(redisUrl),
      prefix: `taquilla:${namespace}`,
    });
    try {
      await worker.waitUntilReady();
      const derived = {
        REDIS_URL: redisUrl,
        DATABASE_URL: `postgresql://u@127.0.0.1:5432/${namespace}`,
      };
      expect(await healthcheck('worker', derived)).toBe(0);
    } finally {
      await worker.close();
    }
  });

  it('is unhealthy when Redis cannot be reached', async () => {
    expect(
      await healthcheck('worker', { REDIS_URL: 'redis://127.0.0.1:1', REDIS_NAMESPACE: namespace }),
    ).toBe(1);
  });
});
